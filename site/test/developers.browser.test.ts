import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { browserSuite, openPage, SHOTS_DIR } from './browser.ts';

// /developers draws the API reference from /api/openapi.json with RapiDoc, bundled into the site's
// own assets: it renders under the site's CSP (no inline script, no eval) and asks nothing of the network
// beyond this server.

describe('the developers page', () => {
  const suite = browserSuite({ seedDemo: true });
  const shots = path.join(SHOTS_DIR, 'openapi');
  before(() => mkdirSync(shots, { recursive: true }));

  for (const [name, viewport, colorScheme] of [
    ['desktop', { width: 1366, height: 900 }, 'dark'],
    ['phone', { width: 375, height: 812 }, 'dark'],
    ['desktop-light', { width: 1366, height: 900 }, 'light'],
  ] as const) {
    it(`renders the reference from the API description, offline and within the CSP (${name})`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport, colorScheme });
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(suite.server.url)) elsewhere.push(request.url());
      });
      await page.goto('/developers');
      await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
      // RapiDoc renders into its shadow root once it has read the document: the operations' paths and summaries.
      const reference = page.locator('rapi-doc');
      await reference.getByText('/messages/unread-count').first().waitFor({ timeout: 30_000 });
      if (name === 'desktop')
        await reference.getByText('The artist directory: every artist, or the window asked for').first().waitFor();
      expect(await page.getByRole('link', { name: 'openapi.json' }).getAttribute('href')).to.equal('/api/openapi.json');
      // In the page's own palette: RapiDoc's background is the theme's page background of that mode.
      const background = await reference.evaluate((element) => element.getAttribute('bg-color'));
      expect(background).to.equal(colorScheme === 'dark' ? '#0e0d13' : '#f7f6fa');
      await page.screenshot({ path: path.join(shots, `developers-${name}.png`) });
      if (name === 'desktop') {
        await page.getByRole('link', { name: 'Developers' }).first().waitFor();
        // An operation opens on its parameters, body schema (with the rules' limits) and answers.
        await reference.getByText('Send a message').first().click();
        const field = reference.getByText('recipientId', { exact: true }).first();
        await field.waitFor();
        await field.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `developers-${name}-operation.png`) });
      }
      expect(errors, errors.join('\n')).to.deep.equal([]);
      expect(elsewhere, elsewhere.join('\n')).to.deep.equal([]);
    });
  }
});
