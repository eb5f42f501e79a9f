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
    return (await (await caches.open(cacheName)).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, name);
}

/** Opens a page online once the worker controls the browser, so it goes through it and is kept. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

describe('the installable app offline (plugins/offline)', function () {
  this.timeout(180_000);
  const suite = demoBrowserSuite();

  it('is installable by Chromium: a manifest with icons and a service worker that controls the page', async () => {
    // A profile of its own: Chromium offers no install in an incognito context (what newContext makes).
    const profile = mkdtempSync(path.join(tmpdir(), 'onetrack-install-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, baseURL: suite.server.url });
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await visit(page, '/');
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors.map((e) => e.errorId)).to.deep.equal([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.errors).to.deep.equal([]);
    const data = JSON.parse(manifest.data!) as { name: string; display: string; icons: Array<{ sizes: string; src: string }> };
    expect(data.name).to.equal('OneTrack');
    expect(data.display).to.equal('standalone');
    expect(data.icons.map((i) => i.sizes)).to.include.members(['192x192', '512x512']);
    for (const icon of data.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).to.equal(200);
      expect(res.headers()['content-type']).to.equal('image/png');
    }
    // The shell is precached: the theme and the page scripts come from the worker's cache.
    const precached = (await page.evaluate(async () => (await caches.keys()).filter((n) => n.includes('precache')))) as string[];
    expect(precached).to.have.length(1);
    expect((await cachedPaths(page, precached[0])).some((p) => /^\/_astro\/theme\./.test(p))).to.equal(true);
    expect(await cachedPaths(page, CACHES.shell)).to.deep.equal(['/offline']);
    expect(errors).to.deep.equal([]);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('opens the pages visited recently offline with the offline banner, and the offline page for others', async () => {
    for (const [width, height] of [[1366, 900], [375, 812]]) {
      const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width, height } });
      await visit(page, '/');
      await controlled(page);
      await visit(page, '/discover');
      await visit(page, `/artist/${suite.nova.id}`);
      expect(await cachedPaths(page, CACHES.pages)).to.include.members(['/discover', `/artist/${suite.nova.id}`]);
      const banner = page.locator('#offline-banner');
      expect(await banner.isVisible()).to.equal(false);

      await page.context().setOffline(true);
      await banner.waitFor({ state: 'visible' });
      // A full load of a page seen before, from the worker's copy.
      await page.goto('/discover');
      await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
      await banner.waitFor({ state: 'visible' });
      await page.screenshot({ path: path.join(SHOTS, `offline-discover-${width}x${height}.png`) });
      // Through the client router as well.
      await page.goto(`/artist/${suite.nova.id}`);
      await page.getByRole('heading', { name: 'Nova Harbor', level: 1 }).waitFor();
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
});
