import { expect } from 'chai';
import { openPage } from '../../../site/test/browser.ts';
import { DEMO_PASSWORD } from '../../accounts/demoAccount.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import { image, releaseForm, uploadAudio, uploadImage } from './fixtures.ts';

// A scheduled release before its day (issue 26 point 3): the link step 6 hands out shows fans a
// "coming on" page with a countdown and pre-save, and its artist the full page as a preview.
const clock = new Date('2026-11-26T12:00:00Z');

describe('a scheduled release in the browser', function () {
  this.timeout(60_000);
  const suite = demoBrowserSuite({ now: () => clock });
  let trackId: number;

  before(async () => {
    const nova = suite.server.client();
    expect((await nova.post('/api/auth/login', { username: 'novaharbor', password: DEMO_PASSWORD })).status).to.equal(
      200,
    );
    const audio = await uploadAudio(nova);
    const cover = await uploadImage(nova, await image(600, 600));
    const res = await nova.post(
      '/api/tracks',
      releaseForm(audio.url, cover, {
        title: 'Tide Coming In',
        isMonthlyDrop: false,
        releaseASAP: false,
        releaseDate: '2026-12-03T00:00:00.000Z',
        midnightRelease: false,
        enablePreSave: true,
      }),
    );
    expect(res.status, res.text).to.equal(201);
    trackId = res.body.id;
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`shows a visitor and a fan the coming page, where the fan pre-saves (${viewport.width} px)`, async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport });
      // The browser's countdown counts from its own clock: started at the server's, it ticks on.
      await page.clock.install({ time: clock });
      await page.goto(`/tracks/${trackId}`);
      const coming = page.getByTestId('coming-release');
      await coming.getByRole('heading', { name: 'Tide Coming In', level: 1 }).waitFor();
      expect(await coming.getByText('Coming on Dec 3, 2026').count()).to.equal(1);
      expect(
        await coming.getByRole('timer', { name: 'Next drop countdown' }).locator('[data-unit="0"]').textContent(),
      ).to.equal('06');
      expect(await page.getByRole('button', { name: 'Play' }).count(), 'no audio before the release').to.equal(0);
      expect(await coming.getByRole('link', { name: 'Log in to pre-save' }).getAttribute('href')).to.equal('/auth');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).to.equal(0);

      await signIn(page);
      await page.reload();
      await hydrated(page);
      await coming.getByRole('button', { name: 'Pre-save' }).click();
      await toastSaying(page, '“Tide Coming In” will be in your collection the moment it is out.');
      const done = coming.getByRole('button', { name: 'Pre-saved' });
      expect(await done.getAttribute('aria-pressed')).to.equal('true');
      await page.reload();
      await coming.getByRole('button', { name: 'Pre-saved' }).waitFor();
      // Withdrawn again, so the next width starts where this one did.
      await hydrated(page);
      await coming.getByRole('button', { name: 'Pre-saved' }).click();
      await toastSaying(page, 'will not be added to your collection');
      expect(errors).to.deep.equal([]);
      await page.context().close();
    });
  }

  it('shows the artist their scheduled release in full, marked as a preview', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await signIn(page, 'novaharbor');
    await page.goto(`/tracks/${trackId}`);
    await page
      .getByTestId('preview-note')
      .filter({ hasText: 'Preview: only you see this page in full until Dec 3, 2026.' })
      .waitFor();
    await page.getByRole('heading', { name: 'Tide Coming In', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Pre-save' }).count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
