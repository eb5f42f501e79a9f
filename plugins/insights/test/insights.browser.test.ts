import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { openPage } from '../../../site/test/browser.ts';
import { demoBrowserSuite, hydrated, signIn, toastSaying } from '../../accounts/test/browser.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import type { Services as TestServerServices } from '../../../api/plugins/types.ts';

const SHOTS = '/work/shots/insights';
const BROWSER = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${n}.0 Safari/537.36`;

describe('insights in the browser: the dashboard and a private link', function () {
  this.timeout(90_000);
  const suite = demoBrowserSuite();
  let secret: number;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const knex = suite.server.app.kernel.knex;
    const published = await knex('tracks').where({ artistId: suite.nova.id }).orderBy('id').first('id', 'audio_url');
    // An unreleased track of Nova's, playing the demo audio: what a press preview is for.
    secret = await addTrack(suite.nova.id, 'Secret Song', new Date(Date.now() + 20 * 86_400_000), false);
    await knex('tracks').where({ id: secret }).update({ audioUrl: published.audioUrl });
    for (let n = 1; n <= 7; n++) {
      const client = suite.server.client({ 'User-Agent': BROWSER(n) });
      for (const event of n < 6 ? ['start', 'thirty', 'complete'] : ['start', 'skip'])
        await client.post('/api/plays', { trackId: published.id, event, source: n % 2 ? 'track' : 'search' });
    }
    await suite.server.app.kernel.services.insights.rollupDay(new Date().toISOString().slice(0, 10));
    // Six members who subscribed to Nova two days ago and left yesterday: subscribers lost, shown from 5.
    const novaUser = (await knex('artists').where({ id: suite.nova.id }).first('userId')).userId;
    const leavers = await knex('users')
      .whereNot({ id: novaUser })
      .whereNotIn('id', knex('subscriptions').select('user_id').where({ artistId: suite.nova.id }))
      .limit(6)
      .select('id');
    expect(leavers).to.have.length(6);
    await knex('subscriptions').insert(
      leavers.map((u: { id: number }) => ({
        userId: u.id,
        artistId: suite.nova.id,
        active: false,
        createdAt: Date.now() - 2 * 86_400_000,
        endedAt: Date.now() - 86_400_000,
      })),
    );
    board = await suite.server.app.kernel.services.insights.dashboard(novaUser, '30');
  });
  /**
   * What the service answers for Nova's last 30 days (the seed's plays from its listens included): what the page must
   * show.
   */
  let board: Awaited<ReturnType<TestServerServices['insights']['dashboard']>>;

  const shoot = async (page: Page, name: string) => {
    for (const [width, height] of [
      [1366, 900],
      [375, 812],
    ]) {
      await page.setViewportSize({ width, height });
      // The layout's sidebar slides to its phone place: let it arrive.
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  };

  it(
    'shows the artist their figures, makes a private link that plays as "private ' + 'link", and revokes it at once',
    async () => {
      const artist = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
      await signIn(artist.page, 'novaharbor');
      await artist.page.goto('/');
      await artist.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      await artist.page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      const stat = (label: string) =>
        artist.page
          .locator('.stat')
          .filter({ has: artist.page.locator('dt', { hasText: label }) })
          .locator('dd');
      // The seed's demo listens count as plays too: 7 more than the seed's, with 5 of those 7 completed.
      expect(board.totals.plays).to.be.at.least(7);
      expect(await stat('Plays').textContent()).to.equal(String(board.totals.plays));
      expect(await stat('Listeners').textContent()).to.equal(String(board.totals.listeners));
      expect(await stat('Completion rate').textContent()).to.equal(
        `${Math.round(board.totals.completionRate! * 100)}\u00a0%`,
      );
      expect(await stat('Subscribers lost').textContent()).to.equal('6');
      expect(await artist.page.getByText('Projected payout').count()).to.equal(1);
      expect(await artist.page.getByText(/A projection at this month's figures so far/).count()).to.equal(1);
      // Charts are in the HTML itself, with tables for screen readers.
      expect(await artist.page.locator('figure svg path.chart-line').count()).to.equal(4);
      expect(await artist.page.getByRole('table', { name: 'Plays by source' }).count()).to.equal(1);
      expect(
        await artist.page
          .locator('#tracks tbody tr')
          .filter({ hasText: 'Secret Song' })
          .locator('td')
          .first()
          .textContent(),
      ).to.equal('fewer than 5');
      await artist.page.getByRole('link', { name: 'Last 7 days' }).click();
      await artist.page.waitForURL(/period=7/);
      await hydrated(artist.page);
      await shoot(artist.page, 'dashboard');

      await artist.page.getByLabel('Track', { exact: true }).selectOption({ label: 'Secret Song' });
      await artist.page.getByRole('button', { name: 'Make private link' }).click();
      await toastSaying(artist.page, 'Private link made');
      const url = await artist.page.getByLabel('Private link to Secret Song').inputValue();
      expect(url).to.match(/\/preview\/[A-Za-z0-9_-]{43}$/);

      // Headless Chromium says so in its User-Agent and is not counted (isbot): this visitor's browser is an ordinary
      // one.
      const visitor = await openPage(suite.browser, suite.server.url, {
        viewport: { width: 1366, height: 900 },
        userAgent: BROWSER(42),
      });
      const first = await visitor.page.goto(url);
      expect(first?.status()).to.equal(200);
      expect(first?.headers()['cache-control']).to.equal('no-store');
      expect(await visitor.page.locator('meta[name="robots"]').getAttribute('content')).to.contain('noindex');
      await visitor.page.getByText('Private preview', { exact: true }).waitFor();
      await hydrated(visitor.page);
      await shoot(visitor.page, 'preview');
      await visitor.page.getByRole('button', { name: 'Play Secret Song' }).click();
      const knex = suite.server.app.kernel.knex;
      for (let i = 0; i < 100 && !(await knex('play_events').where({ trackId: secret }).first()); i++)
        await visitor.page.waitForTimeout(100);
      const [event] = await knex('play_events').where({ trackId: secret });
      expect(event).to.include({ event: 'start', source: 'private' });

      await artist.page.getByRole('button', { name: 'Revoke' }).click();
      await toastSaying(artist.page, 'Link revoked');
      const gone = await visitor.page.goto(url);
      expect(gone?.status()).to.equal(404);
      await visitor.page.getByText('This private link has expired or was revoked').waitFor();
      expect(artist.errors).to.deep.equal([]);
      // The player looks the unreleased track up (like flag, waveform) and is refused: only those 404s.
      expect(visitor.errors.filter((e) => !/404/.test(e))).to.deep.equal([]);
    },
  );

  it('shows admins the platform per day and month, and nobody else', async () => {
    const visitor = await openPage(suite.browser, suite.server.url);
    expect((await visitor.page.goto('/admin/insights'))?.status()).to.equal(401);
    await signIn(visitor.page, 'novaharbor');
    expect((await visitor.page.goto('/admin/insights'))?.status()).to.equal(403);
    await suite.server.app.kernel.services.accounts.setRole('novaharbor', 'admin');
    const admin = await openPage(suite.browser, suite.server.url, { viewport: { width: 1366, height: 900 } });
    await signIn(admin.page, 'novaharbor');
    expect((await admin.page.goto('/admin/insights'))?.status()).to.equal(200);
    await admin.page.getByRole('heading', { name: 'Platform insights', level: 1 }).waitFor();
    expect(await admin.page.locator('figure svg path.chart-line').count()).to.equal(6);
    expect(
      await admin.page.getByRole('table', { name: 'Platform figures per month' }).locator('tbody tr').count(),
    ).to.equal(6);
    await hydrated(admin.page);
    await shoot(admin.page, 'admin-insights');
    expect(admin.errors).to.deep.equal([]);
  });

  it('counts a play in an embed as source "embed", and on the track page as "track"', async () => {
    const knex = suite.server.app.kernel.knex;
    const track = await knex('tracks')
      .where({ artistId: suite.nova.id })
      .orderBy('id', 'desc')
      .where('upload_date', '<=', Date.now())
      .first('id');
    const embed = await openPage(suite.browser, suite.server.url, { userAgent: BROWSER(77) });
    await embed.page.goto(`/embed/tracks/${track.id}`);
    await embed.page.getByRole('button', { name: /^Play / }).click();
    for (let i = 0; i < 100 && !(await knex('play_events').where({ trackId: track.id, source: 'embed' }).first()); i++)
      await embed.page.waitForTimeout(100);
    expect(await knex('play_events').where({ trackId: track.id, source: 'embed' }).count({ n: '*' })).to.deep.equal([
      { n: 1 },
    ]);
    expect(embed.errors).to.deep.equal([]);
    const [{ id: embedded }] = await knex('play_events').where({ source: 'embed' }).select('id');
    const fromTrackPage = () =>
      knex('play_events').where('id', '>', embedded).where({ source: 'track', event: 'start' }).first();
    const listener = await openPage(suite.browser, suite.server.url, { userAgent: BROWSER(78) });
    await listener.page.goto(`/tracks/${track.id}`);
    await hydrated(listener.page);
    await listener.page
      .locator('main')
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    for (let i = 0; i < 100 && !(await fromTrackPage()); i++) await listener.page.waitForTimeout(100);
    expect(await fromTrackPage()).to.have.property('source', 'track');
    expect(listener.errors).to.deep.equal([]);
  });
});
