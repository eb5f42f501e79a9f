import { expect } from 'chai';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated } from '../../accounts/test/browser.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../accounts/demoAccount.ts';

// Issue 26 point 8: signed out, Subscribe and Like say why they cannot act and offer to sign in,
// and signing in comes back to the page the reader was on.

/** Signs in through the form the toast's link opened. */
async function signInThere(page: Page) {
  await hydrated(page);
  const form = page.locator('form[aria-label="Login"]');
  await form.getByLabel('Username').fill(DEMO_USERNAME);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Login' }).click();
}

describe('signed-out controls offer to sign in and come back', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();
  before(() => mkdirSync(SHOTS_DIR, { recursive: true }));

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(
      `Subscribe on an artist page at ${viewport.width}px: not greyed out, a toast ` +
        `with Sign in, back on the artist page signed in`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
        const artists = (await suite.server.client().get('/api/artists')).body as Array<{ id: number; name: string }>;
        const kai = artists.find((a) => a.name === 'Kai Rocks')!;
        const artistPath = `/artist/${kai.id}`;
        await page.goto(artistPath);
        const button = page.locator('.artist-actions').getByRole('button', { name: 'Subscribe to Kai Rocks' });
        expect(await button.getAttribute('aria-disabled')).to.equal(null);
        expect(await button.evaluate((el) => getComputedStyle(el).opacity)).to.equal('1');
        await button.click();
        const toast = page.getByTestId('toast').filter({ hasText: 'Please log in to subscribe to artists' });
        await toast.waitFor();
        await page.screenshot({ path: path.join(SHOTS_DIR, `signed-out-subscribe-${viewport.width}.png`) });
        await toast.getByRole('link', { name: 'Sign in' }).click();
        await page.waitForURL(`${suite.server.url}/login?next=${encodeURIComponent(artistPath)}`);
        await signInThere(page);
        await page.waitForURL(`${suite.server.url}${artistPath}`);
        await page.locator('.artist-actions').getByRole('button', { name: 'Subscribe to Kai Rocks' }).click();
        await page.locator('.artist-actions').getByRole('button', { name: 'Subscribed to Kai Rocks' }).waitFor();
        expect(errors).to.deep.equal([]);
        // As it was, for the other width.
        await suite.server.app.kernel
          .knex('subscriptions')
          .where({ artistId: kai.id })
          .whereIn('userId', suite.server.app.kernel.knex('users').select('id').where({ username: DEMO_USERNAME }))
          .del();
        await suite.server.app.kernel.cache.invalidate();
        await page.context().close();
      },
    );
  }

  it(
    'Like on a track page: a toast with Sign in that comes back to the track; a ' +
      "signed-in reader's /login?next goes straight there",
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      const track = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body[0] as {
        id: number;
        title: string;
      };
      const trackPath = `/tracks/${track.id}`;
      await page.goto(trackPath);
      await page.getByRole('button', { name: /^Like/ }).click();
      const toast = page.getByTestId('toast').filter({ hasText: 'Please log in to like tracks' });
      await toast.waitFor();
      await toast.getByRole('link', { name: 'Sign in' }).click();
      await page.waitForURL(`${suite.server.url}/login?next=${encodeURIComponent(trackPath)}`);
      await signInThere(page);
      await page.waitForURL(`${suite.server.url}${trackPath}`);
      const like = page.locator('main .like-button');
      const pressed = await like.getAttribute('aria-pressed');
      await like.click();
      await page.waitForFunction(([el, before]) => el?.getAttribute('aria-pressed') !== before, [
        await like.elementHandle(),
        pressed,
      ] as const);

      await page.goto(`/login?next=${encodeURIComponent('/collection')}`);
      expect(page.url()).to.equal(`${suite.server.url}/collection`);
      await page.goto(`/login?next=${encodeURIComponent('//evil.example/')}`);
      expect(page.url()).to.equal(`${suite.server.url}/`);
      // A visitor's Like sends no request the server could only refuse: no 401 in the console (issue 44, point 14).
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );
});
