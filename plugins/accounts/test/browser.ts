import { expect } from 'chai';
import type { Page } from 'playwright-core';
import type { TestServerOptions } from '../../../api/test/server.ts';
import { browserSuite, type BrowserSuite } from '../../../site/test/browser.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../demoAccount.ts';

/** Signs the page's browser context in (seeded accounts share the demo password). */
export async function signIn(page: Page, username = DEMO_USERNAME) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).to.equal(200);
}

/**
 * Islands are interactive once React has committed their hydration: Astro drops the ssr attribute
 * when it starts hydrating, and React hydrates in a transition over several tasks (on a slow machine a
 * field filled before the commit is reset by it); the commit marks the island `committed`
 * (site/directives/committed.ts). `client:demand` ones not yet `demanded` wait for an interaction or
 * the page's demand (site/directives/demand.ts): a click on one is held and replayed once it hydrated.
 * The page scripts (site/lib/pageStart.ts) run after the first paint: a click they serve is held until
 * then too.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-page-scripts') &&
      document.querySelectorAll('astro-island[ssr]:not([client="demand"]:not([demanded]))').length === 0 &&
      document.querySelectorAll('astro-island:not([ssr]):not([committed])').length === 0,
  );

export const toastSaying = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();

export interface DemoSuite extends BrowserSuite {
  /** The seeded artist Nova Harbor (her user signs in as "novaharbor"). */
  nova: { id: number; name: string };
}

/** A browser suite on the demo data (see browserSuite), with Nova Harbor looked up. */
export function demoBrowserSuite(options: TestServerOptions = {}): DemoSuite {
  const suite = browserSuite({ seedDemo: true, ...options }) as DemoSuite;
  before(async () => {
    const artists = (await suite.server.client().get('/api/artists')).body as Array<{ id: number; name: string }>;
    suite.nova = artists.find((a) => a.name === 'Nova Harbor')!;
  });
  return suite;
}
