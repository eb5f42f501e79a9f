import { expect } from 'chai';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { openPage, SHOTS_DIR } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated } from './browser.ts';

// Issue 26 point 7: the home page's calls to join open the Register tab, and a new listener lands on a
// short welcome (artists to follow, the month's credits) instead of a home page that asks them to join.

describe('signing up from the home page', function () {
  this.timeout(120_000);
  const suite = demoBrowserSuite();
  before(() => mkdirSync(SHOTS_DIR, { recursive: true }));

  it(
    '"Join The Movement" and "Create Your Account" open Register; a new listener ' +
      'is welcomed, then not asked to join',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      for (const name of ['Join The Movement', 'Create Your Account']) {
        await page.goto('/');
        await hydrated(page);
        await page.getByRole('link', { name }).click();
        await page.waitForURL(`${suite.server.url}/auth?tab=register`);
        await page.locator('form[aria-label="Register"]').waitFor({ state: 'visible' });
        expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected'), name).to.equal('true');
      }

      await hydrated(page);
      const form = page.locator('form[aria-label="Register"]');
      await form.getByLabel('Full Name').fill('Wren Walker');
      await form.getByLabel('Username').fill('wren');
      await form.getByLabel('Email').fill('wren@example.com');
      await form.getByLabel('Password').fill('wrensecret');
      await form.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${suite.server.url}/welcome`);
      await page.getByRole('heading', { name: 'Welcome to OneTrack, Wren Walker', level: 1 }).waitFor();
      expect(await page.locator('main').innerText()).to.contain('100 credits');
      expect(await page.getByRole('link', { name: 'Open your Credit Vault' }).getAttribute('href')).to.equal(
        '/credits',
      );

      // Following an artist from the welcome works at once.
      const subscribe = page.locator('main .artist-card [data-subscribe]').first();
      await hydrated(page);
      await subscribe.click();
      await page.waitForFunction((el) => el?.textContent === 'Subscribed', await subscribe.elementHandle());
      const wren = await suite.server.app.kernel.knex('users').where({ username: 'wren' }).first('id');
      expect(
        await suite.server.app.kernel
          .knex('subscriptions')
          .where({ userId: wren.id, active: true })
          .count({ n: '*' })
          .first(),
      ).to.deep.include({ n: 1 });

      for (const viewport of [
        { width: 1366, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: path.join(SHOTS_DIR, `welcome-${viewport.width}.png`), fullPage: true });
      }

      await page.goto('/');
      expect(await page.getByRole('link', { name: 'Join The Movement' }).count()).to.equal(0);
      expect(await page.getByRole('link', { name: 'Create Your Account' }).count()).to.equal(0);
      await page.getByRole('link', { name: 'Give Your Credits' }).waitFor();
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );

  it('sends a visitor of /welcome to Register, and back to the welcome once registered', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/welcome');
    expect(page.url()).to.equal(`${suite.server.url}/login?tab=register&next=%2Fwelcome`);
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).to.equal('true');
    await page.context().close();
  });
});
