import { expect } from 'chai';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { hydrated, toastSaying } from './browser.ts';

const SHOTS = '/work/shots/recover';

describe("passkeys in the browser (Chromium's virtual authenticator)", function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('adds a passkey in Settings › Security, signs in with it from the login screen, and removes it', async () => {
    // WebAuthn takes a domain, not an IP address, as the site: localhost is one.
    const base = suite.server.url.replace('127.0.0.1', 'localhost');
    const { page, errors } = await openPage(suite.browser, base);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: { username: 'kira', password: 'secret123', email: 'kira@example.com', name: 'Kira Key' },
        })
      ).status(),
    ).to.equal(201);

    await page.goto('/profile?tab=security');
    await hydrated(page);
    await page.getByTestId('passkeys-empty').waitFor();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await toastSaying(page, 'Passkey added');
    await page.getByTestId('passkeys').getByText('Chrome on Linux').waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).to.have.length(1);
    expect(credentials[0].isResidentCredential).to.equal(true);
    for (const [label, viewport] of Object.entries({
      desktop: { width: 1366, height: 900 },
      phone: { width: 375, height: 812 },
    })) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${SHOTS}/settings-passkeys-${label}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // Signed out, then in again with the passkey alone: no username, no password.
    expect((await page.request.post('/api/auth/logout')).status()).to.equal(200);
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await toastSaying(page, 'Login successful');
    await page.waitForURL(`${base}/`);
    expect((await (await page.request.get('/api/auth/user')).json()).username).to.equal('kira');
    const [passkey] = await (await page.request.get('/api/auth/passkeys')).json();
    expect(passkey.lastUsedAt).to.be.a('string');

    await page.goto('/profile?tab=security');
    await hydrated(page);
    await page.getByRole('button', { name: 'Remove passkey Chrome on Linux' }).click();
    await toastSaying(page, 'Passkey removed');
    await page.getByTestId('passkeys-empty').waitFor();
    // The authenticator still holds it, but the site no longer knows it.
    expect((await page.request.post('/api/auth/logout')).status()).to.equal(200);
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await toastSaying(page, 'Login failed');
    expect((await page.request.get('/api/auth/user')).status()).to.equal(401);
    expect(errors.filter((e) => !/401/.test(e))).to.deep.equal([]);
  });
});
