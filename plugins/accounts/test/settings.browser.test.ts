import { expect } from 'chai';
import sharp from 'sharp';
import { browserSuite, holdUntilReleased, openPage, REACT_CHUNK } from '../../../site/test/browser.ts';
import { PROFILE_CHANGES_PER_HOUR } from '../rules.ts';
import { hydrated, signIn, toastSaying } from './browser.ts';

describe('settings in the browser', () => {
  const suite = browserSuite();
  before(async () => {
    const register = (username: string) =>
      suite.server.client().post('/api/auth/register', {
        username,
        password: 'demo1234',
        email: `${username}@example.com`,
        name: 'Sam Sample',
      });
    expect((await register('sam')).status).to.equal(201);
  });

  it(
    'saves the account with field messages, turns on the artist account with a ' + 'genre, and keeps preferences',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url);
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Not Logged In' }).waitFor();
      await signIn(page, 'sam');
      await page.goto('/profile');
      await hydrated(page);

      await page.getByLabel('Full Name').fill('S');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Name must be at least 2 characters').waitFor();
      await page.getByLabel('Full Name').fill('Sam Singer');
      // The bio takes 500 characters at most, counted as they are typed.
      await page.getByLabel('Bio').focus();
      await page.keyboard.insertText('b'.repeat(600));
      expect((await page.getByLabel('Bio').inputValue()).length).to.equal(500);
      await page.getByLabel('Bio').fill('Jazz from the harbour.');
      expect(await page.locator('#profile-bio ~ [data-testid="char-count"]').textContent()).to.include('22 / 500');
      await page.getByLabel('Artist Account (upload your monthly drops)').check();
      await page.getByLabel('Music Genre').selectOption('Jazz');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toastSaying(page, 'Profile updated');
      const me = await (await page.request.get('/api/auth/user')).json();
      expect(me).to.include({ name: 'Sam Singer', isArtist: true });
      const artists = (await (await page.request.get('/api/artists')).json()) as Array<{ name: string; genre: string }>;
      expect(artists.find((a) => a.name === 'Sam Singer')?.genre).to.equal('Jazz');

      await page.getByRole('tab', { name: 'Preferences' }).click();
      await page.getByLabel('Email notifications').uncheck();
      await page.getByLabel('Light').check();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await toastSaying(page, 'Settings Applied');
      await page.reload();
      await hydrated(page);
      await page.getByRole('tab', { name: 'Preferences' }).click();
      expect(await page.getByLabel('Email notifications').isChecked()).to.equal(false);
      expect(await page.getByLabel('In-app notifications').isChecked()).to.equal(true);
      expect(await page.getByLabel('Light').isChecked()).to.equal(true);

      await page.getByRole('tab', { name: 'Billing' }).click();
      // A new account: its first month is included (membership.browser.test.ts upgrades one).
      await page.getByTestId('billing-state').getByText('FIRST MONTH INCLUDED').waitFor();
      await page.getByText('there are no premium tiers above it').waitFor();
      // One membership: no "Change Plan" button that only says there is none.
      await page.getByText('There is no other plan to change to.').waitFor();
      expect(await page.getByRole('button', { name: 'Change Plan' }).count()).to.equal(0);
      expect(errors).to.deep.equal([]);
    },
  );

  it('saves a genre chosen before the profile form hydrated', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: {
            username: 'early',
            password: 'demo1234',
            email: 'early@example.com',
            name: 'Eve Early',
            isArtist: true,
          },
        })
      ).status(),
    ).to.equal(201);
    const release = await holdUntilReleased(page, REACT_CHUNK);
    await page.goto('/profile');
    await page.getByLabel('Music Genre').selectOption('Jazz');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    release();
    await toastSaying(page, 'Profile updated');
    expect(await page.getByLabel('Music Genre').inputValue()).to.equal('Jazz');
    const artists = (await (await page.request.get('/api/artists')).json()) as Array<{ name: string; genre: string }>;
    expect(artists.find((a) => a.name === 'Eve Early')?.genre).to.equal('Jazz');
    expect(errors).to.deep.equal([]);
  });

  it('says so when the genre is refused after the account was saved (too many changes this hour)', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const registered = await page.request.post('/api/auth/register', {
      data: { username: 'busy', password: 'demo1234', email: 'busy@example.com', name: 'Bea Busy', isArtist: true },
    });
    expect(registered.status()).to.equal(201);
    const { id } = await registered.json();
    // All but one of the hour's changes: the form's name change is the last, its genre one too many.
    for (let i = 1; i < PROFILE_CHANGES_PER_HOUR; i++)
      expect((await page.request.patch(`/api/users/${id}`, { data: { name: `Bea ${i}` } })).status()).to.equal(200);
    await page.goto('/profile');
    await hydrated(page);
    await page.getByLabel('Full Name').fill('Bea Finally');
    await page.getByLabel('Music Genre').selectOption('Folk');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastSaying(
      page,
      'Your other changes have been saved. You have changed your profile many times ' +
        'in the last hour. Try again in 60 minutes.',
    );
    expect(
      await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).count(),
      'no word of success for the genre',
    ).to.equal(0);
    expect((await (await page.request.get('/api/auth/user')).json()).name).to.equal('Bea Finally');
    const artists = (await (await page.request.get('/api/artists')).json()) as Array<{
      userId: number;
      genre: string | null;
    }>;
    expect(artists.find((a) => a.userId === id)?.genre).not.to.equal('Folk');
    expect(
      errors.filter((e) => !e.includes('429')),
      'only the refused request in the console',
    ).to.deep.equal([]);
  });

  it('takes a photo chosen while React hydrates the form, without entering it again as typing', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    expect(
      (
        await page.request.post('/api/auth/register', {
          data: { username: 'quick', password: 'demo1234', email: 'quick@example.com', name: 'Quinn Quick' },
        })
      ).status(),
    ).to.equal(201);
    // Between Astro's hydrate event and React's commit (site/directives/islandForms.ts notes what
    // is entered then): a file input's value can't be set by a script, so it must not be noted.
    await page.addInitScript(() => {
      document.addEventListener(
        'astro:hydrate',
        (event) => {
          const input = (event.target as Element).querySelector<HTMLInputElement>('input[type="file"]');
          if (!input) return;
          queueMicrotask(() => {
            const files = new DataTransfer();
            files.items.add(new File(['not yet'], 'early.png', { type: 'image/png' }));
            input.files = files.files;
            input.dispatchEvent(new Event('change', { bubbles: true }));
          });
        },
        { capture: true },
      );
    });
    await page.goto('/profile');
    await hydrated(page);
    await page.getByLabel('Full Name').waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(errors).to.deep.equal([]);
  });

  it(
    'changes the profile photo: the browser refuses what the suite.server would, a ' + 'real photo shows everywhere',
    async () => {
      const { page, errors } = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 375, height: 800 },
      });
      expect(
        (
          await page.request.post('/api/auth/register', {
            data: { username: 'poser', password: 'demo1234', email: 'poser@example.com', name: 'Pia Poser' },
          })
        ).status(),
      ).to.equal(201);
      await page.goto('/profile');
      await hydrated(page);
      const picture = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: '#2a6' } })
          .png()
          .toBuffer();
      const choose = page.getByLabel('Choose a profile photo');

      await choose.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: await picture(80, 80) });
      await toastSaying(page, 'Image must be at least 100x100 pixels');
      await choose.setInputFiles({
        name: 'anim.gif',
        mimeType: 'image/gif',
        buffer: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2a6' } })
          .gif()
          .toBuffer(),
      });
      await toastSaying(page, 'Please choose a JPG or PNG image');
      expect(await page.getByAltText('Your profile photo').count()).to.equal(0);

      await choose.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(1200, 900) });
      await toastSaying(page, 'Image uploaded');
      const avatar = page.getByAltText('Your profile photo');
      await avatar.waitFor();
      const src = await avatar.getAttribute('src');
      expect(src).to.match(/^\/media\/avatars\/\d+-[0-9a-f]{12}\.jpg$/);
      await page.waitForFunction(
        () => (document.querySelector('img.profile-avatar') as HTMLImageElement | null)?.naturalWidth === 400,
      );
      // The top bar shows it after the next page load.
      await page.reload();
      await hydrated(page);
      expect(await page.getByRole('link', { name: 'Your profile' }).locator('img').getAttribute('src')).to.equal(src);
      expect(errors).to.deep.equal([]);
      await page.context().close();
    },
  );
});
