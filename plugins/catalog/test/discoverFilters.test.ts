import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Artist } from '../../accounts/models.ts';
import { listenWindow } from '../rules.ts';
import { addTrack, join, WITHOUT_INSIGHTS } from './fixtures.ts';

// Discover's Latest / Popular / Genre and the directory's Filters (issue 26 point 6) rendered on the
// server as plain links, on the database TEST_DB names. Needs the built site (npx astro build).

const titles = (html: string) =>
  [...html.matchAll(/class="track-card-title"><a href="[^"]+">([^<]+)</g)].map((m) => m[1]);
const artistNames = (html: string) => [...html.matchAll(/class="artist-card-name">\s*([^<]+?)\s*</g)].map((m) => m[1]);

describe('catalog: Discover orders and genres, directory filters', () => {
  let server: TestServer;
  const clock = new Date('2026-11-20T12:00:00Z');
  const get = async (path: string) => {
    const res = await server.client().get(path);
    expect(res.status, res.text).to.equal(200);
    return res.text;
  };

  before(async () => {
    server = await startTestServer({ pages: true, plugins: WITHOUT_INSIGHTS, now: () => clock });
    const knex = server.app.kernel.knex;
    const rock = await join(server, 'rocker', true);
    const pop = await join(server, 'popper', true);
    const jazzy = await join(server, 'jazzer', true);
    await Artist.query().findById(rock.artist!.id).patch({ genre: 'Rock' });
    for (const member of [pop, jazzy]) await Artist.query().findById(member.artist!.id).patch({ genre: 'Pop' });
    const rockEarly = await addTrack(rock.artist!.id, 'Rock Early', new Date('2026-11-03T10:00:00Z'));
    const jazzMid = await addTrack(jazzy.artist!.id, 'Jazz Mid', new Date('2026-11-06T10:00:00Z'));
    await addTrack(pop.artist!.id, 'Pop Late', new Date('2026-11-10T10:00:00Z'));
    // Last month's drop and a single are not this month's drops, whatever their plays.
    await addTrack(rock.artist!.id, 'Rock October', new Date('2026-10-10T10:00:00Z'));
    // The release's own genre wins over its artist's.
    await knex('tracks').where({ id: jazzMid }).update({ genre: 'Jazz' });
    const fans = await Promise.all(['fanone', 'fantwo'].map((username) => join(server, username)));
    const at = clock.getTime() - 3600_000;
    const listen = (userId: number, trackId: number, artistId: number) =>
      knex('listens').insert({ userId, trackId, artistId, listenedAt: at, listenWindow: listenWindow(at) });
    for (const fan of fans) await listen(fan.user.id, rockEarly, rock.artist!.id);
    await listen(fans[0].user.id, jazzMid, jazzy.artist!.id);
    server.app.kernel.cache.invalidate();
  });
  after(() => server.stop());

  it('orders this month’s drops by Latest (the default) or Popular (most plays)', async () => {
    const latest = await get('/discover');
    expect(titles(latest)).to.deep.equal(['Pop Late', 'Jazz Mid', 'Rock Early']);
    expect(latest).to.match(
      /<a class="btn btn-outline-secondary btn-sm is-chosen[^"]*" href="\/discover" aria-current="true"[^>]*>\s*Latest/,
    );
    const popular = await get('/discover?sort=popular');
    expect(titles(popular)).to.deep.equal(['Rock Early', 'Jazz Mid', 'Pop Late']);
    expect(popular).to.match(/href="\/discover\?sort=popular" aria-current="true"/);
    expect(popular).to.include(`<link rel="canonical" href="${server.url}/discover">`);
    // An unknown order or genre is the default list, not an error.
    expect(titles(await get('/discover?sort=loudest&genre=Noise'))).to.deep.equal(titles(latest));
  });

  it('filters by genre (the release’s, else its artist’s), keeping the order in every link', async () => {
    expect(titles(await get('/discover?genre=Pop'))).to.deep.equal(['Pop Late']);
    expect(titles(await get('/discover?genre=Jazz'))).to.deep.equal(['Jazz Mid']);
    const rock = await get('/discover?sort=popular&genre=Rock');
    expect(titles(rock)).to.deep.equal(['Rock Early']);
    expect(rock).to.include('Genre: Rock');
    expect(rock).to.include('href="/discover?genre=Rock"'); // Latest keeps the genre
    expect(rock).to.include('href="/discover?sort=popular&amp;genre=Jazz"'); // another genre keeps the order
    expect(rock).to.match(/href="\/discover\?sort=popular"[^>]*>All genres/);
    const none = await get('/discover?genre=Metal');
    expect(titles(none)).to.deep.equal([]);
    expect(none).to.include('No Metal Drops This Month');
  });

  it('filters the directory by genre, with the search and the order', async () => {
    expect(artistNames(await get('/artists?genre=Rock'))).to.deep.equal(['rocker name']);
    const filtered = await get('/artists?genre=Pop&sort=popular');
    expect(artistNames(filtered)).to.deep.equal(['jazzer name', 'popper name']);
    expect(filtered).to.include('Genre: Pop');
    expect(filtered).to.include('<input type="hidden" name="genre" value="Pop">');
    expect(filtered).to.include('href="/artists?genre=Pop"'); // A-Z keeps the filter
    expect(filtered).to.match(/href="\/artists\?sort=popular"[^>]*>All genres/);
    // The search narrows the filtered list; the filter is exact.
    expect(artistNames(await get('/artists?genre=Pop&q=popper'))).to.deep.equal(['popper name']);
    expect(artistNames(await get('/artists?genre=Pop&q=rock'))).to.deep.equal([]);
    expect(artistNames(await get('/artists?genre=Anything')).length).to.be.greaterThan(1);
    expect(await get('/artists')).to.match(/<summary class="btn btn-outline-secondary"[^>]*>\s*Filters/);
  });
});
