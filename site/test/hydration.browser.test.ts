import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, openPage, REACT_CHUNK } from './browser.ts';
import { hydrated } from '../../plugins/accounts/test/browser.ts';

// The shell's and the artist and track pages' islands hydrate `client:demand`, when they have
// something to do (site/directives/demand.ts); the signed-in pollers `client:paint`, after the page's
// load and first paint; dialogs fetch their code on first open (site/lib/useDialogs.tsx). What a
// visitor does before hydration must work, and the client router must not swap a page under islands
// still hydrating.

/** Holds back the responses whose URL matches, so what the test does surely comes first. */
async function holdBack(page: Page, url: RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The page has loaded, and painted twice since: anything `client:paint` would have started has. */
async function loadedAndPainted(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('hydration after the first paint in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  for (const path of ['/artist/1', '/tracks/1']) {
    it(
      `fetches no React on ${path} for a reader who only reads, and hydrates on a ` + `Share click held meanwhile`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url);
        const scripts: string[] = [];
        page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
        await page.goto(path);
        await loadedAndPainted(page);
        await page.mouse.wheel(0, 600);
        await loadedAndPainted(page);
        expect(
          scripts.filter((url) => REACT_CHUNK.test(url)),
          'React before any interaction',
        ).to.deep.equal([]);
        // The click waits, busy, for the island's code, then opens the dialog with the focus in it.
        await holdBack(page, REACT_CHUNK, 800);
        const share = page.getByRole('button', { name: 'Share' });
        await share.click();
        await page.locator('button[aria-busy="true"]', { hasText: 'Share' }).waitFor();
        await page.getByRole('dialog', { name: /^Share / }).waitFor();
        await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
        // No dialog code until a dialog opens; then only Share's.
        expect(scripts.filter((url) => /(SupportDialog|MessageDialog)\./.test(url))).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  // The desktop toggle keeps the focus; the phone's drawer takes it when it opens (issue 44, point 12).
  for (const { width, height, check, focused } of [
    {
      width: 1280,
      height: 800,
      check: () => !document.getElementById('sidebar')?.classList.contains('expanded'),
      focused: () => document.activeElement?.getAttribute('aria-label') === 'Toggle sidebar',
    },
    {
      width: 375,
      height: 812,
      check: () => document.getElementById('sidebar')?.classList.contains('open') === true,
      focused: () => !!document.activeElement?.closest('#sidebar'),
    },
  ]) {
    it(`toggles the sidebar at ${width} px with the top bar's button clicked before it hydrated`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width, height } });
      await holdBack(page, REACT_CHUNK, 800);
      await page.goto('/artist/1');
      await loadedAndPainted(page);
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
      await toggle.click();
      await page.waitForFunction(check);
      await page.waitForFunction(focused);
      expect(await toggle.getAttribute('aria-busy')).to.equal(null);
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it("reports the phone's drawer open on the toggle when a held click opened it (slowed down)", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    // Slowed down, the held click is replayed at the top bar's commit, before its effects note the
    // phone width: the toggle must still say what the drawer shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/artist/1');
    await loadedAndPainted(page);
    // The page scripts have told the unhydrated toggle the phone's truth: the drawer is closed.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-page-scripts'));
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
    await toggle.click();
    await page.locator('#sidebar.open').waitFor();
    await page.locator('.topbar [aria-controls="sidebar"][aria-expanded="true"]').waitFor({ timeout: 10_000 });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('shows a toast its whole 5 s when the toaster took longer than that to load', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await holdBack(page, /\/_astro\/Toaster\.[\w-]+\.js$/, 12_000);
    await page.goto('/tracks/1');
    await hydrated(page);
    await page.getByRole('button', { name: /^Like/ }).click();
    // Counted from the Like, its 5 s were over before the toaster could show it.
    const toast = page.getByTestId('toast').filter({ hasText: 'Authentication required' });
    await toast.waitFor({ timeout: 25_000 });
    await page.waitForTimeout(3000);
    expect(await toast.isVisible()).to.equal(true);
    await page.context().close();
  });

  it('likes with a click held before the track page hydrated: a visitor is asked to log in, by a toast', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    let likes = 0;
    page.on('request', (request) => request.method() === 'POST' && /\/like$/.test(request.url()) && likes++);
    await holdBack(page, REACT_CHUNK, 800);
    await page.goto('/tracks/1');
    await page.getByRole('button', { name: /^Like/ }).click();
    await page.getByTestId('toast').filter({ hasText: 'Authentication required' }).waitFor();
    // The held click, replayed once, asks the visitor to sign in without a request the server could only refuse.
    expect(likes).to.equal(0);
    await page.getByRole('button', { name: /^Like\s/ }).waitFor();
    expect(errors.filter((error) => !/401/.test(error))).to.deep.equal([]);
    await page.context().close();
  });

  it('plays a card, shows and plays in the player, and restores the queue after a reload', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/artist/1');
    await loadedAndPainted(page);
    const card = page.locator('[data-play-track]').first();
    const title = (JSON.parse((await card.getAttribute('data-play-track'))!) as { title: string }).title;
    await card.click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.locator('.player-title', { hasText: title }).waitFor();
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    await player.getByRole('button', { name: 'Pause' }).click();
    await page.reload();
    await player.locator('.player-title', { hasText: title }).waitFor();
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  for (const moment of ['commit', 'domcontentloaded', 'load'] as const) {
    it(`navigates cleanly with a sidebar link clicked at ${moment}, and the next page's islands work`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1280, height: 800 },
      });
      await page.goto('/artist/1', { waitUntil: moment });
      await nav(page).getByRole('link', { name: 'Discover' }).click();
      await page.waitForURL(`${suite.server.url}/discover`);
      await hydrated(page);
      // The top bar (a new island) and the player (persisted from the first page) both answer.
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.waitForFunction(() => !document.getElementById('sidebar')?.classList.contains('expanded'));
      await page.locator('[data-play-track]').first().click();
      await page.getByRole('region', { name: 'Player' }).locator('.player-title').waitFor();
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it('navigates cleanly with a link followed while a client:load island hydrates (no React error 424)', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    // Slowed down, React hydrates the sign-in form over many tasks; the link is followed as soon as Astro has
    // handed the island to React, so the next page is fetched while that root is not yet committed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.addInitScript(() => {
      document.addEventListener(
        'astro:hydrate',
        (event) => {
          const island = event.target as Element;
          if (!island.getAttribute('component-url')?.includes('AuthForm')) return;
          document.querySelector<HTMLAnchorElement>('nav a[href="/discover"]')!.click();
        },
        true,
      );
    });
    await page.goto('/login');
    await page.waitForURL(`${suite.server.url}/discover`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await hydrated(page);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => !document.getElementById('sidebar')?.classList.contains('expanded'));
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('plays a card clicked before the player hydrated', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await holdBack(page, REACT_CHUNK, 1500);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const card = page.locator('[data-play-track]').first();
    const title = (JSON.parse((await card.getAttribute('data-play-track'))!) as { title: string }).title;
    await card.click();
    await hydrated(page);
    await page.getByRole('region', { name: 'Player' }).locator('.player-title', { hasText: title }).waitFor();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('opens a dialog whose code loads on first click: busy button, then focus in the dialog', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/artist/1');
    await hydrated(page);
    await holdBack(page, /\/_astro\/ShareDialog\.[\w-]+\.js$/, 800);
    const share = page.getByRole('button', { name: 'Share' });
    await share.click();
    await page.locator('button[aria-busy="true"]', { hasText: 'Share' }).waitFor();
    const dialog = page.getByRole('dialog', { name: /^Share / });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await share.getAttribute('aria-busy')).to.equal('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button, and the second opening needs no fetch.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Share');
    await share.click();
    await dialog.waitFor();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
