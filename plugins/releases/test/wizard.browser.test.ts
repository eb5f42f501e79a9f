import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { browserSuite, openPage } from '../../../site/test/browser.ts';
import { hydrated } from '../../accounts/test/browser.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { monthInWords } from '../../catalog/drops.ts';
import { earliestReleaseDay, formatDay } from '../schedule.ts';
import { image, tone } from './fixtures.ts';

/** Which step markers are gold (complete), by step number. */
const goldSteps = (page: Page) =>
  page
    .locator('.wizard-step')
    .evaluateAll((steps) => steps.flatMap((li, i) => (li.classList.contains('done') ? [i + 1] : [])));

async function register(page: Page, username: string, artist: boolean) {
  const res = await page.request.post('/api/auth/register', {
    data: {
      username,
      password: 'secret123',
      email: `${username}@example.com`,
      name: `${username} Name`,
      isArtist: artist,
    },
  });
  expect(res.status()).to.equal(201);
  if (artist) expect((await page.request.post('/api/auth/register-artist-hook')).status()).to.equal(200);
}

describe('releases: the upload wizard in the browser', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('shows Authentication Required signed out and Artist Account Required to listeners', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log In' }).getAttribute('href')).to.equal('/login?next=%2Fupload');
    await register(page, 'listener', false);
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Artist Account Required' }).waitFor();
    expect(await page.getByRole('link', { name: 'Update Profile' }).getAttribute('href')).to.equal('/profile');
    await page.context().close();
  });

  it('walks all six steps with a WAV and a PNG, keeps the draft over a reload, publishes a playable drop', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url, { viewport: { width: 375, height: 800 } });
    await register(page, 'wizard', true);
    await page.goto('/upload');
    await hydrated(page);
    await page.getByText('Monthly Drop Limit').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);

    // Step 1: messages under the fields, then valid details. No marker is gold before its step is valid.
    expect(await goldSteps(page)).to.deep.equal([]);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).to.equal(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Genre is required').waitFor();
    await page.getByLabel('Release Title').fill('Glass Harbour');
    await page.getByLabel('Genre').selectOption('Electronic');
    await page.getByLabel('Language of Title').selectOption('English');
    await page.getByLabel('Previously Released').check();
    await page.getByLabel('Previous Release Date').fill('2021-06-01');
    expect(await goldSteps(page)).to.deep.equal([1]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Step 2: Cover Art' }).waitFor();
    expect(await goldSteps(page), 'no cover chosen yet').to.deep.equal([1]);

    // The draft survives a reload.
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: 'Step 2: Cover Art' }).waitFor();

    // Step 2: a too-small image is refused by the browser check; a good one uploads; crop re-uploads a JPEG.
    await page
      .locator('#cover-file')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await image(300, 300) });
    await page.getByText('Image must be at least 500x500 pixels').waitFor();
    await page
      .locator('#cover-file')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await image(900, 900) });
    await page.getByAltText('Cover art preview').waitFor();
    await page.getByText('cover.png').waitFor();
    await page.getByRole('button', { name: 'Crop Image' }).click();
    const crop = page.getByRole('dialog', { name: 'Crop Cover Image' });
    await crop.waitFor();
    await page.keyboard.press('ArrowLeft');
    await crop.getByRole('button', { name: 'Apply Crop' }).click();
    await page.getByText('cover-cropped.jpg').waitFor();
    expect(await page.getByAltText('Cover art preview').getAttribute('src')).to.match(/^\/media\/u\/\w+\.jpg$/);
    expect(await goldSteps(page)).to.deep.equal([1, 2]);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await goldSteps(page), 'no audio chosen yet').to.deep.equal([1, 2]);

    // Step 3: audio with name, m:ss and MB; a credit through its dialog; lyrics language appears.
    await page.locator('#audio-file').setInputFiles({ name: 'glass.wav', mimeType: 'audio/wav', buffer: tone(5) });
    await page.getByText('glass.wav').waitFor();
    expect(await goldSteps(page)).to.deep.equal([1, 2, 3]);
    await page.getByText('0:05').waitFor();
    await page.getByText(/0\.\d\d MB/).waitFor();
    await page.getByRole('button', { name: 'Add Artist Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Artist Roles' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Wizard Name');
    await dialog.getByLabel('Role').fill('Primary Artist');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Wizard Name').waitFor();
    await page.getByLabel('Lyrics Present').check();
    await page.getByLabel('Lyrics Language').selectOption('English');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: ASAP on, pre-save disabled; with ASAP off the date starts at the first day allowed,
    // which the hint and a too-early date's message name; a date is required.
    await page.getByRole('heading', { name: 'Step 4: Delivery Options' }).waitFor();
    expect(await page.getByLabel('Enable Pre-Save').isDisabled()).to.equal(true);
    await page.getByLabel('Release ASAP').uncheck();
    const earliest = earliestReleaseDay(new Date());
    expect(await page.getByLabel('Release Date').inputValue()).to.equal(earliest);
    expect(await page.getByLabel('Release Date').getAttribute('min')).to.equal(earliest);
    await page.getByText(`At least 7 days from today: ${formatDay(earliest)} or later.`).waitFor();
    await page.getByLabel('Release Date').fill(new Date().toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Release Date must be at least 7 days from today: ${formatDay(earliest)} or later`).waitFor();
    await page.getByLabel('Release Date').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Release Date is required').waitFor();
    await page.getByLabel('Release ASAP').check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 5: review, badge, submit.
    const badge = page.getByText('MONTHLY DROP', { exact: true });
    await badge.waitFor();
    // Gold with black text, readable on the dark card (its background was missing from the theme).
    expect(
      await badge.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]),
    ).to.deep.equal(['rgb(245, 197, 66)', 'rgb(0, 0, 0)']);
    expect(await page.getByText('Missing Required Fields').count()).to.equal(0);
    await page.getByRole('button', { name: 'Submit Release' }).click();
    await page.getByRole('heading', { name: 'Upload Complete!' }).waitFor();
    await page.getByTestId('toast').filter({ hasText: 'Track uploaded successfully' }).waitFor();
    // ASAP is public at once: step 6 says so, with today's date (not an estimate days ahead).
    expect(await page.getByTestId('release-date').textContent()).to.equal(
      formatDay(new Date().toISOString().slice(0, 10)),
    );
    await page.getByText('public now').waitFor();
    expect(await goldSteps(page)).to.deep.equal([1, 2, 3, 4, 5, 6]);

    const link = await page.getByLabel('Share link').inputValue();
    const id = Number(link.split('/').pop());
    expect(link).to.equal(`${suite.server.url}/tracks/${id}`);
    await page.getByRole('tab', { name: 'Embed' }).click();
    expect(await page.getByLabel('Embed code').inputValue()).to.include(`src="${suite.server.url}/embed/tracks/${id}"`);
    await page.getByRole('tab', { name: 'QR Code' }).click();
    const qr = page.getByRole('img', { name: `QR code for ${link}` });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).to.equal(true);

    // The media worker makes the streaming file; step 6 notices.
    await createRunner(suite.server.app.kernel, jobHandlers(suite.server.app.plugins)).drain();
    await page.getByText('Processing finished').waitFor({ timeout: 10_000 });

    // The embeddable player may be framed and plays the streaming file.
    const embed = await page.request.get(`/embed/tracks/${id}`);
    expect(embed.status()).to.equal(200);
    expect(embed.headers()['x-frame-options']).to.equal(undefined);
    expect(embed.headers()['content-security-policy']).to.include('frame-ancestors *');
    await page.goto(`/embed/tracks/${id}`);
    expect(await page.locator('audio').getAttribute('src')).to.match(/\.m4a$/);
    const ok = await page.evaluate(async () => {
      const audio = document.querySelector('audio')!;
      audio.muted = true;
      await audio.play();
      return !audio.paused;
    });
    expect(ok).to.equal(true);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('knows from step 1 that this month’s drop is taken: Monthly Drop off, saying why, linking it', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await register(page, 'taken', true);
    const artist = await suite.server.app.kernel
      .knex('artists')
      .join('users', 'users.id', 'artists.userId')
      .where('users.username', 'taken')
      .first('artists.id');
    const now = new Date();
    const dropId = await addTrack(artist.id, 'Already Out', new Date(now.getTime() - 60_000));
    const thisMonth = monthInWords(now.toISOString().slice(0, 7));

    await page.goto('/upload');
    await hydrated(page);
    const notice = page.getByTestId('monthly-drop-notice');
    await notice.getByText(`Your ${thisMonth} drop is already out: Already Out.`).waitFor();
    expect(await notice.getByRole('link', { name: 'Already Out' }).getAttribute('href')).to.equal(`/tracks/${dropId}`);

    await page.getByLabel('Release Title').fill('Second Light');
    await page.getByLabel('Genre').selectOption('Rock');
    await page.getByLabel('Language of Title').selectOption('English');
    for (const step of ['Step 2: Cover Art', 'Step 3: Track Upload', 'Step 4: Delivery Options']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: step }).waitFor();
    }
    const monthly = page.getByLabel('Monthly Drop');
    expect(await monthly.isChecked()).to.equal(false);
    expect(await monthly.isDisabled()).to.equal(true);
    const why = page.locator('#monthly-drop-hint');
    expect(await why.textContent()).to.include(`Your ${thisMonth} drop is already out: Already Out.`);
    expect(await why.getByRole('link', { name: 'Already Out' }).getAttribute('href')).to.equal(`/tracks/${dropId}`);

    // Scheduled into next month, the release may be that month's drop again.
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const day = new Date(Math.max(nextMonth.getTime(), now.getTime() + 8 * 86_400_000)).toISOString().slice(0, 10);
    await page.getByLabel('Release ASAP').uncheck();
    await page.getByLabel('Release Date').fill(day);
    expect(await monthly.isDisabled()).to.equal(day.slice(0, 7) === now.toISOString().slice(0, 7));
    if (day.slice(0, 7) !== now.toISOString().slice(0, 7)) expect(await monthly.isChecked()).to.equal(true);
    await page.getByLabel('Release ASAP').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('REGULAR UPLOAD', { exact: true }).waitFor();
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});
