import { expect } from 'chai';
import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import type { CacheBus } from '../cache/bus.ts';
import { localCacheBus } from '../cache/localBus.ts';
import { Redis } from 'ioredis';
import { PageCache, QUICK_BR_QUALITY } from '../http/pageCache.ts';
import { SharedPages } from '../http/sharedPages.ts';
import { startRedis } from './processes.ts';

// The cache on its own, in front of a handler that renders only when the test lets it.
describe('the rendered-page cache when an entry has aged out', () => {
  let server: Server;
  let base: string;
  let bus: CacheBus;
  let now = 0;
  let renders = 0;
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const hold = () => (gate = new Promise((resolve) => (release = resolve)));

  before(async () => {
    bus = localCacheBus({ client: 'sqlite', filename: `page-cache-test-${process.pid}-${Date.now()}` });
    const koa = new Koa();
    koa.use(new PageCache({ bus, now: () => now, ttlMs: 30_000 }).middleware());
    koa.use(async (ctx) => {
      const n = ++renders;
      await gate;
      ctx.type = 'html';
      ctx.body = Buffer.from(`<p>render ${n}</p>`); // as Astro hands it over
    });
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    await bus.close();
  });

  const get = async () => {
    const res = await fetch(`${base}/page`);
    return { text: await res.text(), cache: res.headers.get('x-page-cache') };
  };

  it('serves the expired copy to others while one request renders it anew, and waits after a write', async () => {
    expect(await get()).to.deep.equal({ text: '<p>render 1</p>', cache: 'miss' });
    now += 31_000;
    hold();
    const renewing = get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await get(), 'while the new render runs').to.deep.equal({ text: '<p>render 1</p>', cache: 'hit' });
    release();
    expect(await renewing).to.deep.equal({ text: '<p>render 2</p>', cache: 'miss' });
    expect(await get()).to.deep.equal({ text: '<p>render 2</p>', cache: 'hit' });

    // After a write nothing older is served: simultaneous requests wait for the one render.
    await bus.invalidate();
    hold();
    const first = get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await first).to.deep.equal({ text: '<p>render 3</p>', cache: 'miss' });
    expect(await second).to.deep.equal({ text: '<p>render 3</p>', cache: 'hit' });
    expect(renders).to.equal(3);
  });
});

// Two nodes' caches sharing one Redis (sharedPages.ts): only their claims, each on a bus of its own.
describe('the rendered-page cache when another node is rendering the page', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const clients: Redis[] = [];
  const servers: Server[] = [];
  const buses: CacheBus[] = [];
  let now = 0;
  let renders = 0;
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const bases: string[] = [];

  before(async () => {
    redis = await startRedis();
    const prefix = `page-cache-claims-${process.pid}:`;
    for (let node = 0; node < 2; node++) {
      const bus = localCacheBus({
        client: 'sqlite',
        filename: `page-cache-claims-${node}-${process.pid}-${Date.now()}`,
      });
      const client = new Redis(redis.url);
      const koa = new Koa();
      koa.use(
        new PageCache({
          bus,
          now: () => now,
          ttlMs: 30_000,
          shared: new SharedPages(client, prefix, bus, 30_000),
        }).middleware(),
      );
      koa.use(async (ctx) => {
        const n = ++renders;
        await gate;
        ctx.type = 'html';
        ctx.body = Buffer.from(`<p>render ${n}</p>`);
      });
      const server = koa.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      bases[node] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      buses.push(bus);
      clients.push(client);
      servers.push(server);
    }
  });
  after(async () => {
    for (const server of servers) server.close();
    for (const bus of buses) await bus.close();
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });

  const get = async (node: number) => {
    const res = await fetch(`${bases[node]}/page`);
    return { text: await res.text(), cache: res.headers.get('x-page-cache') };
  };

  it('serves its own expired copy at once rather than render the page beside the node that claimed it', async () => {
    expect(await get(1)).to.deep.equal({ text: '<p>render 1</p>', cache: 'miss' });
    now += 31_000;
    gate = new Promise((resolve) => (release = resolve));
    const renewing = get(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = await Promise.race([
      get(1),
      new Promise((resolve) => setTimeout(() => resolve('waited for a render'), 1000)),
    ]);
    expect(other, 'the other node, while the first renders').to.deep.equal({ text: '<p>render 1</p>', cache: 'hit' });
    expect(renders, 'one render of it under way, on the node that claimed it').to.equal(2);
    release();
    expect(await renewing).to.deep.equal({ text: '<p>render 2</p>', cache: 'miss' });
  });
});

describe('the rendered-page cache and the tags a page was made from', () => {
  let server: Server;
  let base: string;
  let bus: CacheBus;
  let renders = 0;
  /** Runs in the middle of the next render, after the page declared its tags. */
  let during: () => Promise<unknown> = async () => {};

  before(async () => {
    bus = localCacheBus({ client: 'sqlite', filename: `page-cache-tags-test-${process.pid}-${Date.now()}` });
    const koa = new Koa();
    koa.use(new PageCache({ bus }).middleware());
    koa.use(async (ctx) => {
      bus.dependsOn([`artist:${ctx.path.slice(1)}`]);
      await during();
      during = async () => {};
      ctx.type = 'html';
      ctx.body = Buffer.from(`<p>${ctx.path} render ${++renders}</p>`);
    });
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    await bus.close();
  });

  const get = async (path: string) => (await fetch(`${base}${path}`)).headers.get('x-page-cache');

  it('drops only the pages made from an invalidated tag', async () => {
    for (const path of ['/1', '/2']) expect([await get(path), await get(path)]).to.deep.equal(['miss', 'hit']);
    await bus.invalidate(['artist:1']);
    expect([await get('/1'), await get('/2')]).to.deep.equal(['miss', 'hit']);
    await bus.invalidate();
    expect([await get('/1'), await get('/2')]).to.deep.equal(['miss', 'miss']);
  });

  it('keeps a page rendered across an invalidation of other tags, not one rendered across its own', async () => {
    during = () => bus.invalidate(['artist:4']);
    expect([await get('/3'), await get('/3')]).to.deep.equal(['miss', 'hit']);
    during = () => bus.invalidate(['artist:5']);
    // Not kept (no X-Page-Cache): it may show data from before the write. The next render is.
    expect([await get('/5'), await get('/5'), await get('/5')]).to.deep.equal([null, 'miss', 'hit']);
  });
});

describe('the rendered-page cache compressing a kept page', () => {
  // Words in varying order: text brotli compresses better at its best quality than at a quick one.
  const words = ['drop', 'track', 'artist', 'credits', 'month', 'listen', 'fan', 'cover', 'wave', 'tempo'];
  const page = Buffer.from(
    Array.from({ length: 4000 }, (_, i) => `<p class="w${i % 7}">${words[(i * 7919) % 10]} ${i}</p>`).join(''),
  );
  let server: Server;
  let bus: CacheBus;
  let port: number;

  before(async () => {
    bus = localCacheBus({ client: 'sqlite', filename: `page-cache-br-test-${process.pid}-${Date.now()}` });
    const koa = new Koa();
    koa.use(new PageCache({ bus }).middleware());
    koa.use(async (ctx) => {
      ctx.type = 'html';
      ctx.body = page;
    });
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.close();
    await bus.close();
  });

  /** The br body as sent (fetch would decode it). */
  const brBody = (path = '/page') =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on('data', (chunk: Buffer) => chunks.push(chunk))
            .on('end', () => resolve(Buffer.concat(chunks)))
            .on('error', reject);
        })
        .on('error', reject);
    });

  /** Serves the page until its br body is `size` bytes long (a background compression finished), or gives up. */
  const servedAt = async (path: string, size: number) => {
    let body = await brBody(path);
    for (let i = 0; i < 100 && body.length !== size; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      body = await brBody(path);
    }
    return body;
  };

  it('answers a render with the compressed copy it keeps, the bytes its hits get', async () => {
    const quick = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: QUICK_BR_QUALITY } });
    const miss = await brBody('/page?rendered=1');
    expect(miss.equals(quick), 'the render’s own answer is the kept quick br').to.equal(true);
    expect((await brBody('/page?rendered=1')).equals(miss), 'and its next hit gets the same bytes').to.equal(true);
  });

  it("serves it at brotli's best quality once that is ready, the same page", async () => {
    const best = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length;
    const quick = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: QUICK_BR_QUALITY } }).length;
    expect(best, 'the page compresses better at the best quality').to.be.below(quick);
    const body = await servedAt('/page', best);
    expect(body.length).to.equal(best);
    expect(brotliDecompressSync(body).equals(page)).to.equal(true);
  });

  it('spends the best quality only on a page served from the cache again and again', async () => {
    const quick = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: QUICK_BR_QUALITY } });
    // Rendered once (a fresh query string), then served from the cache a few times, each time long
    // enough for a background compression to have finished: a page a write may soon put out.
    await brBody('/page?few=1');
    for (let hit = 1; hit < 6; hit++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await brBody('/page?few=1')).equals(quick), `hit ${hit} still gets the quick quality`).to.equal(true);
    }
    const body = await servedAt(
      '/page?few=1',
      brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length,
    );
    expect(body.length).to.be.below(quick.length);
    expect(brotliDecompressSync(body).equals(page)).to.equal(true);
  });

  it('keeps the compressed copies when a page rendered again is the same, after its TTL', async () => {
    const clock = { now: 0 };
    const ttlBus = localCacheBus({ client: 'sqlite', filename: `page-cache-ttl-br-test-${process.pid}-${Date.now()}` });
    const koa = new Koa();
    let renders = 0;
    koa.use(new PageCache({ bus: ttlBus, ttlMs: 1000, now: () => clock.now }).middleware());
    koa.use(async (ctx) => {
      renders++;
      ctx.type = 'html';
      ctx.body = page;
    });
    const other = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    const get = () =>
      new Promise<Buffer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: otherPort, path: '/same', headers: { 'Accept-Encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res
              .on('data', (chunk: Buffer) => chunks.push(chunk))
              .on('end', () => resolve(Buffer.concat(chunks)))
              .on('error', reject);
          })
          .on('error', reject);
      });
    try {
      const best = brotliCompressSync(page, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
      }).length;
      let body = await get();
      for (let i = 0; i < 200 && body.length !== best; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        body = await get();
      }
      expect(body.length, 'compressed at the best quality once popular').to.equal(best);
      // The TTL passes: one request renders it again (the same page), and keeps serving the best copy.
      clock.now += 5000;
      const rendersBefore = renders;
      await get();
      expect(renders).to.equal(rendersBefore + 1);
      expect((await get()).length).to.equal(best);
    } finally {
      other.close();
      await ttlBus.close();
    }
  });
});
