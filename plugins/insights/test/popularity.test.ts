import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { UTC_VIEWER } from '../../catalog/viewer.ts';

// "Popular" uses the same counts as the dashboard (issue 21): with insights on, the catalog's
// Popular orders, featured artists, monthly listeners and a track's plays read the play rollups,
// visitors' plays included and members' catalog listens ignored; a play empties no cache.

const BROWSER = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.${n}.0 Safari/537.36`;
const UTC = { id: null, zone: 'UTC' };

describe('insights: popular orders from the play counts', function () {
  this.timeout(60_000);
  let server: TestServer;
  const clock = new Date('2026-11-20T10:00:00Z');
  const artists: SignedUp[] = [];
  const drops: number[] = [];

  before(async () => {
    server = await startTestServer({ now: () => clock });
    for (const [i, name] of ['alba', 'bruno', 'cleo'].entries()) {
      artists.push(await signUp(server, name, { artist: true }));
      drops.push(await addTrack(artists[i].artist!.id, `${name} drop`, new Date(Date.UTC(2026, 10, 1 + i, 10))));
    }
    // Visitors: bruno's drop 3 listeners, cleo's 2, alba's 1 (twice in a day counts once).
    let n = 0;
    for (const [artist, listeners] of [
      [1, 3],
      [2, 2],
      [0, 1],
    ]) {
      for (let i = 0; i < listeners; i++) {
        const visitor = server.client({ 'User-Agent': BROWSER(++n) });
        for (let twice = 0; twice < 2; twice++)
          await visitor.post('/api/plays', { trackId: drops[artist], event: 'start', source: 'home' });
      }
    }
    // A member's catalog listen of alba's drop is not the measure any more.
    const fan = await signUp(server, 'fanny');
    expect((await fan.client.post(`/api/tracks/${drops[0]}/listen`)).status).to.equal(201);
  });
  after(() => server.stop());

  const catalog = () => server.app.kernel.services.catalog;
  const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name.split(' ')[0].toLowerCase());

  it(
    'ranks nothing before the rollup, then artists, featured and this month’s ' + 'drops by the rolled-up plays',
    async () => {
      const before = await catalog().artists(UTC, '', 'popular');
      expect(names(before)).to.deep.equal(['alba', 'bruno', 'cleo']);
      // Alba's member listen would make her 1 monthly listener by catalog's own measure.
      expect(before.map((a) => a.monthlyListeners)).to.deep.equal([0, 0, 0]);
      expect(await catalog().playCount(drops[0], UTC_VIEWER)).to.equal(0);

      await server.app.kernel.services.insights.rollupDay('2026-11-20');
      const popular = await catalog().artists(UTC, '', 'popular');
      expect(names(popular)).to.deep.equal(['bruno', 'cleo', 'alba']);
      expect(popular.map((a) => a.monthlyListeners)).to.deep.equal([3, 2, 1]);
      expect(names(await catalog().artists(UTC, '', 'popular', { limit: 2, offset: 1 }))).to.deep.equal([
        'cleo',
        'alba',
      ]);
      expect(names(await catalog().featuredArtists(UTC))).to.deep.equal(['bruno', 'cleo', 'alba']);
      const discover = await catalog().monthlyTracksPage(UTC, 1, 'popular');
      expect(discover.items.map((t) => t.id)).to.deep.equal([drops[1], drops[2], drops[0]]);
      expect(await Promise.all(drops.map((id) => catalog().playCount(id, UTC_VIEWER)))).to.deep.equal([1, 3, 2]);
      expect((await catalog().artist(artists[1].artist!.id, UTC)).monthlyListeners).to.equal(3);
    },
  );

  it('counts listeners of the last 30 days, as the dashboard does', async () => {
    const knex = server.app.kernel.knex;
    // Alba's listeners of 40 and of 29 days ago: the first has left the window.
    await knex('play_artist_days').insert([
      { artistId: artists[0].artist!.id, day: '2026-10-11', listeners: 50, reached30: 0 },
      { artistId: artists[0].artist!.id, day: '2026-10-22', listeners: 4, reached30: 0 },
    ]);
    expect((await catalog().artist(artists[0].artist!.id, UTC)).monthlyListeners).to.equal(5);
    await knex('play_artist_days')
      .where({ artistId: artists[0].artist!.id })
      .whereIn('day', ['2026-10-11', '2026-10-22'])
      .delete();
  });

  it('leaves cached popular lists alone on a play and on a rollup: they follow within the cache’s TTL', async () => {
    const path = '/api/artists?sort=popular&q=';
    expect((await server.client().get(path)).headers.get('x-page-cache')).to.equal('miss');
    expect((await server.client().get(path)).headers.get('x-page-cache')).to.equal('hit');
    const told: string[][] = [];
    const unsubscribe = server.app.kernel.cache.subscribe((tags) => told.push([...tags]));
    try {
      expect(
        (await server.client({ 'User-Agent': BROWSER(50) }).post('/api/plays', { trackId: drops[0], event: 'start' }))
          .body,
      ).to.deep.equal({ counted: true });
      await server.app.kernel.services.insights.rollupDay('2026-11-20');
    } finally {
      unsubscribe();
    }
    // Only the dashboards' tag: not the catalog's lists and pages.
    expect(told).to.deep.equal([['insights']]);
    const cached = await server.client().get(path);
    expect(cached.headers.get('x-page-cache')).to.equal('hit');
    expect((cached.body as Array<{ monthlyListeners: number }>).map((a) => a.monthlyListeners)).to.deep.equal([
      3, 2, 1,
    ]);
    expect((await catalog().artist(artists[0].artist!.id, UTC)).monthlyListeners).to.equal(2);
  });
});
