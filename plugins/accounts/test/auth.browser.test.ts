import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, holdUntilReleased, openPage, REACT_CHUNK } from '../../../site/test/browser.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../demoAccount.ts';
import { hydrated } from './browser.ts';

// The sign-in form hydrates `client:load`, which can come well after the reader can type and press
// Enter on a slow phone. Both forms are real forms: a submit before then posts to /api/auth/login or
// /api/auth/register, which sign in and redirect (../routes.ts), as they do without JavaScript.

const holdReact = (page: Page) => holdUntilReleased(page, REACT_CHUNK);

describe('the sign-in and registration forms before they hydrated, in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  for (const how of ['Enter', 'click'] as const) {
    it(
      `signs in with the credentials typed and submitted (${how}) before the form ` + `hydrated, none in any URL`,
      async () => {
        const { page, errors } = await openPage(suite.browser, suite.server.url);
        const urls: string[] = [];
        page.on('request', (request) => urls.push(request.url()));
        const release = await holdReact(page);
        await page.goto('/login?next=/artists');
        const form = page.locator('form[aria-label="Login"]');
        await form.getByLabel('Username').fill(DEMO_USERNAME);
        await form.getByLabel('Password').fill(DEMO_PASSWORD);
        if (how === 'Enter') await form.getByLabel('Password').press('Enter');
        else await form.getByRole('button', { name: 'Login' }).click();
        // Posted as it is, React still held back: signed in and sent where the reader was going.
        await page.waitForURL(`${suite.server.url}/artists`);
        release();
        await page.getByRole('link', { name: 'Your profile' }).waitFor();
        expect(urls.filter((url) => url.includes(DEMO_PASSWORD))).to.deep.equal([]);
        expect(errors).to.deep.equal([]);
        await page.context().close();
      },
    );
  }

  it('answers an empty or wrong submit made before the form hydrated on the sign-in page, saying why', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const release = await holdReact(page);
    await page.goto('/login');
    const form = page.locator('form[aria-label="Login"]');
    await form.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please check your credentials and try again' }).waitFor();
    await form.getByLabel('Username').fill(DEMO_USERNAME);
    await form.getByLabel('Password').fill('not the password');
    await form.getByLabel('Password').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(new URL(page.url()).pathname).to.equal('/login');
    release();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('shows the field messages for an empty submit once the form hydrated, posting nothing', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await page.goto('/login');
    await hydrated(page);
    const form = page.locator('form[aria-label="Login"]');
    await form.getByRole('button', { name: 'Login' }).click();
    await form.getByText('Username is required').waitFor();
    await form.getByText('Password is required').waitFor();
    expect(page.url()).to.equal(`${suite.server.url}/login`);
    expect(posts).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it(
    'registers an artist with every field, the switch too, filled in and submitted ' + 'before the form hydrated',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      const release = await holdReact(page);
      await page.goto('/login?tab=register');
      const form = page.locator('form[aria-label="Register"]');
      await form.getByLabel('Full Name').fill('Early Bird');
      await form.getByLabel('Username').fill('earlybird');
      await form.getByLabel('Email').fill('early@example.com');
      await form.getByLabel('Password').fill('earlysecret');
      await form.getByLabel(/I am an artist/).check();
      await form.getByRole('button', { name: 'Create Account' }).click();
      release();
      await page.waitForURL(`${suite.server.url}/welcome`);
      const artist = await suite.server.app.kernel
        .knex('artists')
        .join('users', 'users.id', 'artists.userId')
        .where('users.username', 'earlybird')
        .first('artists.name', 'users.email');
      expect(artist).to.deep.equal({ name: 'Early Bird', email: 'early@example.com' });
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );

  it('fills in the demo credentials and signs in with them, both pressed before the form hydrated', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const release = await holdReact(page);
    await page.goto('/login');
    const form = page.locator('form[aria-label="Login"]');
    const fill = form.getByRole('button', { name: 'Fill in demo credentials' });
    await fill.click();
    expect(await fill.getAttribute('aria-busy')).to.equal('true');
    // Login pressed too, still before: it must find the fields filled.
    await form.getByRole('button', { name: 'Login' }).click();
    release();
    await page.waitForURL(`${suite.server.url}/`);
    expect(await fill.count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('signs a reader without JavaScript in, nothing typed in any URL', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { javaScriptEnabled: false });
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'document') return;
      const url = new URL(request.url());
      pages.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto('/login');
    const form = page.locator('form[aria-label="Login"]');
    await form.getByLabel('Username').fill(DEMO_USERNAME);
    await form.getByLabel('Password').fill(DEMO_PASSWORD);
    await form.getByLabel('Password').press('Enter');
    await page.waitForURL(`${suite.server.url}/`);
    expect(pages).to.deep.equal(['GET /login', 'POST /api/auth/login', 'GET /']);
    expect(await page.locator('body[data-signed-in]').count()).to.equal(1);
    await page.context().close();
  });

  it('registers an artist without JavaScript, and answers a taken username saying why', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { javaScriptEnabled: false });
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const fill = async (username: string) => {
      const form = page.locator('form[aria-label="Register"]');
      await form.getByLabel('Full Name').fill('No Script');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Email').fill(`${username}@example.com`);
      await form.getByLabel('Password').fill('noscript-secret');
      await form.getByLabel(/I am an artist/).check();
      await form.getByLabel('Password').press('Enter');
    };
    await page.goto('/login?tab=register');
    await fill(DEMO_USERNAME);
    await page.getByRole('alert').filter({ hasText: 'That username or email is already taken' }).waitFor();
    expect(new URL(page.url()).search).to.equal('?tab=register&failed=conflict');
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).to.equal('true');
    await fill('noscript');
    await page.waitForURL(`${suite.server.url}/welcome`);
    expect(await page.locator('body[data-signed-in]').count()).to.equal(1);
    const artist = await suite.server.app.kernel
      .knex('artists')
      .join('users', 'users.id', 'artists.userId')
      .where('users.username', 'noscript')
      .first('artists.name');
    expect(artist).to.deep.equal({ name: 'No Script' });
    expect(urls.filter((url) => url.includes('noscript-secret'))).to.deep.equal([]);
    await page.context().close();
  });
});
