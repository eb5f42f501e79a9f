import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Artist } from '../../accounts/models.ts';
import { addTrack, join, type Member } from '../../catalog/test/fixtures.ts';
import { EMBED_HEIGHT, EMBED_WIDTH } from '../../releases/embed.ts';
import { FEED_ENTRIES, OEMBED_MESSAGES } from '../rules.ts';
import { atomErrors, oembedErrors } from './validators.ts';

// Links that play everywhere (issue 13): oEmbed, discovery and player tags, Atom feeds, sitemap
// dates, the embed pages' frame policy and size. Needs the built site (npx astro build).

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:+]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const linkHref = (html: string, type: string) =>
  new RegExp(`<link rel="alternate" type="${type.replace(/\+/g, '\\+')}" href="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&');

describe('syndication: oEmbed, player tags, feeds', () => {
  let server: TestServer;
  let clock = new Date('2026-11-20T12:00:00Z');
  let nova: Member;
  let quiet: Member;
  const ids: Record<string, number> = {};

  const oembed = (query: Record<string, string>) => server.client().get(`/oembed?${new URLSearchParams(query)}`);
  const page = (path: string) => `${server.url}${path}`;

  before(async () => {
    server = await startTestServer({ pages: true, now: () => clock });
    nova = await join(server, 'nova', true);
    quiet = await join(server, 'quiet', true);
    await Artist.query()
      .findById(nova.artist!.id)
      .patch({ name: 'Nova & "Harbor"', createdAt: Date.parse('2026-08-01T00:00:00Z') });
    ids.old = await addTrack(nova.artist!.id, 'First Tide', new Date('2026-10-04T09:00:00Z'));
    ids.now = await addTrack(nova.artist!.id, 'Low <Orbit>', new Date('2026-11-03T10:00:00Z'));
    ids.scheduled = await addTrack(nova.artist!.id, 'Not Yet', new Date('2026-12-02T00:00:00Z'));
    const knex = server.app.kernel.knex;
    // The media worker's results for the current drop: a streaming file and its cover sizes.
    await knex('tracks')
      .where({ id: ids.now })
      .update({
        audioUrl: '/media/s/stream.m4a',
        coverVariants: JSON.stringify(
          [300, 600].flatMap((width) => [
            { url: `/media/c/cover-${width}.avif`, width, type: 'image/avif' },
            { url: `/media/c/cover-${width}.webp`, width, type: 'image/webp' },
          ]),
        ),
      });
  });
  after(() => server.stop());

  describe('oEmbed', () => {
    it('answers a track page with a rich player within the spec: iframe of the embed page, default size', async () => {
      const res = await oembed({ url: page(`/tracks/${ids.now}`), format: 'json' });
      expect(res.status, res.text).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(oembedErrors(res.body)).to.deep.equal([]);
      expect(res.body).to.include({
        type: 'rich',
        version: '1.0',
        title: 'Low <Orbit> by Nova & "Harbor"',
        author_name: 'Nova & "Harbor"',
        author_url: page(`/artist/${nova.artist!.id}`),
        provider_name: 'OneTrack',
        provider_url: page('/'),
        width: EMBED_WIDTH,
        height: EMBED_HEIGHT,
        thumbnail_url: page('/media/c/cover-600.webp'),
        thumbnail_width: 600,
        thumbnail_height: 600,
      });
      expect(res.body.html).to.match(
        new RegExp(`^<iframe src="${page(`/embed/tracks/${ids.now}`)}" width="600" height="152" `),
      );
      // Titles are escaped inside the attribute.
      expect(res.body.html).to.include('title="Low &#60;Orbit&#62; by Nova &#38; &#34;Harbor&#34; on OneTrack"');
      // json is the default format; the embed page's own address works too.
      expect((await oembed({ url: page(`/tracks/${ids.now}`) })).body).to.deep.equal(res.body);
      expect((await oembed({ url: page(`/embed/tracks/${ids.now}`) })).body.html).to.equal(res.body.html);
    });

    it('answers an artist page (both spellings) with the artist player, which plays their latest drop', async () => {
      for (const path of [
        `/artist/${nova.artist!.id}`,
        `/artists/${nova.artist!.id}`,
        `/embed/artists/${nova.artist!.id}`,
      ]) {
        const res = await oembed({ url: page(path), format: 'json' });
        expect(res.status, path).to.equal(200);
        expect(oembedErrors(res.body), path).to.deep.equal([]);
        expect(res.body).to.include({ title: 'Nova & "Harbor" on OneTrack', thumbnail_width: 600 });
        expect(res.body.html).to.include(`src="${page(`/embed/artists/${nova.artist!.id}`)}"`);
      }
      // An artist without releases still has a player (it will play the first drop), without a thumbnail.
      const empty = await oembed({ url: page(`/artist/${quiet.artist!.id}`) });
      expect(empty.status).to.equal(200);
      expect(oembedErrors(empty.body)).to.deep.equal([]);
      expect(empty.body.thumbnail_url).to.equal(undefined);
    });

    it('honours maxwidth and maxheight, thumbnails included, and refuses a box no player fits', async () => {
      const narrow = await oembed({ url: page(`/tracks/${ids.now}`), maxwidth: '400' });
      expect(oembedErrors(narrow.body, { width: 400 })).to.deep.equal([]);
      expect(narrow.body).to.include({ width: 400, height: EMBED_HEIGHT, thumbnail_width: 300 });
      expect(narrow.body.html).to.include('width="400" height="152"');

      const low = await oembed({ url: page(`/tracks/${ids.now}`), maxwidth: '1000', maxheight: '100' });
      expect(oembedErrors(low.body, { width: 1000, height: 100 })).to.deep.equal([]);
      expect(low.body).to.include({ width: EMBED_WIDTH, height: 100 });
      // No cover size fits in 100 px: no thumbnail rather than one too big.
      expect(low.body.thumbnail_url).to.equal(undefined);

      const tiny = await oembed({ url: page(`/tracks/${ids.now}`), maxwidth: '150', maxheight: '60' });
      expect(tiny.status).to.equal(404);
      expect(tiny.body).to.deep.equal({ message: OEMBED_MESSAGES.tooSmall(150, 60) });
      for (const bad of [{ maxwidth: 'wide' }, { maxheight: '0' }, { maxwidth: '-5' }, { maxheight: '1.5' }] as Array<
        Record<string, string>
      >) {
        const res = await oembed({ url: page(`/tracks/${ids.now}`), ...bad });
        expect(res.status, JSON.stringify(bad)).to.equal(400);
        expect(res.body).to.deep.equal({ message: OEMBED_MESSAGES.size });
      }
    });

    it(
      'answers 404 for a URL that is not one of ours or not out, 400 without url, ' + '501 for an unknown format',
      async () => {
        const notOurs = [
          'https://example.com/tracks/1',
          `${server.url.replace('127.0.0.1', 'localhost')}/tracks/${ids.now}`,
          page('/discover'),
          page(`/tracks/${ids.now}/extra`),
          'not a url',
          `javascript:alert(1)//${server.url.slice(7)}/tracks/1`,
        ];
        for (const url of notOurs) {
          const res = await oembed({ url });
          expect(res.status, url).to.equal(404);
          expect(res.body, url).to.deep.equal({ message: OEMBED_MESSAGES.notOurs });
        }
        for (const url of [page('/tracks/999999'), page(`/tracks/${ids.scheduled}`), page('/artist/999999')]) {
          const res = await oembed({ url });
          expect(res.status, url).to.equal(404);
          expect(res.body, url).to.deep.equal({ message: OEMBED_MESSAGES.notFound });
        }
        const missing = await server.client().get('/oembed?format=json');
        expect(missing.status).to.equal(400);
        expect(missing.body).to.deep.equal({ message: OEMBED_MESSAGES.urlRequired });
        const yaml = await oembed({ url: page(`/tracks/${ids.now}`), format: 'yaml' });
        expect(yaml.status).to.equal(501);
        expect(yaml.body).to.deep.equal({ message: OEMBED_MESSAGES.format });
      },
    );

    it('answers the same in XML (format=xml)', async () => {
      const json = (await oembed({ url: page(`/tracks/${ids.now}`), maxwidth: '400' })).body;
      const res = await oembed({ url: page(`/tracks/${ids.now}`), maxwidth: '400', format: 'xml' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/xml/);
      const parsed = new XMLParser({ parseTagValue: false }).parse(res.text).oembed as Record<string, string>;
      expect(Object.keys(parsed).sort()).to.deep.equal(Object.keys(json).sort());
      for (const [name, value] of Object.entries(json)) expect(parsed[name], name).to.equal(String(value));
    });
  });

  describe('head tags', () => {
    it(
      'makes a track page discoverable and playable where it is shared: oEmbed, ' +
        'Twitter player, OpenGraph audio and music',
      async () => {
        const html = (await server.client().get(`/tracks/${ids.now}`)).text;
        const json = linkHref(html, 'application/json+oembed')!;
        expect(json).to.equal(`${server.url}/oembed?url=${encodeURIComponent(page(`/tracks/${ids.now}`))}&format=json`);
        const discovered = await server.client().get(json.slice(server.url.length));
        expect(discovered.status).to.equal(200);
        expect(discovered.body.html).to.include(`/embed/tracks/${ids.now}"`);
        expect(
          (await server.client().get(linkHref(html, 'text/xml+oembed')!.slice(server.url.length))).status,
        ).to.equal(200);

        expect(metaContent(html, 'twitter:card')).to.equal('player');
        expect(metaContent(html, 'twitter:player')).to.equal(page(`/embed/tracks/${ids.now}`));
        expect(metaContent(html, 'twitter:player:width')).to.equal(String(EMBED_WIDTH));
        expect(metaContent(html, 'twitter:player:height')).to.equal(String(EMBED_HEIGHT));
        expect(metaContent(html, 'og:type')).to.equal('music.song');
        expect(metaContent(html, 'og:audio')).to.equal(page('/media/s/stream.m4a'));
        expect(metaContent(html, 'og:audio:type')).to.equal('audio/mp4');
        // Served over http here: no secure_url.
        expect(metaContent(html, 'og:audio:secure_url')).to.equal(undefined);
        expect(metaContent(html, 'music:duration')).to.equal('180');
        expect(metaContent(html, 'music:musician')).to.equal(page(`/artist/${nova.artist!.id}`));
        expect(metaContent(html, 'music:release_date')).to.equal('2026-11-03T10:00:00.000Z');
        // The artist's feed, and the site's feed from the layout.
        expect(html).to.include(
          `<link rel="alternate" type="application/atom+xml" href="${page(`/artist/${nova.artist!.id}/feed.xml`)}"`,
        );
        expect(html).to.include(
          '<link rel="alternate" type="application/atom+xml" href="/feed.xml" title="OneTrack: new drops">',
        );
      },
    );

    it('gives an artist page the artist player and their latest drop as its audio', async () => {
      const html = (await server.client().get(`/artist/${nova.artist!.id}`)).text;
      expect(metaContent(html, 'twitter:card')).to.equal('player');
      expect(metaContent(html, 'twitter:player')).to.equal(page(`/embed/artists/${nova.artist!.id}`));
      expect(metaContent(html, 'og:audio')).to.equal(page('/media/s/stream.m4a'));
      expect(metaContent(html, 'music:duration')).to.equal(undefined);
      expect(
        (await server.client().get(linkHref(html, 'application/json+oembed')!.slice(server.url.length))).body.html,
      ).to.include(`/embed/artists/${nova.artist!.id}"`);
      expect(html).to.include(
        `<link rel="alternate" type="application/atom+xml" href="` +
          `${page(`/artist/${nova.artist!.id}/feed.xml`)}" title="Nova &amp; ` +
          `&quot;Harbor&quot; on OneTrack: drops">`,
      );
      // No release yet: the player card stays, OpenGraph has no audio to offer.
      const quietHtml = (await server.client().get(`/artist/${quiet.artist!.id}`)).text;
      expect(metaContent(quietHtml, 'twitter:player')).to.equal(page(`/embed/artists/${quiet.artist!.id}`));
      expect(metaContent(quietHtml, 'og:audio')).to.equal(undefined);
    });
  });

  describe('Atom feeds', () => {
    it("lists an artist's released drops newest first, valid Atom that a feed reader reads fully", async () => {
      const res = await server.client().get(`/artist/${nova.artist!.id}/feed.xml`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/atom+xml; charset=utf-8');
      expect(atomErrors(res.text)).to.deep.equal([]);
      const feed = parseFeed(res.text);
      expect(feed.meta.type).to.equal('atom');
      expect(feed.title).to.equal('Nova & "Harbor" on OneTrack: drops');
      expect(feed.self).to.equal(page(`/artist/${nova.artist!.id}/feed.xml`));
      expect(feed.url).to.equal(page(`/artist/${nova.artist!.id}`));
      expect(feed.updated?.toISOString()).to.equal('2026-11-03T10:00:00.000Z');
      expect(feed.authors.map((a) => a.name)).to.deep.equal(['Nova & "Harbor"']);
      // The scheduled drop is not out yet.
      expect(feed.items.map((i) => i.title)).to.deep.equal([
        'Low <Orbit> by Nova & "Harbor"',
        'First Tide by Nova & "Harbor"',
      ]);
      const [latest] = feed.items;
      expect(latest.id).to.equal(page(`/tracks/${ids.now}`));
      // The link a reader opens says it came from a feed (the play's source); the id stays the plain page.
      expect(latest.url).to.equal(page(`/tracks/${ids.now}?from=feed`));
      expect(latest.published?.toISOString()).to.equal('2026-11-03T10:00:00.000Z');
      expect(latest.media.map((m) => ({ url: m.url, mimeType: m.mimeType }))).to.deep.equal([
        { url: page('/media/s/stream.m4a'), mimeType: 'audio/mp4' },
      ]);
      expect(latest.categories.map((c) => c.term)).to.deep.equal(['monthly-drop']);
      expect(latest.description).to.equal('Monthly drop from Nova & "Harbor" (3:00).');

      // Once its moment comes, the scheduled drop leads the feed.
      clock = new Date('2026-12-02T00:00:01Z');
      try {
        const later = parseFeed((await server.client().get(`/artist/${nova.artist!.id}/feed.xml?after`)).text);
        expect(later.items[0].id).to.equal(page(`/tracks/${ids.scheduled}`));
      } finally {
        clock = new Date('2026-11-20T12:00:00Z');
      }
    });

    it("keeps an artist's feed valid before the first drop, and answers 404 for an unknown artist", async () => {
      const res = await server.client().get(`/artist/${quiet.artist!.id}/feed.xml`);
      expect(res.status).to.equal(200);
      expect(atomErrors(res.text)).to.deep.equal([]);
      expect(parseFeed(res.text).items).to.deep.equal([]);
      for (const path of ['/artist/999999/feed.xml', '/artist/abc/feed.xml']) {
        const missing = await server.client().get(path);
        expect(missing.status, path).to.equal(404);
      }
    });

    it('lists every artist’s newest drops in the site feed, at most FEED_ENTRIES', async () => {
      await addTrack(quiet.artist!.id, 'Quiet Debut', new Date('2026-11-10T08:00:00Z'));
      // A fresh address: the page cache may hold the feed from before this track (written without the API).
      const res = await server.client().get('/feed.xml?site');
      expect(res.status).to.equal(200);
      expect(atomErrors(res.text)).to.deep.equal([]);
      const feed = parseFeed(res.text);
      expect(feed.title).to.equal('OneTrack: new drops');
      expect(feed.items.map((i) => i.title)).to.deep.equal([
        'Quiet Debut by quiet name',
        'Low <Orbit> by Nova & "Harbor"',
        'First Tide by Nova & "Harbor"',
      ]);
      expect(feed.items[0].authors.map((a) => a.url)).to.deep.equal([page(`/artist/${quiet.artist!.id}`)]);
      expect(FEED_ENTRIES).to.equal(50);
    });

    it('finds what RFC 4287 forbids (the validator itself can fail)', () => {
      expect(atomErrors('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).to.include.members([
        'the feed must have exactly one <id>, has 0',
        'the feed should have a rel="self" link (section 4.1.1)',
      ]);
      expect(atomErrors('<feed><id>x')[0]).to.match(/^not well-formed/);
      expect(
        oembedErrors({ type: 'rich', version: '1.0', html: '<iframe>', width: 600, height: 0, thumbnail_url: 'x' }),
      ).to.include.members([
        'height must be a positive integer',
        'thumbnail_url, thumbnail_width and thumbnail_height come together',
        'html is not well-formed XHTML',
      ]);
    });
  });

  describe('sitemap, frame policy and the embed page', () => {
    it('dates every sitemap entry: artists by their latest release or joining, tracks by release', async () => {
      const xml = (await server.client().get('/sitemap.xml?dated')).text;
      const lastmod = (path: string) =>
        new RegExp(`<loc>${page(path).replace(/[.?]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];
      expect(lastmod(`/artist/${nova.artist!.id}`)).to.equal('2026-11-03T10:00:00.000Z');
      expect(lastmod(`/tracks/${ids.old}`)).to.equal('2026-10-04T09:00:00.000Z');
      expect(lastmod('/')).to.equal('2026-11-10T08:00:00.000Z');
      expect(lastmod('/discover')).to.equal('2026-11-10T08:00:00.000Z');
      const joined = (await Artist.query().findById(quiet.artist!.id))!.createdAt;
      await server.app.kernel.knex('tracks').where({ artistId: quiet.artist!.id }).delete();
      const fresh = (await server.client().get('/sitemap.xml?after')).text;
      expect(fresh).to.include(
        `<loc>${page(`/artist/${quiet.artist!.id}`)}</loc><lastmod>${new Date(joined).toISOString()}</lastmod>`,
      );
      expect(xml).not.to.include(`/tracks/${ids.scheduled}<`);
    });

    it('lets other sites frame the embed pages only; every other page keeps DENY', async () => {
      for (const path of [`/embed/tracks/${ids.now}`, `/embed/artists/${nova.artist!.id}`]) {
        const res = await server.client().get(path);
        expect(res.status, path).to.equal(200);
        expect(res.headers.get('x-frame-options'), path).to.equal(null);
        expect(res.headers.get('content-security-policy'), path)
          .to.include('frame-ancestors *')
          .and.include("script-src 'self'");
      }
      for (const path of [
        `/tracks/${ids.now}`,
        `/artist/${nova.artist!.id}`,
        '/artists',
        '/feed.xml',
        `/oembed?url=${encodeURIComponent(page(`/tracks/${ids.now}`))}`,
      ]) {
        const res = await server.client().get(path);
        expect(res.headers.get('x-frame-options'), path).to.equal('DENY');
        expect(res.headers.get('content-security-policy'), path).to.include("frame-ancestors 'none'");
      }
    });

    it("shows an artist's latest drop in the artist embed, and says so when there is none", async () => {
      const res = await server.client().get(`/embed/artists/${nova.artist!.id}`);
      expect(res.text).to.include('<p class="kicker">Latest drop</p>');
      expect(res.text).to.include('Low &lt;Orbit&gt;');
      const none = await server.client().get(`/embed/artists/${quiet.artist!.id}`);
      expect(none.status).to.equal(200);
      expect(none.text).to.include('has not released a track yet');
      expect((await server.client().get('/embed/artists/999999')).status).to.equal(404);
      expect((await server.client().get(`/embed/tracks/${ids.scheduled}`)).status).to.equal(404);
    });

    it('keeps the embed page small: under 15 KB of JavaScript in all, no React', async () => {
      const seen = new Set<string>();
      const sources: string[] = [];
      let bytes = 0;
      const load = async (path: string): Promise<void> => {
        if (seen.has(path)) return;
        seen.add(path);
        const source = (await server.client().get(path)).text;
        sources.push(source);
        bytes += Buffer.byteLength(source);
        // Static and dynamic imports of the module's chunks.
        for (const [, spec] of source.matchAll(/(?:from|import\(?)\s*["']([^"']+\.js)["']/g))
          await load(new URL(spec, page(path)).pathname);
      };
      const html = (await server.client().get(`/embed/tracks/${ids.now}`)).text;
      for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) await load(src);
      for (const [, inline] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g))
        bytes += Buffer.byteLength(inline);
      expect(bytes).to.be.below(15 * 1024);
      expect(
        [...seen].some((path) => path.includes('EmbedPlayer')),
        'the player script is loaded',
      ).to.equal(true);
      // React's elements are tagged Symbol.for('react.element') / ('react.transitional.element').
      expect([...seen].join(' ')).not.to.match(/react/i);
      for (const source of sources) expect(source).not.to.match(/react\.(transitional\.)?element/);
      expect(html).not.to.include('astro-island');
    });
  });
});
