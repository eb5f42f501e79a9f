import { expect } from 'chai';
import { browserSuite, openPage } from './browser.ts';
import { hydrated } from '../../plugins/accounts/test/browser.ts';

describe('app shell and sign-in in the browser', () => {
  const suite = browserSuite({ seedDemo: true });

  it('signs in with the demo box, toasts, and shows the signed-in top bar', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/auth');
    await hydrated(page); // the sign-in form hydrates at load; a click before that does nothing
    await page.getByRole('button', { name: 'Fill in demo credentials' }).click();
    expect(await page.getByLabel('Username').first().inputValue()).to.equal('demo');
    expect(await page.getByLabel('Password').first().inputValue()).to.equal('demo1234');
    await page.locator('form[aria-label="Login"]').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByTestId('toast').filter({ hasText: 'Login successful' }).waitFor();
    await page.getByRole('link', { name: 'Your profile' }).waitFor();
    expect(await page.title()).to.equal('OneTrack | One Track. Per Month. One Chance. Forever.');

    // The demo account is a member: no Upgrade to Premium (membership.browser.test.ts has the new
    // account's). Billing explains the one membership.
    expect(await page.getByRole('link', { name: 'Upgrade to Premium' }).count()).to.equal(0);
    await page.goto('/profile?tab=billing');
    expect(await page.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).to.equal('true');
    const plan = page.getByTestId('billing-plan');
    expect(await page.getByTestId('billing-state').textContent()).to.equal('ACTIVE');
    await plan.getByText("Premium is OneTrack's only membership: there are no premium tiers above it").waitFor();
    expect(await plan.textContent()).to.include('€9.99');
    expect(await plan.textContent()).to.include('100 credits each month');
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('shows field messages under the fields and refuses a wrong password with a toast', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/login');
    await hydrated(page);
    const login = page.locator('form[aria-label="Login"]');
    await login.getByRole('button', { name: 'Login' }).click();
    await login.getByText('Username is required').waitFor();
    await login.getByText('Password is required').waitFor();
    await login.getByLabel('Username').fill('demo');
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Login' }).click();
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Login failed' }).waitFor();
    expect(await toast.textContent()).to.include('Invalid username or password');
    expect(page.url()).to.equal(`${suite.server.url}/login`);
    await page.context().close();
  });

  it('registers a new artist, signs them in and creates their artist record', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/auth');
    await hydrated(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.locator('form[aria-label="Register"]');
    await form.getByLabel('Full Name').fill('N');
    await form.getByLabel('Username').fill('nova');
    await form.getByLabel('Email').fill('nova@example');
    await form.getByLabel('Password').fill('123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('Name must be at least 2 characters').waitFor();
    await form.getByText('Please enter a valid email').waitFor();
    await form.getByText('Password must be at least 6 characters').waitFor();
    await form.getByLabel('Full Name').fill('Nova Sky');
    await form.getByLabel('Email').fill('nova@example.com');
    await form.getByLabel('Password').fill('novasecret');
    await form.getByLabel(/I am an artist/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Registration successful' }).waitFor();
    await page.waitForURL(`${suite.server.url}/welcome`);
    const artist = await suite.server.app.kernel
      .knex('artists')
      .join('users', 'users.id', 'artists.userId')
      .where('users.username', 'nova')
      .first('artists.name');
    expect(artist?.name).to.equal('Nova Sky');
    await page.context().close();
  });

  it('logs out from the top bar back to a signed-out home', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Fill in demo credentials' }).click();
    await page.locator('form[aria-label="Login"]').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Your profile' }).waitFor();
    await page.locator('header').getByRole('button', { name: 'Logout' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Logout successful' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Login' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
    expect(me).to.equal(401);
    await page.context().close();
  });

  it('searches tracks and artists from the top bar', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    await hydrated(page); // typing before hydration has its own case below
    const search = page.getByRole('combobox', { name: 'Search artists, tracks, or collections' });
    await search.fill('nova');
    await search.press('Enter');
    await page.waitForURL(`${suite.server.url}/search?q=nova`);
    await page
      .getByRole('link', { name: /Nova Harbor/ })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('keeps what was typed into the search before the top bar hydrated', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    // The top bar hydrates after the page has loaded; hold its code back so the typing surely comes first.
    await page.route(/\/TopBar\.[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('combobox', { name: 'Search artists, tracks, or collections' });
    await search.fill('nova');
    await hydrated(page);
    // The field is uncontrolled: what was typed stays, and the top bar learns it once hydrated.
    expect(await search.inputValue()).to.equal('nova');
    // Still in the field: its suggestions show as if typed after hydration.
    await page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /Nova Harbor/ })
      .first()
      .waitFor();
    await search.press('Enter');
    await page.waitForURL(`${suite.server.url}/search?q=nova`);
    await page.context().close();
  });

  it('renders the 404 card for unknown routes', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).to.equal(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.context().close();
  });

  it('collapses the sidebar on desktop and remembers it', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getAttribute('class')).to.include('expanded');
    // The click hydrates the sidebar and the top bar (client:demand), then takes effect.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => !document.getElementById('sidebar')?.classList.contains('expanded'));
    await page.reload();
    await page.waitForFunction(() => !document.getElementById('sidebar')?.classList.contains('expanded'));
    await page.context().close();
  });

  it('is an overlay drawer below 768 px that locks scroll and closes on an outside click or Escape', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 740 } });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const box = async () => (await nav.boundingBox())!;
    expect((await box()).x + (await box()).width).to.be.at.most(1);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => document.body.classList.contains('drawer-locked'));
    await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().x >= 0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).to.equal('hidden');
    await page.mouse.click(360, 400);
    await page.waitForFunction(() => !document.body.classList.contains('drawer-locked'));
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => document.body.classList.contains('drawer-locked'));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.body.classList.contains('drawer-locked'));
    // Nothing overflows the narrow screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('closes the drawer when the window changes across the phone width; a narrowed desktop stays closed', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      viewport: { width: 1366, height: 900 },
    });
    await page.goto('/');
    await hydrated(page);
    const closed = () => document.getElementById('sidebar')!.getBoundingClientRect().right <= 1;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(closed);
    // Opened on the phone, then widened: the drawer closes (no scroll lock left on the desktop) ...
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForFunction(() => document.body.classList.contains('drawer-locked'));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.waitForFunction(() => !document.body.classList.contains('drawer-locked'));
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).to.not.equal('hidden');
    // ... and narrowed again it stays closed, its toggle saying so.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(closed);
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).to.equal('false');
    expect(await page.getByTestId('drawer-backdrop').isVisible()).to.equal(false);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('navigates with the sidebar without a full reload', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    await hydrated(page); // the router is a page script: links before it load pages natively
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${suite.server.url}/profile`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).to.equal(42);
    await page.context().close();
  });
});
