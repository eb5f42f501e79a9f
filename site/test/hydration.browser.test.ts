import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from './browser.ts';
import { hydrated } from '../../plugins/accounts/test/browser.ts';

// Islands hydrate `client:paint`, after the page's load and first paint (site/directives/paint.ts),
// and dialogs fetch their code on first open (site/lib/useDialogs.tsx). What a visitor does before
// hydration must work, and the client router must not swap a page under islands still hydrating.

/** Holds back the responses whose URL matches, so what the test does surely comes first. */
async function holdBack(page: Page, url: RegExp, ms: number): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

describe('hydration after the first paint in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  it('fetches no island code before the page has loaded', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const early: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') early.push(request.url());
    });
    let loaded = false;
    page.on('load', () => (loaded = true));
    const beforeLoad: string[] = [];
    page.on('request', (request) => {
      if (!loaded && /\/_astro\/react\./.test(request.url())) beforeLoad.push(request.url());
    });
    await page.goto('/artist/1');
    await hydrated(page);
    expect(beforeLoad, 'React requested before load').to.deep.equal([]);
    expect(early.some((url) => /\/_astro\/react\./.test(url)), 'React after load').to.equal(true);
    // No dialog code until a dialog opens.
    expect(early.filter((url) => /(Modal|ShareDialog|SupportDialog|MessageDialog)\./.test(url))).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  for (const moment of ['commit', 'domcontentloaded', 'load'] as const) {
    it(`navigates cleanly with a sidebar link clicked at ${moment}, and the next page's islands work`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 1280, height: 800 } });
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

  it('plays a card clicked before the player hydrated', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await holdBack(page, /\/_astro\/react\.[\w-]+\.js$/, 1500);
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
