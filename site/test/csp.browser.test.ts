import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from './browser.ts';

// The Content-Security-Policy runs no inline script but the page's own (their hashes, api/http/csp.ts):
// a script that reaches a page's HTML the way stored XSS would is blocked, while the starter,
// hydration and the client router still work.

const INJECTED =
  '<script>window.injected = "script"</script><img src="/favicon.svg" alt="" onload="window.injected = \'handler\'">';
const VIOLATION = new RegExp(
  String.raw`Executing inline (script|event handler) violates the following Content` +
    String.raw` Security Policy directive 'script-src 'self' 'sha256-[^']*'[^]*The` +
    String.raw` action has been blocked`,
);

/**
 * Every HTML page the browser gets, loaded or fetched by the client router, carries the injection in
 * its body, with the server's own headers (its policy).
 */
async function injectIntoPages(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (!['document', 'fetch'].includes(route.request().resourceType())) return route.continue();
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('text/html')) return route.fulfill({ response });
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = (await response.text()).replace(/(<main[^>]*>)/, `$1${INJECTED}`);
    await route.fulfill({ response, headers, body });
  });
}

const injected = (page: Page) => page.evaluate(() => (window as unknown as { injected?: string }).injected ?? null);

describe('the Content-Security-Policy in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  it(
    'blocks a script and an event handler injected into a page, and still runs the ' +
      'page scripts, hydration and the router',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      await injectIntoPages(page);
      await page.goto('/tracks/1');
      // The page's own starter ran: it starts the page scripts after the first paint.
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-page-scripts'));
      expect(await page.locator('main img[src="/favicon.svg"]').count(), 'the injection reached the page').to.equal(1);
      expect(await injected(page)).to.equal(null);
      const violations = errors.filter((error) => VIOLATION.test(error));
      expect(violations.length, errors.join('\n')).to.be.at.least(2);

      // A play button hydrates the player island (its directive and Astro's island element are inline scripts).
      const card = page.locator('main [data-play-track]').first();
      const title = (JSON.parse((await card.getAttribute('data-play-track'))!) as { title: string }).title;
      await card.click();
      await page.getByRole('region', { name: 'Player' }).locator('.player-title', { hasText: title }).waitFor();
      expect(await page.locator('#player-slot astro-island[ssr]').count(), 'the player hydrated').to.equal(0);

      // The client router swaps in the next page (a mark on the window survives); its injection is blocked too.
      await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Discover', exact: true })
        .click();
      await page.waitForFunction(() => location.pathname === '/discover' && document.querySelector('main h1') !== null);
      expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).to.equal(1);
      expect(
        await page.locator('main img[src="/favicon.svg"]').count(),
        'the injection reached the next page',
      ).to.equal(1);
      expect(await injected(page)).to.equal(null);
      expect(
        errors.filter((error) => !VIOLATION.test(error)),
        'nothing else went wrong',
      ).to.deep.equal([]);
      await page.context().close();
    },
  );

  it("refuses none of a page's own scripts, and applies the theme a print sheet loads", async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    for (const path of ['/login', '/', '/artists', '/artist/1', '/embed/tracks/1']) {
      await page.goto(path);
      if (path === '/embed/tracks/1') {
        // The embed player's own script (a module file) plays.
        await page.locator('[data-embed-play]').click();
        await page.waitForFunction(() =>
          document.querySelector('[data-embed-play]')?.getAttribute('aria-label')?.startsWith('Pause'),
        );
      } else await page.waitForFunction(() => document.documentElement.hasAttribute('data-page-scripts'));
    }
    await page.goto('/login');
    // Fetched at once without blocking render (a print sheet), applied by the starter once loaded.
    await page.waitForFunction(
      () => document.querySelector<HTMLLinkElement>('link[data-apply-on-load]')?.media === 'all',
    );
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
