import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, holdUntilReleased, openPage, PAGE_SCRIPTS } from './browser.ts';

// The page scripts (the client router, play buttons, tabs, the cards' listeners) start after the
// page's load and first paint (site/lib/pageStart.ts): no script is requested before that, a click
// they serve before then is held and replayed, and the router takes over navigation once they run.

const running = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-page-scripts'));

describe('page scripts after the first paint in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  for (const path of ['/', '/artist/1', '/tracks/1', '/discover']) {
    it(
      `requests no script on ${path} before the window's load, then runs the page ` + `scripts and the router`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url);
        await page.goto(path);
        await running(page);
        const timing = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
          );
          return {
            load: navigation.loadEventEnd,
            scripts: scripts.map((entry) => ({ name: entry.name, start: entry.startTime })),
          };
        });
        expect(timing.scripts.length, 'the page scripts were fetched').to.be.greaterThan(0);
        expect(
          timing.scripts.filter((script) => script.start < timing.load),
          'scripts requested before load',
        ).to.deep.equal([]);
        // The router now follows links without a full load: a mark on the window survives.
        await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
        const [link, next] = path === '/discover' ? ['Home', '/'] : ['Discover', '/discover'];
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: link, exact: true })
          .click();
        await page.waitForURL(suite.server.url + next);
        await page.waitForFunction(
          (pathname) => location.pathname === pathname && document.querySelector('main h1') !== null,
          next,
        );
        expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).to.equal(1);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  it('holds a tab clicked before the page scripts ran, busy, and selects it once they have', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const release = await holdUntilReleased(page, PAGE_SCRIPTS);
    await page.goto('/discover');
    const artists = page.getByRole('tab', { name: 'Artists' });
    await artists.click();
    await page.locator('[role="tab"][aria-busy="true"]', { hasText: 'Artists' }).waitFor();
    expect(await artists.getAttribute('aria-selected')).to.equal('false');
    release();
    await page.waitForFunction(
      () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim() === 'Artists',
    );
    expect(await artists.getAttribute('aria-busy')).to.equal(null);
    expect(await page.locator('#discover-panel-artists').isVisible()).to.equal(true);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('serves clicks outside islands when an island ran the page scripts before the starter started them', async () => {
    // An island's code shares the page scripts' chunk: /login's form (client:load) hydrating while the
    // window's load waits on the theme runs them, before the starter listens for their announcement.
    const { page, errors } = await openPage(suite.browser, suite.server.url, { locale: 'fr-FR' });
    const release = await holdUntilReleased(page, /\/_astro\/theme\.[\w-]+\.css$/);
    await page.goto('/login', { waitUntil: 'commit' });
    await running(page);
    expect(await page.evaluate(() => document.readyState), 'the window has not loaded').to.not.equal('complete');
    release();
    // The starter has started them (its template's script is in); a button of the page's, not an island's, works.
    await page.waitForFunction(() => document.querySelector('body > script[src*="/PageScripts."]') !== null);
    const banner = page.getByTestId('locale-banner');
    await banner.getByRole('button', { name: 'Non merci' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('plays a card pressed before the page scripts ran, busy meanwhile', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const release = await holdUntilReleased(page, PAGE_SCRIPTS);
    await page.goto('/discover', { waitUntil: 'domcontentloaded' });
    const card = page.locator('[data-play-track]').first();
    const title = (JSON.parse((await card.getAttribute('data-play-track'))!) as { title: string }).title;
    await card.click();
    await page.locator('[data-play-track][aria-busy="true"]').first().waitFor();
    release();
    await page.getByRole('region', { name: 'Player' }).locator('.player-title', { hasText: title }).waitFor();
    expect(await card.getAttribute('aria-busy')).to.equal(null);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
