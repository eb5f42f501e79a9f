import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../seed.ts';

/** Signs the page's browser context in (seeded accounts share the demo password). */
export async function signIn(page: Page, username = DEMO_USERNAME) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status()).to.equal(200);
}

/** Islands are interactive once Astro has hydrated them (the ssr attribute goes away). */
export const hydrated = (page: Page) => page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);

export const toastSaying = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();
