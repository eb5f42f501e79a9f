import { expect } from 'chai';
import sharp from 'sharp';
import type { TestClient } from '../../../api/test/client.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner } from '../../../media-worker/runner.ts';
import { accountJobs, PHOTO_SIZES_JOB } from '../../accounts/jobs.ts';
import { DEMO_PASSWORD } from '../../accounts/demoAccount.ts';
import { ARTIST_CARD_PHOTO_SIZES, ARTIST_HEADER_PHOTO_SIZES } from '../imageSizes.ts';

// Needs the built site (npx astro build). Artist photos on the pages, before and after the media
// worker made their web sizes (the real photo job, run through the runner, which tells the caches).

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&amp;');

describe('catalog: artist photos in their web sizes', function () {
  this.timeout(60_000);
  let server: TestServer;
  let maya: { id: number; profileImage: string };
  let track: { id: number };

  before(async () => {
    server = await startTestServer({ pages: true, seedDemo: true });
    const artists = (await server.client().get('/api/artists')).body as Array<{
      id: number;
      name: string;
      profileImage: string;
    }>;
    maya = artists.find((a) => a.name === 'Maya Reyes')!;
    track = (await server.client().get(`/api/artists/${maya.id}/tracks`)).body[0];
  });
  after(() => server?.stop());

  /** Runs the queued photo jobs only (the demo's tracks wait for ffmpeg jobs this test does not need). */
  const makeSizes = () => createRunner(server.app.kernel, { [PHOTO_SIZES_JOB]: accountJobs[PHOTO_SIZES_JOB] }).drain();
  const srcsetOf = async () =>
    (
      (await server.client().get(`/api/artists/${maya.id}`)).body as {
        photoSrcset: { avif: string; webp: string } | null;
      }
    ).photoSrcset;
  const header = (html: string) =>
    /<picture[^>]*>(?:(?!<\/picture>).)*class="artist-header-image"(?:(?!<\/picture>).)*<\/picture>/s.exec(html)?.[0];
  const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

  it('shows the uploaded file, preloaded as it is, until the sizes exist', async () => {
    expect(await srcsetOf()).to.equal(null);
    const page = (await server.client().get(`/artist/${maya.id}`)).text;
    const picture = header(page)!;
    expect(picture).to.include(
      `<img class="artist-header-image" src="${maya.profileImage}" alt="Maya Reyes" ` +
        `width="180" height="180" loading="eager" fetchpriority="high"`,
    );
    expect(picture).not.to.include('<source');
    expect(preloads(page)).to.deep.equal([
      `<link rel="preload" as="image" href="${maya.profileImage}" fetchpriority="high">`,
    ]);
  });

  it(
    'renders the header photo as a picture of AVIF and WebP sizes, preloaded with ' +
      'the same srcset and sizes, once the worker made them',
    async () => {
      // The demo's artists got their jobs from the seed, as uploads do.
      expect(await makeSizes()).to.equal(8);
      const srcset = (await srcsetOf())!;
      expect(srcset.avif).to.match(
        /^\/media\/avatars\/\d+-[0-9a-f]{12}-96\.avif 96w, \S+-224\.avif 224w, \S+-360\.avif 360w$/,
      );
      // The same address as before: the finished job emptied the page cache.
      const page = (await server.client().get(`/artist/${maya.id}`)).text;
      const picture = header(page)!;
      // No box of its own and hidden sources: the <img> lays out as it did alone (the theme styles an <img>).
      expect(picture).to.match(
        new RegExp(
          `^<picture style="display:contents"><source type="image/avif" srcset="` +
            `${escape(srcset.avif)}" sizes="${escape(ARTIST_HEADER_PHOTO_SIZES)}" hidden>`,
        ),
      );
      expect(picture).to.include(
        `<source type="image/webp" srcset="${srcset.webp}" sizes="${ARTIST_HEADER_PHOTO_SIZES}" hidden>`,
      );
      // The original stays the fallback (and the og:image).
      expect(picture).to.include(`src="${maya.profileImage}"`);
      expect(preloads(page)).to.deep.equal([
        `<link rel="preload" as="image" type="image/avif" imagesrcset="${srcset.avif}" ` +
          `imagesizes="${ARTIST_HEADER_PHOTO_SIZES}" fetchpriority="high">`,
      ]);
      const smallest = await fetch(server.url + srcset.avif.split(' ')[0]);
      expect(smallest.headers.get('content-type')).to.equal('image/avif');
      expect((await sharp(Buffer.from(await smallest.arrayBuffer())).metadata()).width).to.equal(96);
    },
  );

  it('gives cards, the track page and search results the sizes too', async () => {
    const srcset = (await srcsetOf())!;
    const anon = server.client();
    for (const path of ['/', '/discover', '/artists']) {
      expect((await anon.get(path)).text, path).to.include(
        `<source type="image/avif" srcset="${srcset.avif}" sizes="${ARTIST_CARD_PHOTO_SIZES}" hidden>`,
      );
    }
    expect((await anon.get(`/tracks/${track.id}`)).text).to.include(
      `<source type="image/avif" srcset="${srcset.avif}" sizes="36px" hidden>`,
    );
    expect((await anon.get('/search?q=maya')).text).to.include(
      `<source type="image/avif" srcset="${srcset.avif}" sizes="48px" hidden>`,
    );
  });

  it('replacing the photo shows the new file at once and then new sizes under new URLs', async () => {
    const before = (await srcsetOf())!;
    const owner: TestClient = server.client();
    expect((await owner.post('/api/auth/login', { username: 'mayareyes', password: DEMO_PASSWORD })).status).to.equal(
      200,
    );
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const upload = await owner.post('/api/users/me/photo', { data: `data:image/png;base64,${png.toString('base64')}` });
    expect(upload.status, upload.text).to.equal(200);
    const photo = upload.body.profileImage as string;

    // The write emptied the page cache: the new file, no old size anywhere.
    const plain = (await server.client().get(`/artist/${maya.id}`)).text;
    expect(header(plain)).to.include(`src="${photo}"`).and.not.to.include('<source');
    expect(preloads(plain)).to.deep.equal([`<link rel="preload" as="image" href="${photo}" fetchpriority="high">`]);
    for (const url of before.avif.split(', ').map((entry) => entry.split(' ')[0])) {
      expect(plain).not.to.include(url);
      expect((await server.client().get(url)).status, url).to.equal(404);
    }

    expect(await makeSizes()).to.equal(1);
    const after = (await srcsetOf())!;
    const page = (await server.client().get(`/artist/${maya.id}`)).text;
    expect(header(page)).to.include(`srcset="${after.avif}"`).and.to.include(`src="${photo}"`);
    expect(preloads(page)).to.deep.equal([
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${after.avif}" ` +
        `imagesizes="${ARTIST_HEADER_PHOTO_SIZES}" fetchpriority="high">`,
    ]);
    const urls = (srcset: { avif: string; webp: string }) =>
      `${srcset.avif}, ${srcset.webp}`.split(', ').map((entry) => entry.split(' ')[0]);
    expect(urls(after)).to.have.length(6);
    for (const url of urls(after)) expect(urls(before)).not.to.include(url);
  });
});
