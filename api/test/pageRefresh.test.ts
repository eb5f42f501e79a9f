import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo, Server } from 'node:net';
import type { CacheBus } from '../cache/bus.ts';
import { localCacheBus } from '../cache/localBus.ts';
import { dependsOn } from '../cache/scopes.ts';
import { PageCache } from '../http/pageCache.ts';
import { PageRefresher, refreshRequest } from '../http/pageRefresh.ts';
import { waitFor } from './processes.ts';

// The page cache renders a signed-in viewer's pages again in the background (pageRefresh.ts), in
// front of a handler that counts its renders. The viewer is whoever the test's header names.
describe('the page cache rendering a member’s pages ahead of their next view', () => {
  let server: Server;
  let base: string;
  let bus: CacheBus;
  let refresher: PageRefresher;
  let now = 0;
  const renders: string[] = [];

  before(async () => {
    bus = localCacheBus({ client: 'sqlite', filename: `page-refresh-test-${process.pid}-${Date.now()}` });
    refresher = new PageRefresher();
    const koa = new Koa();
    koa.use(async (ctx, next) => {
      const id = Number(ctx.get('x-test-user'));
      ctx.state.user = id ? { id } : null;
      await next();
    });
    koa.use(new PageCache({ bus, now: () => now, ttlMs: 30_000, refresher }).middleware());
    koa.use(async (ctx) => {
      // The home page lists tracks, which show the viewer's likes, and exclusives, which everyone sees.
      if (ctx.path === '/home') dependsOn(['exclusives', ...(ctx.state.user ? [`likes:${ctx.state.user.id}`] : [])]);
      renders.push(`${ctx.state.user?.id ?? 'anonymous'} ${ctx.path}`);
      ctx.type = 'html';
      ctx.body = Buffer.from(`<p>render ${renders.length}</p>`);
    });
    refresher.through(koa.callback());
    server = koa.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.close();
    await refresher.close();
    await bus.close();
  });
  beforeEach(async () => {
    await bus.invalidate();
    renders.length = 0;
    now += 60_000;
  });

  const get = async (path: string, user?: number) => {
    const res = await fetch(`${base}${path}`, { headers: user ? { 'x-test-user': String(user) } : {} });
    return { text: await res.text(), cache: res.headers.get('x-page-cache') };
  };
  const settled = () => waitFor('the refresher to finish', () => (refresher.pending === 0 ? true : undefined), 2000, 2);

  it('renders the pages an invalidation naming the viewer puts out, not those of what every page shows', async () => {
    await get('/vault', 7);
    await get('/home', 7);
    await bus.invalidate(['likes:7']);
    expect(refresher.pending).to.equal(1);
    await settled();
    expect(renders).to.deep.equal(['7 /vault', '7 /home', '7 /home']);
    expect(await get('/home', 7)).to.deep.equal({ text: '<p>render 3</p>', cache: 'hit' });
    expect(await get('/vault', 7), 'not put out').to.deep.equal({ text: '<p>render 1</p>', cache: 'hit' });
    await bus.invalidate(['exclusives']);
    await settled();
    expect(renders, 'nothing rendered ahead').to.have.length(3);
    expect((await get('/home', 7)).cache).to.equal('miss');
    await bus.invalidate(['likes:8']);
    await settled();
    expect((await get('/home', 7)).cache, 'another viewer’s tag leaves the page').to.equal('hit');
  });

  it('stops rendering a page ahead once the viewer no longer comes back to it', async () => {
    await get('/home', 7);
    await bus.invalidate(['user:7']);
    expect(refresher.pending).to.equal(1);
    await settled();
    await bus.invalidate(['user:7']);
    expect(refresher.pending).to.equal(0);
    await settled();
    expect(renders, 'rendered ahead once, then left').to.deep.equal(['7 /home', '7 /home']);
    expect((await get('/home', 7)).cache).to.equal('miss');
  });

  it('renders at most four of a viewer’s pages ahead for one invalidation', async () => {
    for (let i = 0; i < 6; i++) await get(`/page/${i}`, 7);
    await bus.invalidate(['user:7']);
    await settled();
    expect(renders).to.have.length(6 + 4);
  });

  it('renders a member’s page served late in its life again before it expires, not an anonymous one', async () => {
    await get('/home', 7);
    await get('/home');
    now += 26_000;
    expect(await get('/home', 7)).to.deep.equal({ text: '<p>render 1</p>', cache: 'hit' });
    expect((await get('/home')).cache).to.equal('hit');
    await settled();
    expect(renders).to.deep.equal(['7 /home', 'anonymous /home', '7 /home']);
    now += 15_000;
    expect(await get('/home', 7), 'fresh: rendered 15 s ago').to.deep.equal({ text: '<p>render 3</p>', cache: 'hit' });
    expect((await get('/home')).cache, 'expired').to.equal('miss');
  });

  it('does not render a page again when a view kept a newer copy before the refresh ran', async () => {
    await get('/home', 7);
    const request = refreshRequest('/home', { 'x-test-user': '7' });
    // Asked for when the kept copies numbered 0: the copy kept since is newer.
    refresher.schedule('7  /home', request, 0);
    await settled();
    expect(renders).to.deep.equal(['7 /home']);
    refresher.schedule('7  /home', request, Number.MAX_SAFE_INTEGER);
    await settled();
    expect(renders, 'a copy older than the one asked about').to.deep.equal(['7 /home', '7 /home']);
  });

  it('replays only what renders the same page, and knows its own requests by a value no client has', () => {
    const request = refreshRequest('/home?tab=1', {
      cookie: 'onetrack.sid=abc',
      'accept-language': 'de',
      'accept-encoding': 'br',
      'if-none-match': 'W/"x"',
      'cache-control': 'max-age=0',
      'x-onetrack-refresh': 'guess',
    });
    expect(request).to.deep.equal({
      url: '/home?tab=1',
      headers: { cookie: 'onetrack.sid=abc', 'accept-language': 'de' },
    });
    const forged = { headers: { 'x-onetrack-refresh': 'guess 0' } } as unknown as Parameters<
      PageRefresher['outdates']
    >[0];
    expect(refresher.outdates(forged)).to.equal(null);
  });
});
