import { expect } from 'chai';
import path from 'node:path';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';
import { openPage } from '../../../site/test/browser.ts';
import { JOB, releaseJobs } from '../../releases/jobs.ts';

// The track page as a fan and as its artist see it (issue 10 point 1): what it tells about the
// track, seeking in the persistent player by clicking the waveform (before its island hydrated too)
// and with the keyboard, and loudness figures for the artist only. The demo track goes through the real media jobs
// first.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SHOTS_DIR = process.env.SHOTS_DIR || path.join(ROOT, 'shots');

describe('track page (browser)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();
  let track: { id: number; title: string; duration: number };

  before(async () => {
    track = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body[0];
    const { kernel } = suite.server.app;
    // The jobs a seeded track is queued for (the worker does not run in tests): waveform, loudness, cover sizes.
    await releaseJobs[JOB.analyze]({ trackId: track.id }, kernel);
    await releaseJobs[JOB.cover]({ trackId: track.id }, kernel);
    kernel.cache.invalidate();
  });

  it('shows the track, its artist, release facts, credits and the artist’s other drops', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto(`/tracks/${track.id}`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).to.equal(track.title);
    const header = page.locator('.track-page');
    expect(await header.locator('.track-page-artist-link').textContent()).to.contain('Nova Harbor');
    expect(await header.locator('.track-page-artist-link img').getAttribute('src')).to.match(/novaharbor\.jpg$/);
    expect(await header.getByText('Verified artist').count()).to.equal(1);
    expect(await header.getByTestId('track-genre').textContent()).to.equal('Electronic');
    expect(await header.locator('.track-page-meta').textContent()).to.contain('0:24');
    expect(await header.getByTestId('track-stats').textContent()).to.match(/\d+ likes? · \d+ plays?/);
    expect(await header.locator('picture source[type="image/avif"]').getAttribute('srcset')).to.match(/300w.*600w/);
    expect(await page.locator('.track-description').textContent()).to.contain('Synth tides from a harbour town');
    const credits = page.locator('section[aria-labelledby="track-credits"]');
    expect(await credits.textContent())
      .to.contain('Primary Artist')
      .and.contain('Mastering Engineer')
      .and.contain('Songwriters');
    const details = await page.locator('section[aria-labelledby="track-details"]').textContent();
    expect(details)
      .to.match(/ISRC\s*QZDEM\d{7}/)
      .and.contain('Instrumental');
    const more = page.locator('section[aria-labelledby="more-from-artist"]');
    expect(await more.locator('h2').textContent()).to.equal('More from Nova Harbor');
    expect(await more.locator('.track-card').count()).to.be.greaterThan(0);
    expect(await more.locator('.track-card-title').allTextContents()).not.to.include(track.title);
    // Peaks measured by the worker, not the even placeholder: 160 bars, in one path while nothing played.
    const waveform = page.locator('[data-testid="waveform-seek"] svg');
    expect(await waveform.locator('*').count()).to.equal(1);
    expect((await waveform.locator('path').getAttribute('d'))!.match(/m/gi)).to.have.length(160);
    // A fan sees no loudness figures.
    expect(await page.getByTestId('loudness-advice').count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Support with Credits' }).count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Subscribe to Nova Harbor' }).count()).to.equal(1);
    await page.getByRole('button', { name: 'Embed' }).click();
    expect(await page.locator('#embed-code').inputValue()).to.contain(`/embed/tracks/${track.id}`);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'track-page-1366.png'), fullPage: true });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('seeks in the player by clicking the waveform and with the arrow keys', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto(`/tracks/${track.id}`);
    await hydrated(page);
    // Another track plays first: the click switches to this one and seeks in it.
    await page.locator('section[aria-labelledby="more-from-artist"] .play-button').first().click();
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    await hydrated(page); // the waveform hydrates with the player (client:demand="player")
    const slider = page.getByRole('slider', { name: `Seek in ${track.title}` });
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    const audio = page.locator('audio');
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.src.includes('novaharbor-1') && a.currentTime > 10;
    });
    const now = Number(await slider.getAttribute('aria-valuenow'));
    expect(now).to.be.within(10, 16);
    // The played bars (3 units each of the 480 wide box) are the path again, clipped to them.
    const played = Number(await slider.locator('clipPath rect').first().getAttribute('width'));
    expect(played / 480).to.be.within(0.4, 0.7);
    expect(await slider.locator('path.played').count()).to.equal(1);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.src)).to.contain('novaharbor-1');
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime < 3);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime >= 10);
    const afterKeys = Number(await slider.getAttribute('aria-valuenow'));
    expect(afterKeys).to.be.within(10, 16);
    expect(await slider.getAttribute('aria-valuetext')).to.match(/^0:1\d of 0:24$/);
    expect(errors.filter((e) => !e.includes('401'))).to.deep.equal([]);
    await page.context().close();
  });

  it('seeks where the waveform was pressed before it hydrated, starting the track', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await page.goto(`/tracks/${track.id}`);
    const slider = page.getByRole('slider', { name: `Seek in ${track.title}` });
    await slider.scrollIntoViewIfNeeded();
    // Nothing plays, so the waveform waits for a press (client:demand="player").
    expect(await page.locator('astro-island[demanded] [data-testid="waveform-seek"]').count()).to.equal(0);
    const box = (await slider.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    // The demo track is 24 s long: the press seeks to about 12 s, whatever hydration took.
    await page.waitForFunction(() => {
      const a = document.querySelector('audio');
      return !!a && !a.paused && a.src.includes('novaharbor-1') && a.currentTime > 9;
    });
    const time = await page.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime);
    expect(time / track.duration).to.be.within(0.4, 0.75);
    expect(Number(await slider.getAttribute('aria-valuenow'))).to.be.within(9, 18);
    // The queue is the page's tracks (this one, then the artist's other drops below), not this one alone.
    const more = await page.locator('section[aria-labelledby="more-from-artist"] .track-card-title').allTextContents();
    expect(more.length).to.be.greaterThan(0);
    const queue = await page.evaluate(
      () => JSON.parse(localStorage.getItem('onetrack.queue')!) as { tracks: { title: string }[]; index: number },
    );
    expect(queue.tracks.map((t) => t.title)).to.deep.equal([track.title, ...more]);
    expect(queue.index).to.equal(0);
    expect(errors.filter((e) => !e.includes('401'))).to.deep.equal([]);
    await page.context().close();
  });

  it('shows the loudness, as advice, to the track’s own artist', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await signIn(page, 'novaharbor');
    await page.goto(`/tracks/${track.id}`);
    await hydrated(page);
    const advice = await page.getByTestId('loudness-advice').textContent();
    expect(advice)
      .to.match(/LUFS/)
      .and.match(/The player (turns|raises)|plays as you mixed it|quieter than/);
    await page.screenshot({ path: path.join(SHOTS_DIR, 'track-page-artist-375.png'), fullPage: true });
    await page.context().close();
    const fan = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await signIn(fan.page);
    await fan.page.goto(`/tracks/${track.id}`);
    expect(await fan.page.getByTestId('loudness-advice').count()).to.equal(0);
    await fan.page.screenshot({ path: path.join(SHOTS_DIR, 'track-page-375.png'), fullPage: true });
    await fan.page.context().close();
  });
});
