import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo, Server } from 'node:net';
import { localCacheBus, type CacheBus } from '../cache.ts';
import { PageCache } from '../http/pageCache.ts';

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
