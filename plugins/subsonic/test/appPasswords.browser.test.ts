import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { hydrated, toastSaying } from '../../accounts/test/browser.ts';

// Settings › Apps in Chromium: the connection details, a password made and shown once, the field's
// message, deleting with a confirmation; screenshots at desktop and phone widths.

const SHOTS = process.env.SHOTS_DIR;

describe('subsonic: Settings › Apps in the browser', () => {
  const suite = browserSuite();
  before(async () => {
    const res = await suite.server.client().post('/api/auth/register', {
      username: 'appfan',
      password: 'demo1234',
      email: 'appfan@example.com',
      name: 'App Fan',
    });
    expect(res.status).to.equal(201);
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`creates, shows once and deletes an app password at ${viewport.width} px`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      await page.goto('/settings/apps');
      await page.getByRole('heading', { name: 'Not Logged In' }).waitFor();
      expect(
        (await page.request.post('/api/auth/login', { data: { username: 'appfan', password: 'demo1234' } })).status(),
      ).to.equal(200);
      await page.goto('/profile');
      await page.getByRole('link', { name: /Subsonic apps/ }).click();
      await page.waitForURL('**/settings/apps');
      await hydrated(page);
      expect(await page.getByTestId('server-url').textContent()).to.equal(suite.server.url);
      await page.getByTestId('no-app-passwords').waitFor();

      await page.getByRole('button', { name: 'Create password' }).click();
      await page.getByText('Name the app this password is for').waitFor();
      await page.getByLabel('App name').fill(`Phone ${viewport.width}`);
      await page.getByRole('button', { name: 'Create password' }).click();
      const secretField = page.getByLabel(`App password for Phone ${viewport.width}`);
      const secret = await secretField.inputValue();
      expect(secret).to.match(/^[A-Za-z0-9_-]{24}$/);
      const ping = await (await page.request.get(`/rest/ping?apiKey=${secret}&f=json`)).json();
      expect(ping['subsonic-response'].status).to.equal('ok');
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/apps-created-${viewport.width}.png`, fullPage: true });
      }

      // Shown once: after a reload only the name and dates are there.
      await page.reload();
      await hydrated(page);
      expect(await page.getByLabel(`App password for Phone ${viewport.width}`).count()).to.equal(0);
      await page.getByText(`Phone ${viewport.width}`).waitFor();
      expect(await page.content()).not.to.contain(secret);
      await page.getByRole('button', { name: `Delete Phone ${viewport.width}` }).click();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/apps-confirm-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Delete, sign the app out' }).click();
      await toastSaying(page, 'App password deleted');
      await page.getByTestId('no-app-passwords').waitFor();
      const refused = await (await page.request.get(`/rest/ping?apiKey=${secret}&f=json`)).json();
      expect(refused['subsonic-response'].error.code).to.equal(44);
      expect(errors).to.deep.equal([]);
    });
  }
});
