import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { holdUntilReleased, openPage, PAGE_SCRIPTS } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn } from '../../accounts/test/browser.ts';

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime);

describe('catalog in the browser', () => {
  const suite = demoBrowserSuite();

  it('plays a drop and keeps the same audio playing from where it was across sidebar navigation', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/');
    expect(await page.getByRole('region', { name: 'Player' }).count()).to.equal(0);
    await page.getByRole('button', { name: 'Play Featured Drops' }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 1,
    );
    await page.evaluate(
      () =>
        ((window as unknown as { playerAudio: unknown }).playerAudio =
          document.querySelector('[data-testid="player-audio"]')),
    );
    const before = await currentTime(page);
    const started = Date.now();

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Artists' }).click();
    await page.waitForURL(`${suite.server.url}/artists`);
    await page.getByRole('heading', { name: 'Artists', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Discover' }).click();
    await page.waitForURL(`${suite.server.url}/discover`);
    await page.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();

    // The very same element, still playing, and it did not restart: time played ≈ time elapsed.
    const same = await page.evaluate(
      () =>
        (window as unknown as { playerAudio: unknown }).playerAudio ===
        document.querySelector('[data-testid="player-audio"]'),
    );
    expect(same).to.equal(true);
    await page.waitForTimeout(300);
    const after = await currentTime(page);
    const elapsed = (Date.now() - started) / 1000;
    expect(after - before).to.be.within(elapsed - 1.2, elapsed + 0.3);
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused),
    ).to.equal(false);
    expect(await player.getByRole('button', { name: 'Pause' }).isVisible()).to.equal(true);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('drives the player: pause with Space, skip and seek clamped, volume 0–100 remembered as 0–1', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto(`/artist/${suite.nova.id}`);
    await page.getByRole('button', { name: 'Play Tidal Lights' }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('link', { name: 'Tidal Lights' }).waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.currentTime > 0.3,
    );

    // Lock-screen controls know what plays.
    const session = await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      artist: navigator.mediaSession.metadata?.artist,
    }));
    expect(session).to.deep.equal({ title: 'Tidal Lights', artist: 'Nova Harbor' });

    await page.locator('body').press('Space');
    await player.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.paused),
    ).to.equal(true);

    await player.getByRole('button', { name: 'Forward 10 seconds' }).click();
    expect(await currentTime(page)).to.be.within(10, 11.5);
    await player.getByRole('button', { name: 'Forward 10 seconds' }).click();
    await player.getByRole('button', { name: 'Forward 10 seconds' }).click();
    // The clip is 24 s long: seeking past the end stops at the end.
    expect(await currentTime(page)).to.be.within(23, 24.1);
    for (let i = 0; i < 3; i++) await player.getByRole('button', { name: 'Back 10 seconds' }).click();
    expect(await currentTime(page)).to.equal(0);

    const volume = player.getByRole('slider', { name: 'Volume' });
    expect(await volume.inputValue()).to.equal('70');
    await volume.fill('25');
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!.volume),
    ).to.equal(0.25);
    expect(await page.evaluate(() => localStorage.getItem('onetrack.volume'))).to.equal('0.25');
    await page.reload();
    await page.getByRole('button', { name: 'Play Tidal Lights' }).click();
    expect(
      await page.getByRole('region', { name: 'Player' }).getByRole('slider', { name: 'Volume' }).inputValue(),
    ).to.equal('25');
    await page.context().close();
  });

  it('rolls back an optimistic like when signed out, and records likes and listens when signed in', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto(`/artist/${suite.nova.id}`);
    await page.getByRole('button', { name: 'Play Tidal Lights' }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Like Tidal Lights' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Please log in to like tracks' }).waitFor();
    expect(await player.getByRole('button', { name: 'Like Tidal Lights' }).getAttribute('aria-pressed')).to.equal(
      'false',
    );

    await signIn(page);
    await page.reload();
    await page.getByRole('button', { name: 'Play Low Orbit' }).click();
    const like = page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Like Low Orbit' });
    await like.click();
    await page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Unlike Low Orbit' }).waitFor();
    const tracks = (await suite.server.client().get(`/api/artists/${suite.nova.id}/tracks`)).body as Array<{
      id: number;
      title: string;
      likeCount: number;
    }>;
    const lowOrbit = tracks.find((t) => t.title === 'Low Orbit')!;
    const liked = await page.request.get(`/api/tracks/${lowOrbit.id}`);
    expect((await liked.json()).liked).to.equal(true);

    // Switching tracks records a listen for the one before.
    const listensBefore = await suite.server.app.kernel
      .knex('listens')
      .where({ trackId: lowOrbit.id })
      .count({ n: '*' });
    await page.getByRole('button', { name: 'Play Tidal Lights' }).click();
    await page.getByRole('region', { name: 'Player' }).getByRole('link', { name: 'Tidal Lights' }).waitFor();
    let n = 0;
    for (let i = 0; i < 20 && n <= Number(listensBefore[0].n); i++) {
      await page.waitForTimeout(100);
      n = Number(
        (await suite.server.app.kernel.knex('listens').where({ trackId: lowOrbit.id }).count({ n: '*' }))[0].n,
      );
    }
    expect(n).to.equal(Number(listensBefore[0].n) + 1);
    await page.context().close();
  });

  it('answers an unknown artist with HTTP 404 and titles the profile "Name | OneTrack" while open', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const missing = await page.goto('/artist/424242');
    expect(missing!.status()).to.equal(404);
    await page.getByRole('heading', { name: 'Artist Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Browse Artists' }).click();
    await page.waitForURL(`${suite.server.url}/artists`);
    await page
      .getByRole('link', { name: /Nova Harbor/ })
      .first()
      .click();
    await page.waitForURL(`${suite.server.url}/artist/${suite.nova.id}`);
    await page.getByRole('heading', { name: 'Nova Harbor', level: 1 }).waitFor();
    expect(await page.title()).to.equal('Nova Harbor | OneTrack');
    await page.getByRole('tab', { name: 'About' }).click();
    expect(await page.getByTestId('joined').textContent()).to.match(/^[A-Z][a-z]+ \d{4}$/);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await page.waitForURL(`${suite.server.url}/`);
    expect(await page.title()).to.equal('OneTrack | One Track. Per Month. One Chance. Forever.');
    const redirected = await page.goto(`/artists/${suite.nova.id}`);
    expect(redirected!.url()).to.equal(`${suite.server.url}/artist/${suite.nova.id}`);
    expect(errors.filter((e) => !e.includes('404'))).to.deep.equal([]);
    await page.context().close();
  });

  it('searches the directory by name or genre as you type, case-insensitively', async () => {
    const { page } = await openPage(suite.browser, suite.server.url);
    await page.goto('/artists');
    const cards = page.locator('[data-artist-card]:visible');
    // The suite.server answers each search: wait until the cards shown are the expected ones.
    const shows = (names: string[]) =>
      page.waitForFunction(
        (expected) =>
          JSON.stringify(
            [...document.querySelectorAll('.artist-card-name')].map((h) => h.firstChild?.textContent?.trim()),
          ) === expected,
        JSON.stringify(names),
        { timeout: 5000 },
      );
    expect(await cards.count()).to.equal(8);
    const search = page.getByRole('searchbox', { name: 'Search artists by name or genre' });
    await search.pressSequentially('JAZZ');
    await shows(['Blue Moon Trio']);
    // "JA" already shows the same card: the address follows the last keystroke's answer.
    await page.waitForFunction((href) => location.href === href, `${suite.server.url}/artists?q=JAZZ`, {
      timeout: 5000,
    });
    await search.fill('');
    await search.pressSequentially('nova');
    await shows(['Nova Harbor']);
    await search.pressSequentially('xyz');
    await shows([]);
    await page.getByRole('heading', { name: 'No Artists Found' }).waitFor();
    expect(await page.getByText('Try adjusting your search criteria').isVisible()).to.equal(true);
    expect(await page.getByRole('status').filter({ hasText: '0 artists found' }).count()).to.equal(1);
    await page.context().close();
  });

  it('searches the directory for what was typed before the page scripts ran', async () => {
    const { page, errors } = await openPage(suite.browser, suite.server.url);
    const release = await holdUntilReleased(page, PAGE_SCRIPTS);
    await page.goto('/artists', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: 'Search artists by name or genre' }).pressSequentially('jazz');
    expect(await page.locator('[data-artist-card]:visible').count()).to.equal(8);
    release();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.artist-card-name')].map((h) => h.firstChild?.textContent?.trim()).join() ===
        'Blue Moon Trio',
    );
    expect(page.url()).to.equal(`${suite.server.url}/artists?q=jazz`);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('tells the suite.server its time zone in the tz cookie', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, { timezoneId: 'Pacific/Kiritimati' });
    await page.goto('/artists');
    await hydrated(page);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'tz')?.value).to.equal('Pacific/Kiritimati');
    await page.context().close();
  });

  it(
    'subscribes: a toast offering to sign in signed out; Subscribed and in the ' + 'sidebar at once signed in',
    async () => {
      const { page } = await openPage(suite.browser, suite.server.url);
      const artists = (await suite.server.client().get('/api/artists')).body as Array<{ id: number; name: string }>;
      const kai = artists.find((a) => a.name === 'Kai Rocks')!;
      await page.goto(`/artist/${kai.id}`);
      const button = page.locator('.artist-actions').getByRole('button', { name: 'Subscribe to Kai Rocks' });
      await button.click();
      await page.getByTestId('toast').filter({ hasText: 'Please log in to subscribe to artists' }).waitFor();

      await signIn(page);
      // The sidebar's code held back: a click before it hydrates must still show the artist there.
      await page.route(/\/_astro\/Sidebar\.[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.reload();
      const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await sidebar.getByRole('link', { name: 'Kai Rocks' }).count()).to.equal(0);
      await page.locator('.artist-actions').getByRole('button', { name: 'Subscribe to Kai Rocks' }).click();
      const done = page.locator('.artist-actions').getByRole('button', { name: 'Subscribed to Kai Rocks' });
      await done.waitFor();
      expect(await done.isDisabled()).to.equal(true);
      expect(await done.textContent()).to.equal('Subscribed');
      expect(await done.getAttribute('class')).to.include('btn-gold');
      await page.getByTestId('toast').filter({ hasText: 'Subscribed to Kai Rocks' }).waitFor();
      await sidebar.getByRole('link', { name: 'Kai Rocks' }).waitFor();
      await page.waitForFunction(
        () => !document.querySelector('#sidebar')?.closest('astro-island')?.hasAttribute('ssr'),
      );
      expect(
        await sidebar.getByRole('link', { name: 'Kai Rocks' }).count(),
        'still there once the sidebar hydrated',
      ).to.equal(1);
      await page.context().close();
    },
  );

  it('shares an artist: copy link says "Link copied!" and closes the dialog', async () => {
    const { page } = await openPage(suite.browser, suite.server.url, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(`/artist/${suite.nova.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Nova Harbor' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')).to.include(
      encodeURIComponent(`/artist/${suite.nova.id}`),
    );
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Link copied!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(
      `${suite.server.url}/artist/${suite.nova.id}`,
    );
    await page.getByRole('button', { name: 'Link copied!' }).waitFor();
    await page.context().close();
  });
});
