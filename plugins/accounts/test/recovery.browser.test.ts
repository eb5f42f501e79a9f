import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { browserSuite, launchBrowser, openPage } from '../../../site/test/browser.ts';
import { startSmtpServer } from '../../notifications/test/smtp.ts';
import { TOKEN_MAIL_JOB } from '../recovery.ts';
import { RECOVERY_MESSAGES } from '../rules.ts';
import { hydrated, toastSaying } from './browser.ts';

const SHOTS = '/work/shots/recover';
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 812 } };

/** Screenshots of the page as it is now, at both widths. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const [label, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    // The sidebar slides to its drawer when the width crosses the breakpoint.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** The path and fragment of the latest link mailed to this address. */
function mailedLink(smtp: Awaited<ReturnType<typeof startSmtpServer>>, to: string): string {
  const raw = smtp.received
    .filter((m) => m.to.includes(to))
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return raw.match(/https:\/\/onetrack\.test(\/[a-z-]+#token=[A-Za-z0-9_-]{43})/)![1];
}

describe('recovery in the browser, with mail', function () {
  this.timeout(120_000);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let browser: Browser;
  const mail = () =>
    createRunner(server.app.kernel, { [TOKEN_MAIL_JOB]: jobHandlers(server.app.plugins)[TOKEN_MAIL_JOB] }).drain();

  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      pages: true,
      config: {
        publicUrl: 'https://onetrack.test',
        mail: { smtpUrl: smtp.url, from: 'OneTrack <hello@onetrack.test>' },
      },
    });
    browser = await launchBrowser();
    const res = await server.client().post('/api/auth/register', {
      username: 'ruby',
      password: 'secret123',
      email: 'ruby@example.com',
      name: 'Ruby Reset',
    });
    expect(res.status).to.equal(201);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.stop();
  });

  it('asks for a link from the login screen and sets a new password with it, once', async () => {
    const { page, errors } = await openPage(browser, server.url);
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email').fill('ruby@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('reset-sent').getByText(RECOVERY_MESSAGES.resetSent).waitFor();

    await mail();
    const link = mailedLink(smtp, 'ruby@example.com');
    expect(link).to.match(/^\/reset-password#token=/);
    await page.goto(link);
    await hydrated(page);
    // The island takes the token in an effect after it hydrated: the address bar loses it then.
    await page.waitForFunction(() => location.hash === '', undefined, { timeout: 5000 }).catch(() => undefined);
    expect(new URL(page.url()).hash, 'the token leaves the address bar').to.equal('');
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Repeat the new password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords differ').waitFor();
    await shoot(page, 'reset-password');
    await page.getByLabel('Repeat the new password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await toastSaying(page, 'Password changed');
    await page.waitForURL('**/login');
    expect(
      (await page.request.post('/api/auth/login', { data: { username: 'ruby', password: 'new-secret-1' } })).status(),
    ).to.equal(200);

    // The same link again: refused, with the way to a new one.
    const again = await openPage(browser, server.url);
    await again.page.goto(link);
    await hydrated(again.page);
    await again.page.getByLabel('New password', { exact: true }).fill('third-secret');
    await again.page.getByLabel('Repeat the new password').fill('third-secret');
    await again.page.getByRole('button', { name: 'Save new password' }).click();
    await again.page.getByTestId('reset-failed').getByText(RECOVERY_MESSAGES.badLink).waitFor();
    await again.page.getByRole('link', { name: 'Get a new link' }).waitFor();
    expect(errors).to.deep.equal([]);
  });

  it('asks for a link without JavaScript, saying why a bad address is refused', async () => {
    const { page } = await openPage(browser, server.url, { javaScriptEnabled: false });
    await page.goto('/es/forgot-password');
    const form = page.locator('form[action="/api/auth/password-reset"]');
    await form.getByRole('button').click();
    // Back on the page in its language, with the kind of refusal (the same rule as the JSON path).
    await page.getByRole('alert').filter({ hasText: 'Escribe un correo electrónico válido' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/es/forgot-password?failed=invalid');
    const before = smtp.received.length;
    await form.locator('input[name="email"]').fill('ruby@example.com');
    await form.getByRole('button').click();
    await page.waitForURL(/\/es\/forgot-password\?sent=1$/);
    await page.getByTestId('reset-sent').waitFor();
    expect(new URL(page.url()).search).to.not.include('ruby');
    await mail();
    expect(smtp.received.slice(before).filter((m) => m.to.includes('ruby@example.com'))).to.have.length(1);
  });

  it('shows an unverified address in Settings, sends a link, and the link verifies it', async () => {
    const { page, errors } = await openPage(browser, server.url);
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: { username: 'vince', password: 'secret123', email: 'vince@example.com', name: 'Vince Verify' },
        })
      ).status(),
    ).to.equal(201);
    await page.goto('/profile');
    await hydrated(page);
    const status = page.getByTestId('email-status');
    await status.getByText('Not verified.').waitFor();
    await status.getByText('not send messages or upload').waitFor();
    await shoot(page, 'settings-unverified');
    await status.getByRole('button', { name: 'Send verification link' }).click();
    await status.getByText(RECOVERY_MESSAGES.verificationSent).waitFor();
    await mail();
    await page.goto(mailedLink(smtp, 'vince@example.com'));
    await page.getByTestId('verify-outcome').getByText(RECOVERY_MESSAGES.verified).waitFor();
    await shoot(page, 'verify-email');
    await page.goto('/profile');
    await hydrated(page);
    await page.getByTestId('email-status').getByText('Verified.', { exact: true }).waitFor();
    expect(errors).to.deep.equal([]);
  });
});

describe('recovery in the browser, without mail', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

  it('says an operator must configure mail instead of offering a reset', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/forgot-password');
    await page.getByTestId('no-mail').getByText(RECOVERY_MESSAGES.noMail).waitFor();
    expect(await page.getByRole('button', { name: 'Send reset link' }).count()).to.equal(0);
    await shoot(page, 'forgot-password-no-mail');
    expect(errors).to.deep.equal([]);
  });

  it(
    'lists the devices in Settings › Security and signs out one, then the button ' + 'for all says why it is off',
    async () => {
      const phone = suite.server.client({ 'User-Agent': UA });
      expect(
        (
          await phone.post('/api/auth/register', {
            username: 'sol',
            password: 'secret123',
            email: 'sol@example.com',
            name: 'Sol Sessions',
          })
        ).status,
      ).to.equal(201);
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      expect(
        (await page.request.post('/api/auth/login', { data: { username: 'sol', password: 'secret123' } })).status(),
      ).to.equal(200);
      await page.goto('/profile?tab=security');
      await hydrated(page);
      const list = page.getByTestId('sessions');
      await list.getByText('Safari on iPhone').waitFor();
      await list.locator('[data-current="true"]').getByText('This device').waitFor();
      await shoot(page, 'settings-security');
      await page.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
      await toastSaying(page, 'Signed out on that device');
      await list.getByText('Safari on iPhone').waitFor({ state: 'detached' });
      expect((await phone.get('/api/auth/user')).status).to.equal(401);
      expect(await page.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).to.equal(true);
      await page.getByText('No other device is signed in.').waitFor();
      expect(errors).to.deep.equal([]);
    },
  );
});
