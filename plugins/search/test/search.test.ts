import { expect } from 'chai';
import { TEST_DB } from '../../../api/test/database.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Artist } from '../../accounts/models.ts';
import { Track } from '../../catalog/models.ts';
import { addTrack, join } from '../../catalog/test/fixtures.ts';
import { QUERY_MAX_LENGTH, TRACKS_PER_PAGE } from '../rules.ts';

// Search through the API on the database TEST_DB names: the index finds titles, artist names and
// genres whatever the case and accents, pages its results, follows renames, and answers every
// input with results or a 4xx, never a 500.

type Body = {
  query: string;
  tracks: { items: Array<{ id: number; title: string }>; page: number; pageCount: number; total: number };
  artists: { items: Array<{ id: number; name: string }>; total: number };
};

describe('search: tracks and artists through the index', () => {
  let server: TestServer;
  let zoe: number;
  let kai: number;
  let future: number;

  const search = async (q: string, page?: number) => {
    const params = new URLSearchParams({ q });
    if (page) params.set('page', String(page));
    const res = await server.client().get(`/api/search?${params}`);
    expect(res.status, `${q}: ${res.text}`).to.equal(200);
    return res.body as Body;
  };
  const titles = (body: Body) => body.tracks.items.map((t) => t.title).sort();

  before(async () => {
    server = await startTestServer();
    const a = await join(server, 'zoe', true);
    zoe = a.artist!.id;
    await Artist.query().findById(zoe).patch({ name: 'Zoë Ångström', genre: 'Electronic' });
    const b = await join(server, 'kai', true);
    kai = b.artist!.id;
    await Artist.query().findById(kai).patch({ name: 'Kai Rocks', genre: 'Rock' });
    const past = new Date(Date.now() - 86_400_000);
    await addTrack(zoe, 'Tidal Lights', past);
    await addTrack(zoe, 'Café Noir', past, false);
    await addTrack(kai, 'Static Bloom', past);
    await addTrack(kai, 'The Old Road', past, false);
    // Not out yet: never found.
    future = await addTrack(kai, 'Tidal Tomorrow', new Date(Date.now() + 86_400_000), false);
    for (let i = 0; i < TRACKS_PER_PAGE + 3; i++) await addTrack(kai, `Paging Song ${i}`, past, false);
  });
  after(() => server.stop());

  it('finds titles by word and by prefix, case- and accent-insensitively', async () => {
    expect(titles(await search('tidal'))).to.deep.equal(['Tidal Lights']);
    expect(titles(await search('TID'))).to.deep.equal(['Tidal Lights']);
    expect(titles(await search('cafe'))).to.deep.equal(['Café Noir']);
    expect(titles(await search('CAFÉ noir'))).to.deep.equal(['Café Noir']);
    expect(titles(await search('cafe\u0301'))).to.deep.equal(['Café Noir']);
    expect(titles(await search('the old'))).to.deep.equal(['The Old Road']);
  });

  it('finds tracks by artist name and genre, and artists by name and genre', async () => {
    const byArtist = await search('zoe angstrom');
    expect(titles(byArtist)).to.deep.equal(['Café Noir', 'Tidal Lights']);
    expect(byArtist.artists.items.map((a) => a.name)).to.deep.equal(['Zoë Ångström']);
    const byGenre = await search('electronic');
    expect(titles(byGenre)).to.deep.equal(['Café Noir', 'Tidal Lights']);
    expect(byGenre.artists.items.map((a) => a.id)).to.deep.equal([zoe]);
    // Words may come from different fields: an artist's word and a title's word.
    expect(titles(await search('kai static'))).to.deep.equal(['Static Bloom']);
    // Words shorter than a full-text index keeps still match the start of a word.
    expect(titles(await search('ol ro'))).to.deep.equal(['The Old Road']);
    expect(titles(await search('bl ka'))).to.deep.equal(['Static Bloom']);
  });

  it('forgives a letter or two in a word the catalog does not hold, and nothing when no word is near', async () => {
    const harbour = await search('kai rokcs');
    expect(harbour.artists.items.map((a) => a.id)).to.deep.equal([kai]);
    expect(titles(await search('zoe angstrum tidal'))).to.deep.equal(['Tidal Lights']);
    expect(titles(await search('electornic'))).to.deep.equal(['Café Noir', 'Tidal Lights']);
    const suggested = await server.client().get('/api/search/suggestions?q=kai%20rokcs');
    expect(suggested.body.artists.map((a: { id: number }) => a.id)).to.deep.equal([kai]);
    // Too far from any word (or too short to guess): still nothing.
    expect((await search('xylophone')).artists.total).to.equal(0);
    expect((await search('kax')).artists.total).to.equal(0);
  });

  it('follows renames and retitles', async () => {
    // The genre too, or the old name's "rocks" would be forgiven into the genre's "rock".
    await Artist.query().findById(kai).patch({ name: 'Kai Stones', genre: 'Metal' });
    expect((await search('stones static')).tracks.total).to.equal(1);
    expect((await search('rocks static')).tracks.total).to.equal(0);
    await Artist.query().findById(kai).patch({ name: 'Kai Rocks', genre: 'Rock' });
    const id = (await search('static')).tracks.items[0].id;
    await Track.query().findById(id).patch({ title: 'Dynamic Bloom' });
    expect((await search('static')).tracks.total).to.equal(0);
    expect(titles(await search('dynamic'))).to.deep.equal(['Dynamic Bloom']);
    await Track.query().deleteById(future);
    expect((await search('tomorrow')).tracks.total).to.equal(0);
  });

  it('never lists a track that is not out yet', async () => {
    const body = await search('tidal');
    expect(body.tracks.items.map((t) => t.title)).to.deep.equal(['Tidal Lights']);
  });

  it('pages the results', async () => {
    const first = await search('paging song');
    expect(first.tracks.total).to.equal(TRACKS_PER_PAGE + 3);
    expect(first.tracks.pageCount).to.equal(2);
    expect(first.tracks.items).to.have.length(TRACKS_PER_PAGE);
    const second = await search('paging song', 2);
    expect(second.tracks.page).to.equal(2);
    expect(second.tracks.items).to.have.length(3);
    const past = await search('paging song', 9);
    expect([past.tracks.page, past.tracks.items.length]).to.deep.equal([2, 3]);
    const ids = new Set([...first.tracks.items, ...second.tracks.items].map((t) => t.id));
    expect(ids.size).to.equal(TRACKS_PER_PAGE + 3);
  });

  it('answers empty and hostile queries with nothing or a 4xx, never a 500', async () => {
    for (const q of [
      '',
      '   ',
      '*',
      '"',
      "'",
      '-',
      '+',
      '(',
      ')',
      'NEAR(',
      'a OR b',
      'tidal"*',
      '"tidal',
      '^',
      '%',
      '_',
      '\\',
      'title:x',
      '{x}',
      'AND',
      'NOT',
      ')(*&^%$#@!',
      '\u0000',
      '🎵',
      '\u0301',
      '\u0301\u0301x',
      '\u200b',
      "Robert'); DROP TABLE tracks;--",
    ]) {
      const res = await server.client().get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, `${JSON.stringify(q)}: ${res.text}`).to.be.oneOf([200, 400]);
      const suggest = await server.client().get(`/api/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(suggest.status, `${JSON.stringify(q)}: ${suggest.text}`).to.be.oneOf([200, 400]);
    }
    expect((await search('')).tracks.total).to.equal(0);
    expect((await search('%')).tracks.total).to.equal(0);
    const tooLong = await server.client().get(`/api/search?q=${'a'.repeat(QUERY_MAX_LENGTH + 1)}`);
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.message).to.match(/at most/);
    const weirdPage = await server.client().get('/api/search?q=tidal&page=-3');
    expect(weirdPage.status).to.equal(200);
    expect(weirdPage.body.tracks.page).to.equal(1);
    const repeated = await server.client().get('/api/search?q=tidal&q=static');
    expect(repeated.status).to.equal(200);
    expect((await search('tidal')).tracks.total).to.equal(1);
  });

  // A later migration that rebuilds a table (knex does so on SQLite for some changes) drops its triggers.
  it('still has its index after every migration', async () => {
    const { knex } = server.app.kernel;
    if (TEST_DB === 'sqlite') {
      const triggers = (
        await knex.raw("select name from sqlite_master where type = 'trigger' and name like 'search_%' order by name")
      ).map((r: { name: string }) => r.name);
      expect(triggers).to.deep.equal([
        'search_artists_ad',
        'search_artists_ai',
        'search_artists_au',
        'search_tracks_ad',
        'search_tracks_ai',
        'search_tracks_au',
      ]);
    } else {
      const [rows] = await knex.raw(
        'select distinct index_name as name from information_schema.statistics where ' +
          "table_schema = database() and index_type = 'FULLTEXT' order by index_name",
      );
      expect(rows.map((r: { name: string }) => r.name)).to.deep.equal(['artists_search', 'tracks_search']);
    }
  });

  it('suggests a few tracks and artists while typing', async () => {
    const res = await server.client().get('/api/search/suggestions?q=zo');
    expect(res.status).to.equal(200);
    expect(res.body.artists.map((a: { name: string }) => a.name)).to.deep.equal(['Zoë Ångström']);
    expect(res.body.tracks.map((t: { title: string }) => t.title).sort()).to.deep.equal(['Café Noir', 'Tidal Lights']);
    expect(res.body.tracks[0].artist).to.equal('Zoë Ångström');
  });
});
