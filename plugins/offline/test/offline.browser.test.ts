import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import { CHROMIUM, CHROMIUM_ARGS, openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { CACHES, KEPT_PREFIX } from '../names.ts';

const SHOTS = path.join(SHOTS_DIR, 'offline');
mkdirSync(SHOTS, { recursive: true });

/** Waits until the service worker is active and controls the page (it claims open pages at once). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30_000 });
}

/** Paths of what a Cache Storage cache holds (empty when there is no such cache). */
function cachedPaths(page: Page, name: string): Promise<string[]> {
  return page.evaluate(async (cacheName) => {
    if (!(await caches.has(cacheName))) return [];
    return (await (await caches.open(cacheName)).keys()).map(
      (request) => new URL(request.url).pathname + new URL(request.url).search,
    );
  }, name);
}

/** Opens a page online once the worker controls the browser, so it goes through it and is kept. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** Plays the first drop on Discover, keeps it offline from the queue, and answers its title and audio URL. */
async function keepFirstDrop(page: Page): Promise<{ title: string; audioUrl: string }> {
  await visit(page, '/discover');
  const title = (await page.locator('.track-card-title').first().textContent())!.trim();
  await page.locator('.track-card .play-button').first().click();
  const player = page.getByRole('region', { name: 'Player' });
  await player.locator('.player-title', { hasText: title }).waitFor();
  await player.getByRole('button', { name: 'Queue' }).click();
  await page.getByRole('button', { name: `Keep ${title} offline` }).click();
  await toastSaying(page, 'Kept offline');
  await page.getByRole('button', { name: `Kept offline: ${title}. Remove from this device` }).waitFor();
  const audioUrl = await page.evaluate(() => new URL(document.querySelector('audio')!.src).pathname);
  return { title, audioUrl };
}

describe('the installable app offline (plugins/offline)', function () {
  this.timeout(180_000);
  const suite = demoBrowserSuite();

  it('is installable by Chromium: a manifest with icons and a service worker that controls the page', async () => {
    // A profile of its own: Chromium offers no install in an incognito context (what newContext makes).
    const profile = mkdtempSync(path.join(tmpdir(), 'onetrack-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: suite.server.url,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await visit(page, '/');
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors.map((e) => e.errorId)).to.deep.equal([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.errors).to.deep.equal([]);
    const data = JSON.parse(manifest.data!) as {
      name: string;
      display: string;
      icons: Array<{ sizes: string; src: string }>;
    };
    expect(data.name).to.equal('OneTrack');
    expect(data.display).to.equal('standalone');
    expect(data.icons.map((i) => i.sizes)).to.include.members(['192x192', '512x512']);
    for (const icon of data.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).to.equal(200);
      expect(res.headers()['content-type']).to.equal('image/png');
    }
    // The shell is precached: the theme and the page scripts come from the worker's cache.
    const precached = (await page.evaluate(async () =>
      (await caches.keys()).filter((n) => n.includes('precache')),
    )) as string[];
    expect(precached).to.have.length(1);
    expect((await cachedPaths(page, precached[0])).some((p) => /^\/_astro\/theme\./.test(p))).to.equal(true);
    expect(await cachedPaths(page, CACHES.shell)).to.deep.equal(['/offline']);
    expect(errors).to.deep.equal([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('opens the pages visited recently offline with the offline banner, and the offline page for others', async () => {
    for (const [width, height] of [
      [1366, 900],
      [375, 812],
    ]) {
      const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width, height } });
      // The first page loaded before the worker: kept once it controls the page.
      await visit(page, '/search?q=harbor');
      await controlled(page);
      await page.waitForFunction(
        async (name) => (await caches.open(name).then((c) => c.match('/search?q=harbor'))) !== undefined,
        CACHES.pages,
      );
      await visit(page, '/discover');
      await visit(page, `/artist/${suite.nova.id}`);
      expect(await cachedPaths(page, CACHES.pages)).to.include.members([
        '/search?q=harbor',
        '/discover',
        `/artist/${suite.nova.id}`,
      ]);
      const banner = page.locator('#offline-banner');
      expect(await banner.isVisible()).to.equal(false);

      await page.context().setOffline(true);
      await banner.waitFor({ state: 'visible' });
      // A full load of a page seen before, from the worker's copy.
      await page.goto('/discover');
      await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
      await banner.waitFor({ state: 'visible' });
      await page.screenshot({ path: path.join(SHOTS, `offline-discover-${width}x${height}.png`) });
      // Through the client router as well (its fetch of the next page goes to the worker).
      await hydrated(page);
      await page.getByRole('link', { name: 'Nova Harbor' }).first().click();
      await page.waitForURL(`${suite.server.url}/artist/${suite.nova.id}`);
      await page.getByRole('heading', { name: 'Nova Harbor', level: 1 }).waitFor();
      await banner.waitFor({ state: 'visible' });
      await page.goto('/search?q=harbor');
      await page.locator('.track-card-artist', { hasText: 'Nova Harbor' }).first().waitFor();
      // A page never opened here: the offline page, with what still works.
      await page.goto('/search?q=never-visited');
      await page.getByRole('heading', { name: 'Offline', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Offline tracks' }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `offline-page-${width}x${height}.png`) });

      await page.context().setOffline(false);
      await page.goto('/search?q=harbor');
      await banner.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });

  it(
    'keeps a track of the queue offline: it plays and seeks without a network, and ' + 'Settings lists and removes it',
    async () => {
      const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
      await visit(page, '/');
      await controlled(page);
      const { title, audioUrl } = await keepFirstDrop(page);
      await page.screenshot({ path: path.join(SHOTS, 'queue-kept-1366x900.png') });
      const kept = await cachedPaths(page, CACHES.tracks);
      expect(kept).to.include(audioUrl);
      expect(kept.filter((p) => p.startsWith(KEPT_PREFIX))).to.have.length(1);
      await page.getByRole('button', { name: 'Pause' }).first().click();

      await page.context().setOffline(true);
      // A reload without a network: the page from the worker, the player back on the kept track.
      await page.goto('/discover');
      await hydrated(page);
      const player = page.getByRole('region', { name: 'Player' });
      await player.locator('.player-title', { hasText: title }).waitFor();
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      const audio = page.locator('audio');
      await page.waitForFunction(() => document.querySelector('audio')!.currentTime > 1, null, { timeout: 20_000 });
      // Seeking asks for a byte range, cut from the kept file by the worker.
      const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
      const target = Math.min(20, duration - 4);
      await audio.evaluate((a: HTMLAudioElement, at: number) => (a.currentTime = at), target);
      await page.waitForFunction(
        (at) => {
          const a = document.querySelector('audio')!;
          return !a.paused && a.currentTime > at + 1 && !a.error;
        },
        target,
        { timeout: 20_000 },
      );
      const played = await page.evaluate(() => {
        const ranges = document.querySelector('audio')!.played;
        return Array.from({ length: ranges.length }, (_, i) => [ranges.start(i), ranges.end(i)]);
      });
      expect(played.some(([start]) => start >= target - 0.5)).to.equal(true);
      await player.getByRole('button', { name: 'Pause' }).click();
      await page.context().setOffline(false);

      for (const [width, height] of [
        [1366, 900],
        [375, 812],
      ]) {
        await page.setViewportSize({ width, height });
        await visit(page, '/profile');
        const row = page.getByTestId('offline-track').filter({ hasText: title });
        await row.waitFor();
        expect(await row.locator('.offline-size').textContent()).to.match(/^\d+(\.\d)? (MB|kB)$/);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.screenshot({ path: path.join(SHOTS, `settings-offline-${width}x${height}.png`) });
      }
      await page.getByRole('button', { name: `Remove ${title} from this device` }).click();
      await toastSaying(page, 'Removed from this device');
      await page.getByText('No tracks kept offline yet').waitFor();
      expect(await cachedPaths(page, CACHES.tracks)).to.deep.equal([]);
      await page.context().close();
    },
  );

  it(
    'keeps nothing of a signed-in viewer for the next: logout and another ' + "account's sign-in drop pages and tracks",
    async () => {
      const { page } = await openPage(suite.browser, suite.server.url);
      await signIn(page);
      await visit(page, '/');
      await controlled(page);
      await visit(page, '/profile');
      await keepFirstDrop(page);
      expect(await cachedPaths(page, CACHES.pages)).to.include('/profile');
      expect(await cachedPaths(page, CACHES.tracks)).to.not.deep.equal([]);

      // Signing out (the /logout page signs out, then renders / afresh): both private caches go.
      await page.goto('/logout');
      await page.waitForURL(`${suite.server.url}/`);
      await hydrated(page);
      await page.waitForFunction(async (name) => !(await caches.has(name)), CACHES.tracks);
      expect(await cachedPaths(page, CACHES.pages)).to.not.include('/profile');
      await page.context().setOffline(true);
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Offline', level: 1 }).waitFor();
      await page.context().setOffline(false);

      // Another account signs in where the first one's session simply ended (no logout): the same.
      await signIn(page);
      await visit(page, '/profile');
      await page.context().clearCookies();
      await signIn(page, 'novaharbor');
      await visit(page, '/discover');
      await page.waitForFunction(async () => !(await caches.match('/profile')), null, { timeout: 10_000 });
      expect(await cachedPaths(page, CACHES.pages)).to.deep.equal(['/discover']);
      await page.context().close();
    },
  );
});
