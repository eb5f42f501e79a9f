import { expect } from 'chai';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { join, type Member } from './fixtures.ts';

// Exclusive Fan Drops in Chromium (issue 26 point 6): a collectible's Claim works for the artist's
// subscribers and gives them a number once; others are told what to do instead of a dead button.
// Needs the built site (npx astro build).

describe('catalog: claiming collectibles in the browser', function () {
  this.timeout(60_000);
  const suite = browserSuite();
  let artist: Member;
  let fan: Member;
  let nft: number;

  const signInAs = async (page: Page, member: Member) => {
    const res = await page.request.post('/api/auth/login', {
      data: { username: member.user.username, password: 'secret123' },
    });
    expect(res.status()).to.equal(200);
  };
  const card = (page: Page) => page.locator(`[data-exclusive-id="${nft}"]`).first();

  before(async () => {
    artist = await join(suite.server, 'minter', true);
    fan = await join(suite.server, 'collector');
    const knex = suite.server.app.kernel.knex;
    const add = (type: string, title: string, total: number | null, duration: number | null) =>
      knex('exclusives').insert({
        artistId: artist.artist!.id,
        type,
        title,
        description: 'For the fans',
        remaining: total,
        totalAvailable: total,
        duration,
        createdAt: Date.now(),
      });
    await add('unreleased-track', 'Demo Take', null, 120);
    [nft] = await add('NFT', 'Minter Token', 5, null);
    suite.server.app.kernel.cache.invalidate();
  });

  it('asks a visitor to log in and a fan who does not subscribe to subscribe (1366px)', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/');
    expect(await card(page).getByRole('link', { name: 'Log in to claim' }).getAttribute('href')).to.equal(
      '/login?next=%2F',
    );
    expect(await card(page).textContent()).to.contain('5 of 5 left');
    // No action that does nothing: the unreleased track has no button at all.
    expect(await page.locator('[data-exclusive-type="unreleased-track"] button').count()).to.equal(0);
    expect(await page.getByText('Coming soon').count()).to.equal(0);
    await signInAs(page, fan);
    await page.goto('/');
    expect(await card(page).getByTestId('claim-note').textContent()).to.equal(
      'Subscribe to minter name to claim their collectibles',
    );
    expect(await card(page).getByRole('button').count()).to.equal(0);
    await page.locator('#exclusives-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'exclusives-not-subscribed-1366.png') });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  for (const { viewport, where, username, number, left } of [
    { viewport: { width: 1366, height: 900 }, where: 'home', username: 'collector', number: 1, left: 4 },
    { viewport: { width: 375, height: 812 }, where: 'artist', username: 'second', number: 2, left: 3 },
  ]) {
    it(`lets a subscriber claim once from the ${where} page, the stock going down (${viewport.width}px)`, async () => {
      const member = username === fan.user.username ? fan : await join(suite.server, username);
      expect((await member.client.post('/api/subscriptions', { artistId: artist.artist!.id })).status).to.equal(201);
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await signInAs(page, member);
      const url = where === 'home' ? '/' : `/artist/${artist.artist!.id}`;
      const open = async () => {
        await page.goto(url);
        if (where === 'artist') await page.getByRole('tab', { name: 'Exclusives' }).click();
        await card(page).scrollIntoViewIfNeeded();
      };
      await open();
      await page.screenshot({ path: path.join(SHOTS_DIR, `exclusives-claim-${viewport.width}.png`) });
      await card(page).getByRole('button', { name: 'Claim Minter Token' }).click();
      await card(page).getByTestId('exclusive-claimed').waitFor();
      expect(await card(page).getByTestId('exclusive-claimed').textContent()).to.equal(`Yours: #${number}`);
      expect(await card(page).getByTestId('exclusive-stock').textContent()).to.equal(`${left} of 5 left`);
      await page.screenshot({ path: path.join(SHOTS_DIR, `exclusives-claimed-${viewport.width}.png`) });
      // After a reload: still theirs, no second Claim.
      await open();
      expect(await card(page).getByTestId('exclusive-claimed').textContent()).to.equal(`Yours: #${number}`);
      expect(await card(page).getByRole('button', { name: /Claim/ }).count()).to.equal(0);
      expect(errors).to.deep.equal([]);
      await page.context().close();
      // Everyone sees the stock go down.
      const visitor = await openPage(suite.browser, suite.server.url, { viewport });
      await visitor.page.goto('/');
      expect(await card(visitor.page).textContent()).to.contain(`${left} of 5 left`);
      await visitor.page.context().close();
    });
  }
});
