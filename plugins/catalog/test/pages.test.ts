import { expect } from 'chai';
import { rawStatus } from '../../../api/test/client.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../accounts/demoAccount.ts';
import { PROCESSING_FAILED } from '../../releases/rules.ts';
import { Artist } from '../../accounts/models.ts';
import { PAGE_SIZE } from '../paging.ts';
import { addTrack, join, queriesDuring, type Member } from './fixtures.ts';

// Needs the built site (npx astro build).

describe('catalog pages (server-rendered)', function () {
  // The demo seed (with its 90 days of listening) takes a while on a busy machine.
  this.timeout(60_000);
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
    const artists = (await anon.get('/api/artists')).body as Array<{
      genre: string;
      verified: boolean;
      profileImage: string;
    }>;
    expect(artists.length).to.be.at.least(8);
    expect(new Set(artists.map((a) => a.genre)).size).to.be.at.least(6);
    expect(artists.some((a) => a.verified) && artists.some((a) => !a.verified)).to.equal(true);
    const monthly = (await anon.get('/api/tracks/monthly')).body as Array<{
      audioUrl: string;
      coverImage: string;
      artistId: number;
    }>;
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

  it(
    'renders the home page with its data on the server: drops, featured artists, ' + 'exclusives, play button',
    async () => {
      const res = await server.client().get('/');
      expect(res.status).to.equal(200);
      for (const text of [
        "This Month's Drops",
        'Featured Artists',
        'Exclusive Fan Drops',
        'What Artists Say',
        'Play Featured Drops',
        'Tidal Lights',
        '8 drops',
      ]) {
        // Texts that are messages are written escaped (This Month&#39;s Drops).
        expect(res.text.replaceAll('&#39;', "'"), text).to.include(text);
      }
      expect(res.text).to.match(/data-play-track="\{[^"]*&quot;audioUrl&quot;/);
    },
  );

  it(
    "keeps the home page's reads of the whole catalog per node: another member's " + 'home render reads none of them',
    async () => {
      const { knex } = server.app.kernel;
      const render = async (member: Member) => {
        const statements: string[] = [];
        const onQuery = ({ sql }: { sql: string }) => statements.push(sql);
        knex.on('query', onQuery);
        try {
          expect((await member.client.get(`/?fresh=${Math.random()}`)).status).to.equal(200);
        } finally {
          knex.off('query', onQuery);
        }
        return statements;
      };
      // The month's drop count, the featured artists' ranking and the exclusives, as the first render reads them.
      const catalogWide = [
        /^select count\(\*\) as `n` from `tracks`/,
        /monthly_listeners from `artists` as `a` where `a`.`verified`/,
        /from `exclusives` as `e`/,
      ];
      const [one, another] = [await join(server, 'homefirst'), await join(server, 'homenext')];
      await server.app.kernel.cache.invalidate();
      const first = await render(one);
      for (const read of catalogWide)
        expect(
          first.some((sql) => read.test(sql)),
          `${read} on the first render`,
        ).to.equal(true);
      const next = await render(another);
      for (const read of catalogWide)
        expect(
          next.some((sql) => read.test(sql)),
          `${read} on the next`,
        ).to.equal(false);
      expect(next.length, 'queries').to.be.below(first.length - 3);
    },
  );

  it(
    'renders an artist profile with SEO tags and MusicGroup JSON-LD, and answers ' + '404 for an unknown artist',
    async () => {
      const res = await server.client().get(`/artist/${nova.id}`);
      expect(res.status).to.equal(200);
      expect(res.text).to.include('<title>Nova Harbor | OneTrack</title>');
      expect(res.text).to.match(/<meta name="description" content="Nova Harbor \(Electronic\) on OneTrack/);
      expect(res.text).to.include(`<link rel="canonical" href="${server.url}/artist/${nova.id}">`);
      expect(res.text).to.include('<meta property="og:type" content="profile">');
      // The shared card's image is described too (issue 44 point 15).
      expect(res.text)
        .to.include('<meta property="og:image:alt" content="Photo of Nova Harbor">')
        .and.include('<meta name="twitter:image:alt" content="Photo of Nova Harbor">');
      // The dashboard exists, and says so (issue 44 point 7).
      const tools = (await server.client().get('/marketing-tools')).text;
      expect(tools).to.include('href="/dashboard"').and.not.include('No analytics dashboard');
      // Upload's Log In comes back to Upload.
      expect((await server.client().get('/upload')).text).to.include('href="/login?next=%2Fupload"');
      // The profile plays the artist's latest drop where it is shared (syndication's player card).
      expect(res.text).to.include('<meta name="twitter:card" content="player">');
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text)![1]);
      expect(ld).to.include({
        '@context': 'https://schema.org',
        '@type': 'MusicGroup',
        name: 'Nova Harbor',
        genre: 'Electronic',
      });
      expect(ld.track[0]['@type']).to.equal('MusicRecording');
      const joined = new Date((await Artist.query().findById(nova.id))!.createdAt).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(res.text).to.include(`data-testid="joined">${joined}<`);
      expect(res.text).not.to.include('December 2023');

      const missing = await server.client().get('/artist/999999');
      expect(missing.status).to.equal(404);
      expect(missing.text).to.include('Artist Not Found');
      expect(missing.text).to.include('href="/artists"');
    },
  );

  it('says NEW DROP only on drops of the current month; older drops name their month', async () => {
    const [current, previous] = (await server.client().get(`/api/artists/${nova.id}/tracks`)).body as Array<{
      title: string;
      dropMonth: string;
    }>;
    const lastMonth = new Date(Date.parse(`${previous.dropMonth}-15T00:00:00Z`)).toLocaleDateString('en-US', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const res = await server.client().get(`/artist/${nova.id}`);
    const badges = [...res.text.matchAll(/class="badge drop-badge[^"]*"[^>]*>([^<]+)</g)].map((m) => m[1]);
    // The demo back catalogue goes further back: every older drop names its own month.
    expect(badges.slice(0, 2)).to.deep.equal(['NEW DROP', `Monthly drop · ${lastMonth}`]);
    for (const badge of badges.slice(2)) expect(badge).to.match(/^Monthly drop · [A-Z][a-z]{2} \d{4}$/);
    expect(res.text.indexOf(current.title)).to.be.below(res.text.indexOf(previous.title));
    const home = await server.client().get('/');
    expect(home.text).not.to.include('Monthly drop ·');
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

  it('lists every artist and every released track in /sitemap.xml, which robots.txt names', async () => {
    const sitemap = await server.client().get('/sitemap.xml');
    expect(sitemap.status).to.equal(200);
    expect(sitemap.headers.get('content-type')).to.include('application/xml');
    const artists = (await server.client().get('/api/artists')).body as Array<{ id: number }>;
    for (const a of artists) expect(sitemap.text).to.include(`<loc>${server.url}/artist/${a.id}</loc>`);
    const now = server.app.kernel.now().getTime();
    const tracks = await server.app.kernel.knex('tracks').where('uploadDate', '<=', now).select('id');
    for (const t of tracks) expect(sitemap.text).to.include(`<loc>${server.url}/tracks/${t.id}</loc>`);
    // The demo's scheduled drop is not out yet: no address to index before its day.
    const scheduled = await server.app.kernel.knex('tracks').where('uploadDate', '>', now).select('id');
    expect(scheduled).to.have.length(1);
    expect(sitemap.text).to.not.include(`<loc>${server.url}/tracks/${scheduled[0].id}</loc>`);
    const robots = await server.client().get('/robots.txt');
    expect(robots.text).to.include(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots.text).to.include('User-agent: *');
  });

  it("shows the signed-in fan's real liked tracks and subscriptions in the collection", async () => {
    const demo = server.client();
    expect((await demo.post('/api/auth/login', { username: DEMO_USERNAME, password: DEMO_PASSWORD })).status).to.equal(
      200,
    );
    const liked = (await demo.get('/api/tracks/monthly')).body.filter((t: { liked: boolean }) => t.liked);
    const page = await demo.get('/collection');
    expect(page.status).to.equal(200);
    const likedPanel = /id="collection-panel-liked"(.*?)id="collection-panel-exclusives"/s.exec(page.text)![1];
    const titles = [...likedPanel.matchAll(/class="track-card-title"><a [^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(titles.length).to.equal(2);
    for (const t of liked) expect(titles).to.include(t.title);
    expect(likedPanel).not.to.include('No Liked Tracks Yet');
    // Each subscription has its way out there (issue 44 point 1), and the artist page a way to it.
    const subscribed = (await demo.get('/api/subscriptions/user')).body as Array<{
      artist: { id: number; name: string };
    }>;
    expect(subscribed).to.not.have.length(0);
    const subsPanel = /id="collection-panel-subscriptions"(.*?)id="collection-panel-liked"/s.exec(page.text)![1];
    for (const { artist } of subscribed) expect(subsPanel).to.include(`aria-label="Unsubscribe from ${artist.name}"`);
    const artistPage = (await demo.get(`/artist/${subscribed[0].artist.id}`)).text;
    expect(artistPage).to.match(/<a [^>]*href="\/collection"[^>]*data-manage-subscription="\d+"(?![^>]*hidden)[^>]*>/);
    const anon = await server.client().get('/collection');
    for (const empty of ['No Subscriptions Yet', 'No Liked Tracks Yet', 'No Exclusives Yet'])
      expect(anon.text).to.include(empty);
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
      expect(await rawStatus(`${server.url}/artist/${nova.id}`, { 'If-None-Match': etag })).to.equal(304);
      expect(await rawStatus(`${server.url}/artist/${nova.id}`, { 'If-None-Match': 'W/"other"' })).to.equal(200);
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

    it(
      'is emptied by a write for whom it changed: a like count on the liker’s next ' + 'view, a new track once told',
      async () => {
        const fan = server.client();
        await fan.post('/api/auth/register', {
          username: 'cachefan',
          password: 'secret123',
          email: 'cachefan@example.com',
          name: 'Cache Fan',
        });
        const anon = server.client();
        const count = (text: string) => Number(/class="like-count"[^>]*>(\d+)</.exec(text)![1]);
        for (const viewer of [anon, fan]) {
          await viewer.get(`/tracks/${track.id}`);
          expect((await viewer.get(`/tracks/${track.id}`)).headers.get('x-page-cache')).to.equal('hit');
        }
        const before = count((await anon.get(`/tracks/${track.id}`)).text);
        expect((await fan.get(`/tracks/${track.id}`)).text, 'not liked yet').not.to.include('aria-pressed="true"');

        expect((await fan.post(`/api/tracks/${track.id}/like`, { like: true })).status).to.equal(200);
        // Rendered again at once, ahead of this view (api/http/pageRefresh.ts), or for it.
        const after = await fan.get(`/tracks/${track.id}`);
        expect(count(after.text)).to.equal(before + 1);
        expect(after.text).to.include('aria-pressed="true"');
        // Others' copies keep a counter up to the cache's TTL (docs/architecture.md, "Staleness").
        const others = await anon.get(`/tracks/${track.id}`);
        expect(others.headers.get('x-page-cache')).to.equal('hit');
        expect(count(others.text)).to.equal(before);

        await anon.get(`/artist/${nova.id}`);
        expect((await anon.get(`/artist/${nova.id}`)).headers.get('x-page-cache')).to.equal('hit');
        // A track written outside HTTP shows once the entry expires, or at once when its writer
        // tells kernel.cache (a finished media job does). A subscription changes only its
        // subscriber's views: the anonymous copy stays.
        await addTrack(nova.id, 'Fresh Single', new Date(Date.now() - 1000), false);
        await fan.post('/api/subscriptions', { artistId: nova.id });
        expect((await anon.get(`/artist/${nova.id}`)).headers.get('x-page-cache')).to.equal('hit');
        await server.app.kernel.cache.invalidate();
        expect((await anon.get(`/artist/${nova.id}`)).text).to.include('Fresh Single');
      },
    );

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
    const countQueries = (path: string) =>
      queriesDuring(knex, async () =>
        expect(
          (await server.client().get(`${path}${path.includes('?') ? '&' : '?'}fresh=${Math.random()}`)).status,
          path,
        ).to.equal(200),
      );
    const pages = ['/', `/artist/${nova.id}`, '/artists', '/discover', `/tracks/${track.id}`];
    const countAll = async () => {
      const counts = [];
      for (const path of pages) counts.push(await countQueries(path));
      return counts;
    };
    // Both counts from cold process caches (the site's texts, kept between renders).
    await server.app.kernel.cache.invalidate();
    const small = await countAll();
    // Forty more artists, each with a drop this month and a track last month.
    for (let i = 0; i < 40; i++) {
      const [user] = await knex('users').insert({
        username: `bulk${i}`,
        email: `bulk${i}@example.com`,
        name: `Bulk ${i}`,
        bio: '',
        isArtist: 1,
        role: 'user',
        passwordHash: 'x',
        createdAt: 1,
        updatedAt: 1,
      });
      const [artistId] = await knex('artists').insert({
        userId: user,
        name: `Bulk Artist ${i}`,
        genre: 'Pop',
        bio: '',
        verified: 0,
        createdAt: 1,
      });
      await addTrack(artistId, `Bulk Drop ${i}`, new Date(Date.now() - 60_000));
      await addTrack(artistId, `Bulk Old ${i}`, new Date(Date.now() - 40 * 86_400_000), false);
    }
    // Written past the services, as a command line tool would: it must tell the caches itself.
    await server.app.kernel.cache.invalidate();
    const large = await countAll();
    expect(large).to.deep.equal(small);
    // The home page counts every drop but shows eight; the rest are on /discover.
    const home = await server.client().get('/?all=1');
    expect(home.text).to.include('48 drops');
    const drops = /id="drops-title"(.*?)What Artists Say/s.exec(home.text)![1];
    expect(drops.match(/class="track-card /g)).to.have.length(8);
    // The track page also reads its lyrics and its timed comments (the lyrics and comments plugins' slots), a
    // query or two each, whatever the catalog size: the bound is that the count does not grow (above).
    for (const n of small) expect(n, JSON.stringify(small)).to.be.below(12);
  });

  // After the test above: 48 artists, 48 drops this month.
  const artistCards = (html: string) =>
    [...html.matchAll(/class="artist-card-name">\s*([^<]+?)\s*</g)].map((m) => m[1]);
  const trackCards = (html: string) => (html.match(/class="track-card /g) ?? []).length;

  it(
    'pages /artists and /discover on the server: 24 cards a page, rel=prev/next, a ' + 'pager that needs no JavaScript',
    async () => {
      const anon = server.client();
      const all = ((await anon.get('/api/artists')).body as Array<{ name: string }>).map((a) => a.name);
      expect(all.length).to.be.within(PAGE_SIZE + 1, 2 * PAGE_SIZE);
      const first = await anon.get('/artists');
      expect(artistCards(first.text)).to.have.length(PAGE_SIZE);
      expect(first.text).to.include('<link rel="next" href="/artists?page=2">');
      expect(first.text).not.to.include('rel="prev"');
      expect(first.text).to.include('Page 1 of 2');
      expect(first.text).to.match(/<a class="btn[^"]*" rel="next" href="\/artists\?page=2">Next<\/a>/);
      const second = await anon.get('/artists?page=2');
      expect(second.text).to.include('<link rel="prev" href="/artists">');
      expect(second.text).to.include(`<link rel="canonical" href="${server.url}/artists?page=2">`);
      expect([...artistCards(first.text), ...artistCards(second.text)]).to.deep.equal(all);
      expect(artistCards((await anon.get('/artists?page=99')).text), 'past the end: the last page').to.deep.equal(
        artistCards(second.text),
      );
      expect(artistCards((await anon.get('/artists?page=abc')).text), 'malformed: the first page').to.deep.equal(
        artistCards(first.text),
      );

      const drops = (await anon.get('/api/tracks/monthly')).body.length;
      const discover = await anon.get('/discover');
      expect(trackCards(discover.text)).to.equal(PAGE_SIZE);
      expect(discover.text).to.include('<link rel="next" href="/discover?page=2">');
      expect(artistCards(discover.text)).to.have.length(PAGE_SIZE);
      expect(discover.text).to.include(`More artists (${all.length} in all)`);
      expect(trackCards((await anon.get('/discover?page=2')).text)).to.equal(drops - PAGE_SIZE);
    },
  );

  it('searches every artist on the server by name or genre, case-insensitively (?q=, page and API)', async () => {
    const anon = server.client();
    const jazz = await anon.get('/artists?q=JAZZ');
    expect(artistCards(jazz.text)).to.deep.equal(['Blue Moon Trio']);
    expect(/<div[^>]*id="artists-empty"[^>]*>/.exec(jazz.text)![0]).to.include('hidden');
    expect(artistCards((await anon.get('/artists?q=nova')).text)).to.deep.equal(['Nova Harbor']);
    // Beyond the first page too: Bulk Artist 3 and 30–39.
    const bulk = await anon.get('/artists?q=bulk%20artist%203');
    expect(artistCards(bulk.text)).to.have.length(11);
    expect(bulk.text).to.include('data-summary="11 artists found"');
    const pop = (await anon.get('/api/artists?q=POP')).body as Array<{ genre: string }>;
    expect(pop.length).to.equal(40);
    expect(pop.every((a) => a.genre === 'Pop')).to.equal(true);
    // The search keeps its term across pages.
    expect((await anon.get('/artists?q=pop')).text).to.include('<link rel="next" href="/artists?q=pop&amp;page=2">');
    // LIKE wildcards are plain characters.
    for (const q of ['%25', '_']) {
      const none = await anon.get(`/artists?q=${q}`);
      expect(artistCards(none.text), q).to.deep.equal([]);
      expect(/<div[^>]*id="artists-empty"[^>]*>/.exec(none.text)![0], 'the empty state shows').not.to.include('hidden');
    }
  });

  it('shows the cover sizes on track cards from the track row, and a failed transcode to its artist only', async () => {
    const knex = server.app.kernel.knex;
    const variants = [
      { url: '/media/c/demo-300.avif', width: 300, type: 'image/avif' },
      { url: '/media/c/demo-300.webp', width: 300, type: 'image/webp' },
    ];
    await knex('tracks')
      .where({ id: track.id })
      .update({ coverVariants: JSON.stringify(variants), status: 'failed' });
    const anon = server.client();
    const api = (await anon.get(`/api/tracks/${track.id}`)).body;
    expect(api.coverSrcset).to.deep.equal({ avif: '/media/c/demo-300.avif 300w', webp: '/media/c/demo-300.webp 300w' });
    expect(api.processing).to.equal(false);
    const artistPage = await anon.get(`/artist/${nova.id}?covers=1`);
    expect(artistPage.text).to.match(/<source type="image\/avif" srcset="\/media\/c\/demo-300\.avif 300w"/);
    expect(artistPage.text).to.match(/<source type="image\/webp" srcset="\/media\/c\/demo-300\.webp 300w"/);

    expect((await anon.get(`/tracks/${track.id}?failed=1`)).text).not.to.include(PROCESSING_FAILED);
    const owner = server.client();
    expect((await owner.post('/api/auth/login', { username: 'novaharbor', password: DEMO_PASSWORD })).status).to.equal(
      200,
    );
    const mine = await owner.get(`/tracks/${track.id}?failed=1`);
    expect(mine.text).to.include(PROCESSING_FAILED);
    expect(mine.text).to.match(/<source type="image\/avif" srcset="\/media\/c\/demo-300\.avif 300w"/);
  });
});
