import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { sine, wavBytes } from '../../../media-worker/analysis/test/signals.ts';
import { browserSuite, openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { join, testVideo, type Member } from './fixtures.ts';

// Issue 44 point 4 in Chromium: an artist creates an unreleased track on their own page (its file
// through the media worker), and a subscriber presses Listen and hears it in the site's player, or
// Watch and sees a behind-the-scenes video in a dialog.
// Needs the built site (npm run build).

describe('catalog: creating and playing exclusives in the browser', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let artist: Member;
  let fan: Member;
  let dir: string;

  const signInAs = async (page: Page, member: Member) => {
    const res = await page.request.post('/api/auth/login', {
      data: { username: member.user.username, password: 'secret123' },
    });
    expect(res.status()).to.equal(200);
  };
  const exclusivesTab = async (page: Page) => {
    await page.goto(`/artist/${artist.artist!.id}`);
    await page.getByRole('tab', { name: 'Exclusives' }).click();
  };

  before(async () => {
    artist = await join(suite.server, 'studio', true);
    fan = await join(suite.server, 'earlybird');
    expect((await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id })).status).to.equal(201);
    dir = await mkdtemp(path.join(os.tmpdir(), 'exclusive-browser-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1366, height: 900 },
  ]) {
    it(
      `lets the artist create an unreleased track, which a subscriber listens to in ` +
        `the player (${viewport.width}px)`,
      async () => {
        const title = `Demo ${viewport.width}`;
        const file = path.join(dir, `demo-${viewport.width}.wav`);
        await writeFile(file, wavBytes(sine(330, -18, 3)));

        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
        await signInAs(page, artist);
        await exclusivesTab(page);
        await page.getByTestId('exclusive-create-open').click();
        await page.getByLabel('Title').fill(title);
        await page.getByLabel('Description').fill('A rough mix for the first listeners');
        // Without a file the form says so beneath the field and sends nothing.
        await page.getByRole('button', { name: 'Create exclusive' }).click();
        expect(await page.locator('#exclusive-file-error').textContent()).to.equal('Please choose a file');
        await page.getByLabel('Audio file (WAV or FLAC, up to 100 MB)').setInputFiles(file);
        await page.screenshot({ path: path.join(SHOTS_DIR, `exclusive-create-${viewport.width}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Create exclusive' }).click();
        // The page is read again, open on its Exclusives tab, with the new card and where its file is.
        const card = page.locator('.exclusive-card', { hasText: title });
        await card.getByTestId('exclusive-status').filter({ hasText: 'Processing' }).waitFor();
        expect(await page.getByRole('tab', { name: 'Exclusives' }).getAttribute('aria-selected')).to.equal('true');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS_DIR, `exclusive-processing-${viewport.width}.png`) });
        expect(errors).to.deep.equal([]);
        await page.context().close();

        await createRunner(suite.server.app.kernel, jobHandlers(suite.server.app.plugins)).drain();

        const listener = await openPage(suite.browser, suite.server.url, { viewport });
        await signInAs(listener.page, fan);
        await exclusivesTab(listener.page);
        const fanCard = listener.page.locator('.exclusive-card', { hasText: title });
        await fanCard.getByRole('button', { name: `Listen to ${title}` }).click();
        await listener.page.waitForFunction(() => {
          const a = document.querySelector('audio');
          return !!a && !a.paused && a.src.includes('/api/exclusives/') && a.currentTime > 0.2;
        });
        expect(await listener.page.locator('.player-title').textContent()).to.equal(title);
        // No like for what is not a catalog track.
        expect(await listener.page.locator('.player-like').count()).to.equal(0);
        await listener.page.screenshot({ path: path.join(SHOTS_DIR, `exclusive-listen-${viewport.width}.png`) });
        expect(listener.errors).to.deep.equal([]);
        await listener.page.context().close();
      },
    );
  }

  it('tells a signed-in fan who does not subscribe how to open it, and the file refuses them', async () => {
    const outsider = await join(suite.server, 'passerby');
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await signInAs(page, outsider);
    await exclusivesTab(page);
    const card = page.locator('.exclusive-card', { hasText: 'Demo 1366' });
    expect(await card.getByTestId('media-note').textContent()).to.equal(
      'Subscribe to studio name to open their exclusives',
    );
    expect(await card.getByRole('button').count()).to.equal(0);
    const id = await card.getAttribute('data-exclusive-id');
    expect((await page.request.get(`/api/exclusives/${id}/media`)).status()).to.equal(403);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'exclusive-not-subscribed-1366.png') });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it(
    'lets a subscriber watch a behind-the-scenes video in a dialog, from its ' + 'private address (375px, 1366px)',
    async () => {
      const created = await artist.client.post('/api/exclusives', { type: 'behind-the-scenes', title: 'Studio day' });
      const put = await artist.client.put(`/api/exclusives/${created.body.id}/media`, await testVideo(), {
        'Content-Type': 'application/octet-stream',
      });
      expect(put.status, put.text).to.equal(200);
      await createRunner(suite.server.app.kernel, jobHandlers(suite.server.app.plugins)).drain();
      for (const viewport of [
        { width: 375, height: 812 },
        { width: 1366, height: 900 },
      ]) {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
        await signInAs(page, fan);
        await exclusivesTab(page);
        await page.getByRole('button', { name: 'Watch Studio day' }).click();
        const dialog = page.getByRole('dialog', { name: 'Studio day' });
        await dialog.waitFor();
        const video = dialog.getByTestId('exclusive-video');
        expect(await video.getAttribute('src')).to.equal(`/api/exclusives/${created.body.id}/media`);
        await page.waitForFunction(
          () => (document.querySelector('video.exclusive-video') as HTMLVideoElement)?.readyState >= 2,
        );
        await page.screenshot({ path: path.join(SHOTS_DIR, `exclusive-watch-${viewport.width}.png`) });
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        await dialog.waitFor({ state: 'detached' });
        expect(errors).to.deep.equal([]);
        await page.context().close();
      }
    },
  );
});
