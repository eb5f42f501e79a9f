import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { hydrated } from '../../accounts/test/browser.ts';
import { signUp } from '../../accounts/test/fixtures.ts';
import { releaseForm, uploadAudio, uploadImage } from '../../releases/test/fixtures.ts';

// One journey: a fan comments at the moment the player is at; the artist finds the notification,
// opens the comments and pins it; another fan reports it (moderation's dialog in the comment's
// slot); the artist hides it and it is gone for everyone, along the waveform too.

async function signedIn(browser: Browser, url: string, username: string): Promise<Page> {
  const { page } = await openPage(browser, url);
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'secret123' } });
  expect(res.status()).to.equal(200);
  return page;
}

describe('comments in the browser', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('comment at a moment → the artist’s notification → pin → a report → hide', async () => {
    const { server, browser } = suite;
    const artist = await signUp(server, 'drummer', { artist: true });
    await signUp(server, 'ana');
    await signUp(server, 'ben');
    const audio = await uploadAudio(artist.client);
    const created = await artist.client.post(
      '/api/tracks',
      releaseForm(audio.url, await uploadImage(artist.client), { title: 'Snare Talk' }),
    );
    expect(created.status, created.text).to.equal(201);
    const trackId = created.body.id;

    // Ana plays, stops at about 0:01 and comments there.
    const ana = await signedIn(browser, server.url, 'ana');
    await ana.goto(`/tracks/${trackId}`);
    await hydrated(ana);
    await ana.getByTestId('track-comments').getByText('No comments yet').waitFor();
    await ana.evaluate(() => {
      document.querySelector<HTMLAudioElement>('[data-testid=player-audio]')!.muted = true;
    });
    await ana.locator('.play-button-wide').click();
    await ana.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid=player-audio]')!.currentTime > 1.2,
    );
    await ana.getByRole('button', { name: 'Pause', exact: true }).first().click();
    await ana.getByLabel(/^Your comment at 0:01/).fill('That snare roll!');
    await ana.getByRole('button', { name: 'Comment at 0:01' }).click();
    const comment = ana.getByTestId('comment').filter({ hasText: 'That snare roll!' });
    await comment.waitFor();
    // The heading counts it at once, as the list does.
    expect(await ana.locator('#track-comments').textContent()).to.match(/Comments\s+1 comment$/);
    await ana
      .getByTestId('comment-strip')
      .getByRole('button', { name: /Play from 0:01: Ana/ })
      .waitFor();

    // The artist's bell: one notification for the track's comments, leading to them; they pin it.
    const drummer = await signedIn(browser, server.url, 'drummer');
    await drummer.goto('/notifications');
    await hydrated(drummer);
    const note = drummer.getByRole('link', { name: /New comments on Snare Talk/ });
    await note.waitFor();
    await note.click();
    await drummer.waitForURL(new RegExp(`/tracks/${trackId}#comments$`));
    await hydrated(drummer);
    const mine = drummer.getByTestId('comment').filter({ hasText: 'That snare roll!' });
    await mine.getByRole('button', { name: 'Pin' }).click();
    await mine.getByText('Pinned by the artist').waitFor();

    // Ben reports it through moderation's dialog.
    const ben = await signedIn(browser, server.url, 'ben');
    await ben.goto(`/tracks/${trackId}`);
    await hydrated(ben);
    const seen = ben.getByTestId('comment').filter({ hasText: 'That snare roll!' });
    await seen.getByText('Pinned by the artist').waitFor();
    await seen.getByRole('button', { name: 'Report' }).click();
    const dialog = ben.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByLabel('Spam or scam').check();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await ben.getByTestId('toast').filter({ hasText: 'Report sent' }).waitFor();
    const reports = await server.app.kernel.knex('reports').where({ targetType: 'comment' });
    expect(reports).to.have.length(1);

    // The artist hides it: gone from their page at once, and from Ben's on the next view.
    await mine.getByRole('button', { name: 'Hide' }).click();
    await mine.waitFor({ state: 'detached' });
    await ben.reload();
    await hydrated(ben);
    await ben.getByTestId('track-comments').getByText('No comments yet').waitFor();
    expect(await ben.getByTestId('comment-strip').count()).to.equal(0);
    for (const page of [ana, drummer, ben]) await page.context().close();
  });
});
