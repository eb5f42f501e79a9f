import { expect } from 'chai';
import { request } from 'node:http';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../accounts/seed.ts';
import { Artist } from '../../accounts/models.ts';
import { addTrack } from './fixtures.ts';

// Needs the built site (npx astro build).

/** A GET with exactly these headers (fetch adds its own caching headers to conditional requests). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    }).on('error', reject).end();
  });
}

describe('catalog pages (server-rendered)', () => {
  let server: TestServer;
  let nova: { id: number; name: string };
  let track: { id: number; title: string };

  before(async () => {
    server = await startTestServer({ pages: true, seedDemo: true });
    const artists = (await server.client().get('/api/artists')).body as Array<{ id: number; name: string }>;
    nova = artists.find((a) => a.name === 'Nova Harbor')!;
    track = (await server.client().get(`/api/artists/${nova.id}/tracks`)).body[0];
  });
  after(() => server?.stop());

  it('serves the demo catalog: 8+ artists across genres, some verified, real audio, all exclusive types', async () => {
    const anon = server.client();
    const artists = (await anon.get('/api/artists')).body as Array<{ genre: string; verified: boolean; profileImage: string }>;
    expect(artists.length).to.be.at.least(8);
    expect(new Set(artists.map((a) => a.genre)).size).to.be.at.least(6);
    expect(artists.some((a) => a.verified) && artists.some((a) => !a.verified)).to.equal(true);
    const monthly = (await anon.get('/api/tracks/monthly')).body as Array<{ audioUrl: string; coverImage: string; artistId: number }>;
    expect(new Set(monthly.map((t) => t.artistId)).size).to.equal(artists.length);
    const audio = await anon.get(monthly[0].audioUrl, { Range: 'bytes=0-1023' });
    expect(audio.status).to.equal(206);
    expect(audio.headers.get('content-type')).to.equal('audio/mpeg');
    expect(audio.headers.get('content-range')).to.match(/^bytes 0-1023\/\d{5,}$/);
    expect((await anon.get(monthly[0].coverImage)).headers.get('content-type')).to.equal('image/jpeg');
    expect((await anon.get(artists[0].profileImage)).status).to.equal(200);
    const types = new Set(((await anon.get('/api/exclusives')).body as Array<{ type: string }>).map((e) => e.type));
    for (const type of ['NFT', 'unreleased-track', 'behind-the-scenes']) expect(types.has(type), type).to.equal(true);
    expect(types.size).to.be.at.least(3);
  });

  it('renders the home page with its data on the server: drops, featured artists, exclusives, play button', async () => {
    const res = await server.client().get('/');
    expect(res.status).to.equal(200);
    for (const text of ["This Month's Drops", 'Featured Artists', 'Exclusive Fan Drops', 'What Artists Say', 'Play Featured Drops', 'Tidal Lights', '8 drops']) {
      expect(res.text, text).to.include(text);
    }
    expect(res.text).to.match(/data-play-track="\{[^"]*&quot;audioUrl&quot;/);
  });

  it('renders an artist profile with SEO tags and MusicGroup JSON-LD, and answers 404 for an unknown artist', async () => {
    const res = await server.client().get(`/artist/${nova.id}`);
    expect(res.status).to.equal(200);
    expect(res.text).to.include('<title>Nova Harbor | OneTrack</title>');
    expect(res.text).to.match(/<meta name="description" content="Nova Harbor \(Electronic\) on OneTrack/);
    expect(res.text).to.include(`<link rel="canonical" href="${server.url}/artist/${nova.id}">`);
    expect(res.text).to.include('<meta property="og:type" content="profile">');
    expect(res.text).to.include('<meta name="twitter:card" content="summary_large_image">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text)![1]);
    expect(ld).to.include({ '@context': 'https://schema.org', '@type': 'MusicGroup', name: 'Nova Harbor', genre: 'Electronic' });
    expect(ld.track[0]['@type']).to.equal('MusicRecording');
    const joined = new Date((await Artist.query().findById(nova.id))!.createdAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(res.text).to.include(`data-testid="joined">${joined}<`);
    expect(res.text).not.to.include('December 2023');

    const missing = await server.client().get('/artist/999999');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.include('Artist Not Found');
    expect(missing.text).to.include('href="/artists"');
  });

  it('redirects the shared-link form /artists/{id} permanently to /artist/{id}', async () => {
    const res = await server.client().get(`/artists/${nova.id}`);
    expect(res.status).to.equal(301);
    expect(res.headers.get('location')).to.equal(`/artist/${nova.id}`);
  });

  it('renders a track page with MusicRecording JSON-LD, and 404 for an unknown track', async () => {
    const res = await server.client().get(`/tracks/${track.id}`);
    expect(res.status).to.equal(200);
    expect(res.text).to.include(`<title>${track.title} by Nova Harbor | OneTrack</title>`);
    expect(res.text).to.include('<meta property="og:type" content="music.song">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text)![1]);
    expect(ld).to.include({ '@type': 'MusicRecording', name: track.title });
    expect(ld.byArtist).to.include({ '@type': 'MusicGroup', name: 'Nova Harbor' });
    expect((await server.client().get('/tracks/999999')).status).to.equal(404);
  });

  it('lists every artist and track in /sitemap.xml, which robots.txt names', async () => {
    const sitemap = await server.client().get('/sitemap.xml');
    expect(sitemap.status).to.equal(200);
    expect(sitemap.headers.get('content-type')).to.include('application/xml');
    const artists = (await server.client().get('/api/artists')).body as Array<{ id: number }>;
    for (const a of artists) expect(sitemap.text).to.include(`<loc>${server.url}/artist/${a.id}</loc>`);
    const tracks = await server.app.kernel.knex('tracks').select('id');
    for (const t of tracks) expect(sitemap.text).to.include(`<loc>${server.url}/tracks/${t.id}</loc>`);
    const robots = await server.client().get('/robots.txt');
    expect(robots.text).to.include(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots.text).to.include('User-agent: *');
  });

  it("shows the signed-in fan's real liked tracks and subscriptions in the collection", async () => {
    const demo = server.client();
    expect((await demo.post('/api/auth/login', { username: DEMO_USERNAME, password: DEMO_PASSWORD })).status).to.equal(200);
    const liked = (await demo.get('/api/tracks/monthly')).body.filter((t: { liked: boolean }) => t.liked);
    const page = await demo.get('/collection');
    expect(page.status).to.equal(200);
    const likedPanel = /id="collection-panel-liked"(.*?)id="collection-panel-exclusives"/s.exec(page.text)![1];
    const titles = [...likedPanel.matchAll(/class="track-card-title"><a [^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles.length).to.equal(2);
    for (const t of liked) expect(titles).to.include(t.title);
    expect(likedPanel).not.to.include('No Liked Tracks Yet');
    const anon = await server.client().get('/collection');
    for (const empty of ['No Subscriptions Yet', 'No Liked Tracks Yet', 'No Exclusives Yet']) expect(anon.text).to.include(empty);
  });

  describe('rendered-page cache', () => {
    it('serves anonymous views from the cache with an ETag, and answers 304 to a matching If-None-Match', async () => {
      const anon = server.client();
      const first = await anon.get(`/artist/${nova.id}`);
      const second = await anon.get(`/artist/${nova.id}`);
      expect(second.headers.get('x-page-cache')).to.equal('hit');
      expect(second.text).to.equal(first.text);
      expect(second.headers.get('cache-control')).to.equal('public, no-cache');
      expect(second.headers.get('vary')).to.include('Cookie');
      const etag = second.headers.get('etag')!;
      expect(etag).to.match(/^W\/".+"$/);
      expect(await rawGet(`${server.url}/artist/${nova.id}`, { 'If-None-Match': etag })).to.equal(304);
      expect(await rawGet(`${server.url}/artist/${nova.id}`, { 'If-None-Match': 'W/"other"' })).to.equal(200);
    });

    it('keeps signed-in pages per user, private', async () => {
      const demo = server.client();
      await demo.post('/api/auth/login', { username: DEMO_USERNAME, password: DEMO_PASSWORD });
      await demo.get(`/artist/${nova.id}`);
      const again = await demo.get(`/artist/${nova.id}`);
      expect(again.headers.get('x-page-cache')).to.equal('hit');
      expect(again.headers.get('cache-control')).to.equal('private, no-cache');
      // Demo subscribes to Nova Harbor (seed): their copy says so, the anonymous one does not.
      expect(again.text).to.include('Subscribed to Nova Harbor');
      expect((await server.client().get(`/artist/${nova.id}`)).text).not.to.include('Subscribed to Nova Harbor');
    });

    it('is emptied by a write: a like count and a new track show on the next view', async () => {
      const anon = server.client();
      await anon.get(`/tracks/${track.id}`);
      const cached = await anon.get(`/tracks/${track.id}`);
      expect(cached.headers.get('x-page-cache')).to.equal('hit');
      const count = (text: string) => Number(/class="like-count"[^>]*>(\d+)</.exec(text)![1]);
      const before = count(cached.text);

      const fan = server.client();
      await fan.post('/api/auth/register', { username: 'cachefan', password: 'secret123', email: 'cachefan@example.com', name: 'Cache Fan' });
      expect((await fan.post(`/api/tracks/${track.id}/like`, { like: true })).status).to.equal(200);
      const after = await anon.get(`/tracks/${track.id}`);
      expect(after.headers.get('x-page-cache')).to.equal('miss');
      expect(count(after.text)).to.equal(before + 1);

      await anon.get(`/artist/${nova.id}`);
      expect((await anon.get(`/artist/${nova.id}`)).headers.get('x-page-cache')).to.equal('hit');
      // A track written outside HTTP (as the media worker does) shows once the entry expires, or
      // at once after the next write through the API, here a subscription.
      await addTrack(nova.id, 'Fresh Single', new Date(Date.now() - 1000), false);
      await fan.post('/api/subscriptions', { artistId: nova.id });
      expect((await anon.get(`/artist/${nova.id}`)).text).to.include('Fresh Single');
    });

    it('is left alone by a refused write, and never keeps error pages', async () => {
      const anon = server.client();
      await anon.get('/discover');
      expect((await anon.post(`/api/tracks/${track.id}/like`, { like: true })).status).to.equal(401);
      expect((await anon.get('/discover')).headers.get('x-page-cache')).to.equal('hit');
      await anon.get('/artist/999999');
      expect((await anon.get('/artist/999999')).headers.get('x-page-cache')).to.equal(null);
    });
  });

  it('renders pages with a bounded number of queries, whatever the catalog size', async () => {
    const knex = server.app.kernel.knex;
    const countQueries = async (path: string) => {
      let n = 0;
      const listener = () => n++;
      knex.on('query', listener);
      const res = await server.client().get(`${path}${path.includes('?') ? '&' : '?'}fresh=${Math.random()}`);
      knex.off('query', listener);
      expect(res.status, path).to.equal(200);
      return n;
    };
    const pages = ['/', `/artist/${nova.id}`, '/artists', '/discover', `/tracks/${track.id}`];
    const countAll = async () => {
      const counts = [];
      for (const path of pages) counts.push(await countQueries(path));
      return counts;
    };
    const small = await countAll();
    // Forty more artists, each with a drop this month and a track last month.
    for (let i = 0; i < 40; i++) {
      const [user] = await knex('users').insert({ username: `bulk${i}`, email: `bulk${i}@example.com`, name: `Bulk ${i}`, bio: '', isArtist: 1, role: 'user', passwordHash: 'x', createdAt: 1, updatedAt: 1 });
      const [artistId] = await knex('artists').insert({ userId: user, name: `Bulk Artist ${i}`, genre: 'Pop', bio: '', verified: 0, createdAt: 1 });
      await addTrack(artistId, `Bulk Drop ${i}`, new Date(Date.now() - 60_000));
      await addTrack(artistId, `Bulk Old ${i}`, new Date(Date.now() - 40 * 86_400_000), false);
    }
    const large = await countAll();
    expect(large).to.deep.equal(small);
    // The home page counts every drop but shows eight; the rest are on /discover.
    const home = await server.client().get('/?all=1');
    expect(home.text).to.include('48 drops');
    const drops = /id="drops-title"(.*?)What Artists Say/s.exec(home.text)![1];
    expect(drops.match(/class="track-card /g)).to.have.length(8);
    for (const n of small) expect(n).to.be.below(10);
  });
});
