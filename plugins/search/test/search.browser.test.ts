import { expect } from 'chai';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';
import { openPage } from '../../../site/test/browser.ts';

// Searching from the top bar (issue 10 point 2): suggestions while typing, chosen with the keyboard;
// Enter opens the search page, which also works without JavaScript; and at 375 px the top bar
// leaves the search usable for every role.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SHOTS_DIR = process.env.SHOTS_DIR || path.join(ROOT, 'shots');

const topSearch = (page: Page) => page.getByRole('combobox', { name: 'Search artists, tracks, or collections' });

describe('search from the top bar (browser)', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();

  before(async () => {
    await suite.server.app.kernel.services.accounts.setRole('novaharbor', 'admin');
  });

  it('suggests tracks and artists while typing, chosen with the arrow keys and Enter', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/');
    await hydrated(page);
    const asked: string[] = [];
    page.on(
      'request',
      (request) =>
        request.url().includes('/api/search/suggestions') && asked.push(new URL(request.url()).searchParams.get('q')!),
    );
    const box = topSearch(page);
    await box.click();
    await box.pressSequentially('tid', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option', { name: /Tidal Lights/ }).waitFor();
    // Keys faster than the debounce make one request, for the whole word.
    expect(asked).to.deep.equal(['tid']);
    expect(await box.getAttribute('aria-expanded')).to.equal('true');
    const options = await listbox.getByRole('option').allTextContents();
    expect(options[options.length - 1]).to.contain('Search for “tid”');
    // Down to Tidal Lights: each step moves aria-activedescendant and aria-selected.
    const target = options.findIndex((text) => text.includes('Tidal Lights'));
    for (let i = 0; i <= target; i++) await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).to.equal('true');
    expect(await page.locator(`[id="${active}"]`).textContent()).to.contain('Tidal Lights');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'search-suggestions-1366.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/tracks\/\d+$/);
    expect(await page.locator('h1').textContent()).to.equal('Tidal Lights');
    // Escape closes the list; Enter without a chosen option opens the search page.
    await topSearch(page).fill('nova');
    await listbox.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    expect(await topSearch(page).getAttribute('aria-expanded')).to.equal('false');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=nova$/);
    await page.getByRole('heading', { name: /Artists/ }).waitFor();
    expect(await page.locator('.artist-hit-name').allTextContents()).to.deep.equal(['Nova HarborVerified artist']);
    expect(await page.locator('.track-card-title').allTextContents()).to.include.members(['Tidal Lights', 'Low Orbit']);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('works without JavaScript: the form is a GET to /search, results are plain links', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto('/artists');
    await page.locator('.topbar input[name="q"]').fill('CAFE');
    await page.locator('.topbar input[name="q"]').press('Enter');
    await page.waitForURL(/\/search\?q=CAFE$/);
    expect(await page.locator('.search-summary').textContent()).to.match(/^0 tracks and 0 artists/);
    await page.goto('/search?q=electr');
    expect(await page.locator('.track-card-title').allTextContents()).to.include('Tidal Lights');
    await page.screenshot({ path: path.join(SHOTS_DIR, 'search-page-375.png'), fullPage: true });
    await context.close();
  });

  for (const role of ['visitor', 'listener', 'artist', 'admin'] as const) {
    it(`keeps the search usable at 375 px for ${role === 'visitor' ? 'a visitor' : `the demo ${role}`}`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 375, height: 812 },
      });
      if (role !== 'visitor')
        await signIn(page, { listener: undefined, artist: 'kairocks', admin: 'novaharbor' }[role]);
      await page.goto('/search?q=nova');
      await hydrated(page);
      const width = (await topSearch(page).boundingBox())!.width;
      expect(width, 'search field width').to.be.at.least(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
      await topSearch(page).fill('kai');
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option', { name: /Kai Rocks/ })
        .first()
        .waitFor();
      await page.screenshot({ path: path.join(SHOTS_DIR, `topbar-${role}-375.png`) });
      // What left the top bar is in the drawer.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      const drawer = page.locator('#sidebar');
      await drawer.getByText(role === 'visitor' ? 'Login' : 'Logout').waitFor();
      if (role === 'admin') await drawer.getByRole('link', { name: 'Admin' }).waitFor();
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it('renders the search page at both sizes', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 375, height: 812 },
    ]) {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await signIn(page);
      await page.goto('/search?q=nova');
      await hydrated(page);
      expect(await page.locator('h1').textContent()).to.equal('Search');
      await page.screenshot({ path: path.join(SHOTS_DIR, `search-${viewport.width}.png`), fullPage: true });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    }
  });
});
