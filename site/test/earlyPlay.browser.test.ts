import { expect } from 'chai';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { demoBrowserSuite } from '../../plugins/accounts/test/browser.ts';
import path from 'node:path';
import { CHROMIUM, holdUntilReleased, openPage, REACT_CHUNK, SHOTS_DIR } from './browser.ts';

// Issue 26 point 11: "Play Featured Drops" pressed while the page is still starting on a loaded
// machine (CPU throttled through CDP) loaded the drop and sat paused at 0:00. The press must start
// playback once the player is ready, or, where the browser wants a fresh gesture by then, the
// player says "Tap to play", and a tap plays.

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
    return { paused: audio?.paused ?? true, time: audio?.currentTime ?? 0 };
  });

/** Slows the page's CPU `rate` times (the CDP session stays open: detached, it drops the setting). */
async function throttle(page: Page, rate: number) {
  const cdp = (sessions.get(page) ?? sessions.set(page, await page.context().newCDPSession(page)).get(page))!;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
const sessions = new WeakMap<Page, CDPSession>();

/**
 * Presses Play Featured Drops on a home page whose islands cannot hydrate until `release` is called, on a CPU slowed
 * `rate` times.
 */
async function pressEarly(page: Page, rate: number) {
  await throttle(page, rate);
  const release = await holdUntilReleased(page, REACT_CHUNK);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Play Featured Drops' }).click();
  return release;
}

describe('a play pressed while the page is still starting', function () {
  this.timeout(180_000);
  const suite = demoBrowserSuite();

  it('starts playback once the player is ready, on a CPU slowed 6 times', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    const release = await pressEarly(page, 6);
    await page.waitForTimeout(1500);
    release();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
        return audio && !audio.paused && audio.currentTime > 0.3;
      },
      undefined,
      { timeout: 60_000 },
    );
    await page.context().close();
  });

  describe('where the browser plays only right after a gesture', () => {
    let strict: Browser;
    before(async () => {
      strict = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=user-gesture-required'],
      });
    });
    after(() => strict?.close());

    it('plays once ready or says "Tap to play" (never sits silently paused), and a tap plays', async () => {
      const { page } = await openPage(strict, suite.server.url);
      const release = await pressEarly(page, 6);
      // Long enough for the press's activation to lapse before the player is there.
      await page.waitForTimeout(6000);
      release();
      const tap = page.locator('.player-bar .player-tap');
      // Counted from here: Playwright's waits inside the page starve on the throttled CPU.
      let outcome: 'tap' | 'playing' | null = null;
      for (let waited = 0; !outcome; waited += 500) {
        if (waited > 60_000)
          throw new Error(`neither playing nor "Tap to play" after 60 s: ${JSON.stringify(await audioState(page))}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
        const state = await audioState(page);
        outcome = (await tap.count()) > 0 ? 'tap' : !state.paused && state.time > 0.3 ? 'playing' : null;
      }
      await throttle(page, 1);
      if (outcome === 'tap') {
        expect(await tap.textContent()).to.equal(' Tap to play');
        expect((await audioState(page)).paused).to.equal(true);
        await page.screenshot({ path: path.join(SHOTS_DIR, 'player-tap-to-play-1280.png') });
        await tap.click();
        await page.waitForFunction(
          () => {
            const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
            return audio && !audio.paused && audio.currentTime > 0.3;
          },
          undefined,
          { timeout: 30_000 },
        );
        expect(await tap.count()).to.equal(0);
      }
      await page.context().close();
    });
  });
});
