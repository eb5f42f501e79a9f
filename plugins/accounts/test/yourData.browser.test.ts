import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { EXPORT_JOB } from '../dataExport.ts';
import { hydrated, signIn, toastSaying } from './browser.ts';

// Settings › Your data in the browser: ask for an export, see it prepared (the job run here, as a
// worker would), download the ZIP, then delete the account with its password.

const SHOTS = '/work/shots/export';

describe('your data in the browser', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  before(async () => {
    const res = await suite.server.client().post('/api/auth/register', {
      username: 'leaver',
      password: 'demo1234',
      email: 'leaver@example.com',
      name: 'Lea Leaver',
    });
    expect(res.status).to.equal(201);
    await mkdir(SHOTS, { recursive: true });
  });

  const runExports = () => {
    const handlers = jobHandlers(suite.server.app.plugins);
    return createRunner(suite.server.app.kernel, { [EXPORT_JOB]: handlers[EXPORT_JOB] }).drain();
  };

  it('prepares an export, shows it ready and downloads it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, {
      acceptDownloads: true,
      viewport: { width: 1366, height: 900 },
    });
    await signIn(page, 'leaver');
    await page.goto('/profile?tab=data');
    await hydrated(page);
    const prepare = page.getByRole('button', { name: 'Prepare my data' });
    await prepare.click();
    await page
      .getByTestId('export-status')
      .getByText(/Waiting for its turn|Preparing your data/)
      .waitFor();
    expect(await prepare.isDisabled()).to.equal(true);
    await page.getByText('Your export is being prepared.').waitFor();
    await page.screenshot({ path: `${SHOTS}/your-data-preparing-1366.png` });
    expect(await runExports()).to.equal(1);
    await toastSaying(page, 'Your data is ready');
    const link = page.getByRole('link', { name: 'Download' });
    await link.waitFor();
    // One a day: the button says why it is off.
    expect(await prepare.isDisabled()).to.equal(true);
    await page.getByText(/You can ask for one export a day: the next from/).waitFor();
    await page.screenshot({ path: `${SHOTS}/your-data-1366.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).to.equal('onetrack-leaver-data.zip');
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(JSON.parse(strFromU8(files['accounts/profile.json']))).to.include({
      username: 'leaver',
      name: 'Lea Leaver',
    });

    // A phone: the five tabs and the panels fit the width (no sideways scrolling).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await hydrated(page);
    await link.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    // The tab a link opened is scrolled into view in the sideways-scrolling tab strip.
    const tab = await page.getByRole('tab', { name: 'Your data' }).boundingBox();
    expect(tab!.x + tab!.width).to.be.at.most(375);
    await page.screenshot({ path: `${SHOTS}/your-data-375.png`, fullPage: true });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('deletes the account only with the right password, and signs out', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 812 } });
    await signIn(page, 'leaver');
    await page.goto('/profile?tab=data');
    await hydrated(page);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await confirm.click();
    await dialog.getByText('Enter your password to delete your account').waitFor();
    await dialog.getByLabel('Your password').fill('wrong-one');
    await confirm.click();
    await dialog.getByText('That password is not right').waitFor();
    await page.screenshot({ path: `${SHOTS}/delete-dialog-375.png` });
    expect((await page.request.get('/api/auth/user')).status()).to.equal(200);
    await dialog.getByLabel('Your password').fill('demo1234');
    await confirm.click();
    await toastSaying(page, 'Your account and personal data have been removed');
    await page.waitForURL(`${suite.server.url}/`);
    expect((await page.request.get('/api/auth/user')).status()).to.equal(401);
    expect(
      (await page.request.post('/api/auth/login', { data: { username: 'leaver', password: 'demo1234' } })).status(),
    ).to.equal(401);
    // The refused attempts logged their 400 and 403 answers in the console; nothing else went wrong.
    expect(errors.filter((e) => !/status of 40[03]/.test(e))).to.deep.equal([]);
  });
});
