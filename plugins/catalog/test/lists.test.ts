import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Exclusive, Listen } from '../models.ts';
import { listenWindow, MAX_LIST_LIMIT } from '../rules.ts';
import { addTrack, join, type Member, WITHOUT_INSIGHTS } from './fixtures.ts';

// The list APIs' ?limit=&offset= (issue 25): without them every row, as the spec's screens expect; with
// them the same order cut to the window; anything else a 400 that names the rule. And the rankings that
// read only what a window shows (featured, popular). On TEST_DB's database.

describe('catalog: list APIs answer a window with ?limit=&offset=, rankings', () => {
  let server: TestServer;
  let artists: Member[];
  const clock = new Date('2026-11-20T12:00:00Z');

  const get = async (path: string) => {
    const res = await server.client().get(path);
    expect(res.status, res.text).to.equal(200);
    return res.body as Array<{ id: number }>;
  };
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  before(async () => {
    server = await startTestServer({ plugins: WITHOUT_INSIGHTS, now: () => clock });
    artists = [];
    for (const name of ['Cleo', 'abel', 'Dora', 'Bruno', 'Enzo']) artists.push(await join(server, name, true));
    for (const [i, member] of artists.entries()) {
      // This month's drops (the monthly list) and, for the first artist, a back catalogue.
      await addTrack(member.artist!.id, `${member.user.username} now`, new Date(Date.UTC(2026, 10, 1 + i, 10)));
      await Exclusive.query().insert({
        artistId: artists[0].artist!.id,
        type: 'NFT',
        title: `Token ${i}`,
        description: 'For fans',
        createdAt: i + 1,
      });
    }
    for (let m = 1; m <= 4; m++)
      await addTrack(artists[0].artist!.id, `Cleo ${m}`, new Date(Date.UTC(2026, 10 - m, 3, 10)));
    // Distinct listeners this month: Dora 3, Bruno 2, Enzo 1; abel and Enzo are verified.
    const [, abel, dora, bruno, enzo] = artists;
    for (const [artist, listeners] of [
      [dora, 3],
      [bruno, 2],
      [enzo, 1],
    ] as const) {
      const [track] = await get(`/api/artists/${artist.artist!.id}/tracks`);
      for (const listener of artists.slice(0, listeners)) {
        await Listen.query().insert({
          userId: listener.user.id,
          trackId: track.id,
          artistId: artist.artist!.id,
          listenedAt: clock.getTime(),
          listenWindow: listenWindow(clock.getTime()),
        });
      }
    }
    await server.app.kernel.knex('artists').whereIn('id', [abel.artist!.id, enzo.artist!.id]).update({ verified: 1 });
    await server.app.kernel.cache.invalidate();
  });
  after(() => server.stop());

  it('cuts each list to the window of its full answer, in the same order', async () => {
    const first = artists[0].artist!.id;
    const lists = [
      '/api/artists',
      '/api/artists?sort=streak',
      '/api/artists?sort=popular&q=o',
      '/api/tracks/monthly',
      '/api/exclusives',
      `/api/artists/${first}/tracks`,
      `/api/artists/${first}/exclusives`,
    ];
    for (const list of lists) {
      const all = ids(await get(list));
      expect(all.length, list).to.be.at.least(3);
      const join = list.includes('?') ? '&' : '?';
      expect(ids(await get(`${list}${join}limit=2`)), list).to.deep.equal(all.slice(0, 2));
      expect(ids(await get(`${list}${join}limit=2&offset=1`)), list).to.deep.equal(all.slice(1, 3));
      expect(ids(await get(`${list}${join}offset=2`)), list).to.deep.equal(all.slice(2));
      expect(ids(await get(`${list}${join}offset=${all.length}&limit=5`)), list).to.deep.equal([]);
      expect(ids(await get(`${list}${join}limit=${MAX_LIST_LIMIT}`)), list).to.deep.equal(all);
    }
  });

  it('features the verified first, each group by listeners, and ranks popular pages as the full list', async () => {
    const names = (rows: Array<{ id: number }>) =>
      rows.map((row) => (row as unknown as { name: string }).name.split(' ')[0]);
    expect(names(await get('/api/artists/featured'))).to.deep.equal(['Enzo', 'abel', 'Dora', 'Bruno']);
    const popular = await get('/api/artists?sort=popular');
    expect(names(popular)).to.deep.equal(['Dora', 'Bruno', 'Enzo', 'abel', 'Cleo']);
    expect(await get('/api/artists?sort=popular&limit=2&offset=1')).to.deep.equal(popular.slice(1, 3));
    // With more verified artists than places, only they are featured.
    await server.app.kernel.knex('artists').update({ verified: 1 });
    await server.app.kernel.cache.invalidate();
    expect(names(await get('/api/artists/featured'))).to.deep.equal(['Dora', 'Bruno', 'Enzo', 'Cleo']);
    await server.app.kernel
      .knex('artists')
      .whereNotIn('id', [artists[1].artist!.id, artists[4].artist!.id])
      .update({ verified: 0 });
    await server.app.kernel.cache.invalidate();
  });

  it(
    'reads whether an artist is there once per node for all of their lists, and a ' + 'missing artist each time',
    async () => {
      const artist = artists[1].artist!.id;
      let reads = 0;
      const count = (query: { sql: string }) =>
        void (/deleted_at/.test(query.sql) && /left join/i.test(query.sql) && reads++);
      server.app.kernel.knex.on('query', count);
      try {
        await get(`/api/artists/${artist}/tracks?limit=1`);
        await get(`/api/artists/${artist}/exclusives?limit=1`);
        await get(`/api/artists/${artist}/tracks?limit=2`);
        expect(reads, 'one read for three lists').to.equal(1);
        for (let i = 0; i < 2; i++)
          expect((await server.client().get(`/api/artists/999999/tracks?limit=${i + 1}`)).status).to.equal(404);
        expect(reads, 'an unknown artist is not kept').to.equal(3);
      } finally {
        server.app.kernel.knex.off('query', count);
      }
    },
  );

  it('answers the spec’s full lists when no window is asked for', async () => {
    expect(await get('/api/artists')).to.have.length(5);
    expect(await get('/api/tracks/monthly')).to.have.length(5);
    expect(await get(`/api/artists/${artists[0].artist!.id}/tracks`)).to.have.length(5);
  });

  it('refuses a bad window with a 400 naming the rule', async () => {
    const limit = `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`;
    const offset = 'offset must be a whole number, 0 or more';
    const cases: Array<[string, string]> = [
      ['limit=0', limit],
      [`limit=${MAX_LIST_LIMIT + 1}`, limit],
      ['limit=-1', limit],
      ['limit=2.5', limit],
      ['limit=', limit],
      ['limit=abc', limit],
      ['limit=%205', limit],
      ['limit=1e2', limit],
      ['limit=0x10', limit],
      ['limit=1&limit=2', limit],
      ['offset=-1', offset],
      ['offset=x', offset],
      ['offset=1.0', offset],
    ];
    for (const list of [
      '/api/artists',
      '/api/tracks/monthly',
      '/api/exclusives',
      `/api/artists/${artists[0].artist!.id}/tracks`,
    ]) {
      for (const [query, message] of cases) {
        const res = await server.client().get(`${list}?${query}`);
        expect(res.status, `${list}?${query}`).to.equal(400);
        expect(res.body, `${list}?${query}`).to.deep.equal({ message });
      }
    }
  });
});
