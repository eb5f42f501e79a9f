import { expect } from 'chai';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.ts';
import type { Config } from '../config.ts';
import { listen } from '../http/listen.ts';
import { TestClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startRedis, waitFor } from './processes.ts';
import { startHeldLine, type HeldLine } from './proxy.ts';
import { startTestServer, testConfig, type TestServer } from './server.ts';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';
import { GENRES } from '../../plugins/catalog/rules.ts';
import { WITHOUT_INSIGHTS } from '../../plugins/catalog/test/fixtures.ts';
import { startSmtpServer } from '../../plugins/notifications/test/smtp.ts';
import { TOKEN_MAIL_JOB } from '../../plugins/accounts/recovery.ts';
import { uploadImage } from '../../plugins/releases/test/fixtures.ts';
import { upgrade } from '../../plugins/credits/test/fixtures.ts';

// Invalidation as precise as the write (api/cache/, api/README.md "Cache tags"): each
// write invalidates the tags its services announce, and a write that changed nothing none.

/** The tags of every invalidation this node hears while `work` runs. */
async function heard(server: TestServer, work: () => Promise<unknown>): Promise<string[][]> {
  const told: string[][] = [];
  const unsubscribe = server.app.kernel.cache.subscribe((tags) => told.push([...tags].sort()));
  try {
    await work();
  } finally {
    unsubscribe();
  }
  return told;
}

describe('cache invalidation by tags: a listen without insights', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ seedDemo: true, pages: true, plugins: WITHOUT_INSIGHTS })));
  after(() => server.stop());

  it('puts out the listener’s views with listen counts when catalog counts listens, once per window', async () => {
    const ana = await signUp(server, 'tagana');
    const plays = async () => {
      const page = await ana.client.get('/tracks/1');
      return { cache: page.headers.get('x-page-cache'), plays: /(\d+) plays?\b/.exec(page.text)?.[1] };
    };
    const vault = async () => (await ana.client.get('/credits')).headers.get('x-page-cache');
    const before = await plays();
    await vault();
    expect((await plays()).cache).to.equal('hit');
    expect(await vault()).to.equal('hit');
    const listen = async () => expect((await ana.client.post('/api/tracks/1/listen')).status).to.be.within(200, 201);
    expect(await heard(server, listen)).to.deep.equal([[`listens:${ana.user.id}`]]);
    const after = await plays();
    expect(
      Number(after.plays),
      'the track page shows the new play count (rendered for this view or ahead of it)',
    ).to.equal(Number(before.plays) + 1);
    expect(await vault(), 'the Credit Vault shows no listen counts').to.equal('hit');
    expect(await heard(server, listen), 'a listen within the window is not counted').to.deep.equal([]);
  });
});

describe('cache invalidation by tags: what anyone may send', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      seedDemo: true,
      config: { mail: { smtpUrl: smtp.url, from: 'OneTrack <hello@onetrack.test>' } },
    });
  });
  after(async () => {
    await server.stop();
    await smtp.stop();
  });

  // A write that announces nothing empties every cache on every node: one a client without an
  // account can send, as often as it likes, would let anyone keep the site uncached.
  it('empties no cache for any write the API takes without a session, sent empty or as the site sends it', async () => {
    const description = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: object[] }>>;
    };
    const open: Array<[method: string, path: string]> = [];
    for (const [path, operations] of Object.entries(description.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const security = operation.security ?? [];
        const needsSession = security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
        if (['post', 'put', 'patch', 'delete'].includes(method) && !needsSession)
          open.push([method.toUpperCase(), `/api${path.replace(/\{[^}]+\}/g, '1')}`]);
      }
    }
    const paths = open.map(([, path]) => path);
    expect(paths).to.include.members([
      '/api/auth/passkeys/login/options',
      '/api/auth/password-reset',
      '/api/auth/verify-email',
      '/api/auth/password-reset/confirm',
    ]);
    // What the site's forms send where an empty body is refused before anything happens.
    const asSent: Record<string, object> = { '/api/auth/password-reset': { email: 'demo@onetrack.example' } };
    const watcher = server.client();
    await watcher.get('/api/artists/1');
    const told = await heard(server, async () => {
      for (const [method, path] of open) {
        if (path === '/api/auth/register' || path === '/api/auth/login') continue; // their own tests: they sign in
        for (const body of [{}, asSent[path]].filter(Boolean)) {
          const res = await server.client().request(method, path, method === 'DELETE' ? undefined : body);
          expect(res.status, `${method} ${path}`).to.be.below(500);
        }
      }
    });
    expect(
      told.flat().filter((tag) => !/^(session|devices):/.test(tag)),
      'tags announced',
    ).to.deep.equal([]);
    expect(
      (await watcher.get('/api/artists/1')).headers.get('x-page-cache'),
      'the cached answer is still there',
    ).to.equal('hit');
    const links = await server.app.kernel.knex('jobs').where({ type: TOKEN_MAIL_JOB }).count({ n: '*' });
    expect(Number(links[0].n), 'the reset link was asked for, a write that did happen').to.equal(1);
  });

  it('empties everything for a new address, though it also sends a verification link', async () => {
    const fan = await signUp(server, 'tagnewaddress');
    const links = async () =>
      Number((await server.app.kernel.knex('jobs').where({ type: TOKEN_MAIL_JOB }).count({ n: '*' }))[0].n);
    const before = await links();
    const told = await heard(server, async () => {
      const res = await fan.client.patch(`/api/users/${fan.user.id}`, { email: 'tagnewaddress@elsewhere.example' });
      expect(res.status, res.text).to.equal(200);
    });
    expect(told).to.deep.equal([['*']]);
    expect(await links(), 'the new address’s verification link').to.equal(before + 1);
  });
});

describe('cache invalidation by tags: writes that change nothing', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ seedDemo: true })));
  after(() => server.stop());

  it('invalidates nothing for an anonymous logout, and answers 401 first to a route that needs a session', async () => {
    const anonymous = server.client();
    await anonymous.get('/api/artists/1');
    expect((await anonymous.get('/api/artists/1')).headers.get('x-page-cache')).to.equal('hit');
    const told = await heard(server, async () => {
      for (let i = 0; i < 3; i++) expect((await anonymous.post('/api/auth/logout')).status).to.equal(200);
      expect((await anonymous.post('/api/tracks/1/like', { like: true })).status).to.equal(401);
      expect((await anonymous.post('/api/notifications/read-all')).status).to.equal(401);
    });
    expect(told).to.deep.equal([]);
    expect(
      (await anonymous.get('/api/artists/1')).headers.get('x-page-cache'),
      'the cached answer is still there',
    ).to.equal('hit');
  });

  it('invalidates nothing for a sign-up: a new account is on no kept page until it becomes an artist', async () => {
    const anonymous = server.client();
    await anonymous.get('/api/artists/1');
    const told = await heard(server, () => signUp(server, 'tagnewcomer'));
    expect(told.flat().filter((tag) => !tag.startsWith('session:'))).to.deep.equal([]);
    expect(
      (await anonymous.get('/api/artists/1')).headers.get('x-page-cache'),
      'the cached answer is still there',
    ).to.equal('hit');
    const artist = await heard(server, () => signUp(server, 'tagnewartist', { artist: true }));
    expect(artist.flat(), 'its artist record, a write of its own').to.include('*');
  });

  it('invalidates the actor’s tags for a change, and nothing when the same write is repeated', async () => {
    const [ana, ben] = [await signUp(server, 'tagana'), await signUp(server, 'tagben')];
    const me = `user:${ana.user.id}`;
    const post = async (client: TestClient, path: string, body?: unknown) => {
      const res = await client.post(path, body);
      expect(res.status, res.text).to.be.within(200, 201);
      return res;
    };
    const patch = async (client: TestClient, path: string) => {
      const res = await client.patch(path, {});
      expect(res.status, res.text).to.equal(200);
    };
    expect(await heard(server, () => post(ana.client, '/api/tracks/1/like', { like: true }))).to.deep.equal([
      [`liked:1:${ana.user.id}`, `likes:${ana.user.id}`],
    ]);
    expect(
      await heard(server, () => post(ana.client, '/api/tracks/1/like', { like: true })),
      'liked twice',
    ).to.deep.equal([]);
    expect(
      await heard(server, () => post(ana.client, '/api/tracks/2/like', { like: false })),
      'unliked, never liked',
    ).to.deep.equal([]);
    // Insights' play counts (rolled up from play reports) are what pages show: a listen changes none of them.
    expect(
      await heard(server, () => post(ana.client, '/api/tracks/1/listen')),
      'a listen, with insights on',
    ).to.deep.equal([]);
    expect(await heard(server, () => post(ana.client, '/api/subscriptions', { artistId: 1 }))).to.deep.equal([[me]]);
    expect(
      await heard(server, () => post(ana.client, '/api/subscriptions', { artistId: 1 })),
      'subscribed twice',
    ).to.deep.equal([]);
    expect(await heard(server, () => post(ana.client, '/api/notifications/read-all')), 'nothing unread').to.deep.equal(
      [],
    );

    let sent!: { id: number };
    expect(
      await heard(
        server,
        async () =>
          (sent = (await post(ben.client, '/api/messages', { recipientId: ana.user.id, content: 'Tags?' })).body),
      ),
    ).to.deep.equal([[`inbox:${ben.user.id}`, me].sort()]);
    expect(await heard(server, () => patch(ana.client, `/api/messages/${sent.id}/read`))).to.deep.equal([
      [`inbox:${ana.user.id}`, `inbox:${ben.user.id}`, `unread:${ana.user.id}`].sort(),
    ]);
    expect(await heard(server, () => patch(ana.client, `/api/messages/${sent.id}/read`)), 'read twice').to.deep.equal(
      [],
    );

    // A logout ends one session and its device: their rows' tags, nothing else.
    const told = (await heard(server, () => post(ana.client, '/api/auth/logout'))).flat().sort();
    expect(told).to.have.length(2);
    expect(told[0]).to.equal(`devices:${ana.user.id}`);
    expect(told[1]).to.match(/^session:[\w-]+$/);
  });

  it('invalidates everything for a write whose services say nothing, nothing for one unchanged', async () => {
    const admin = await signUp(server, 'tagadmin', { role: 'admin' });
    const artist = await signUp(server, 'tagartist', { artist: true });
    const told = await heard(server, async () => {
      const res = await artist.client.patch(`/api/artists/${artist.artist!.id}`, { genre: GENRES[0] });
      expect(res.status, res.text).to.equal(200);
    });
    expect(told).to.deep.equal([['*']]);
    const again = await heard(server, async () =>
      expect((await artist.client.patch(`/api/artists/${artist.artist!.id}`, { genre: GENRES[0] })).status).to.equal(
        200,
      ),
    );
    expect(again, 'the same genre again').to.deep.equal([]);
    const profile = { name: 'Tag Artist', bio: 'Plays tags' };
    expect(
      await heard(server, async () =>
        expect((await artist.client.patch(`/api/users/${artist.user.id}`, profile)).status).to.equal(200),
      ),
    ).to.deep.equal([['*']]);
    const saved = await heard(server, async () => {
      const res = await artist.client.patch(`/api/users/${artist.user.id}`, {
        ...profile,
        name: ' Tag Artist ',
        username: 'tagartist',
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ name: 'Tag Artist', bio: 'Plays tags' });
    });
    expect(saved, 'the profile form saved as it was').to.deep.equal([]);
    const preparing = await heard(server, async () => {
      await uploadImage(artist.client);
      const suggestion = await artist.client.post('/api/ai/enhance-track', { title: 'Tagged' });
      expect(suggestion.status, suggestion.text).to.equal(200);
    });
    expect(preparing, 'an upload and a suggestion: on no page until a release').to.deep.equal([]);
    const block = await server.app.kernel.knex('contentBlocks').where({ key: 'hero_title' }).first('id');
    expect(
      await heard(server, () => admin.client.patch(`/api/content/${block.id}`, { value: 'Tagged' })),
    ).to.deep.equal([['content']]);
  });
});

describe('cache invalidation by tags: the actor’s views', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ seedDemo: true, pages: true })));
  after(() => server.stop());

  it('puts out the moderators’ queue for a report or a notice, and no other page', async () => {
    const [admin, fan] = [await signUp(server, 'tagmod', { role: 'admin' }), await signUp(server, 'tagreporter')];
    const anonymous = server.client();
    const queue = async () => {
      const page = await admin.client.get('/admin/moderation');
      expect(page.status).to.equal(200);
      return { cache: page.headers.get('x-page-cache'), reported: page.text.includes('Spam or scam') };
    };
    expect((await queue()).reported).to.equal(false);
    await anonymous.get('/tracks/1');
    expect((await queue()).cache).to.equal('hit');
    const report = async () =>
      expect(
        (await fan.client.post('/api/reports', { targetType: 'track', targetId: 1, reason: 'spam' })).status,
      ).to.equal(201);
    expect(await heard(server, report)).to.deep.equal([['reports']]);
    expect(await queue(), 'the queue shows the new report').to.deep.equal({ cache: 'miss', reported: true });
    expect(
      (await anonymous.get('/tracks/1')).headers.get('x-page-cache'),
      'the reported track’s page stays kept',
    ).to.equal('hit');
    const notice = {
      trackUrl: `${server.url}/tracks/2`,
      work: 'My song',
      name: 'Rights Holder',
      email: 'rights@example.com',
      goodFaith: true,
    };
    expect(
      await heard(server, async () =>
        expect((await anonymous.post('/api/copyright-notices', notice)).status).to.equal(201),
      ),
    ).to.deep.equal([['reports']]);
  });

  it('puts out the fan’s vault and the artist’s waiting drop for a pledge or its cancellation only', async () => {
    const [fan, nova] = [await signUp(server, 'tagpledger'), await signUp(server, 'tagnova', { artist: true })];
    // A member: late in a month pledges go to next month's drop, held from next month's credits.
    await upgrade(fan);
    const anonymous = server.client();
    const artistPage = `/artist/${nova.artist!.id}`;
    const views = async () => ({
      vault: /data-testid="pledged-total">([^<]*)</.exec((await fan.client.get('/credits')).text)?.[1],
      listed: ((await fan.client.get('/api/pledges')).body.pledges as unknown[]).length,
      waiting: /data-testid="pledges-waiting">([^<]*)</.exec((await nova.client.get(artistPage)).text)?.[1] ?? null,
      collection: (await fan.client.get('/collection')).headers.get('etag'),
      visitors: (await anonymous.get(artistPage)).headers.get('x-page-cache'),
    });
    await views();
    const before = await views();
    expect(before).to.include({ vault: 'Nothing held for coming drops', listed: 0, waiting: null, visitors: 'hit' });
    let pledgeId = 0;
    const pledge = async () => {
      const res = await fan.client.post('/api/pledges', { artistId: nova.artist!.id, credits: 3 });
      expect(res.status, res.text).to.equal(201);
      pledgeId = res.body.pledge.id;
    };
    const tags = [`credits:${fan.user.id}`, `user:${nova.user.id}`];
    expect(await heard(server, pledge)).to.deep.equal([tags]);
    const pledged = await views();
    expect(pledged, 'the vault and the fan’s API list the pledge').to.include({
      vault: '3 credits held for coming drops',
      listed: 1,
    });
    expect(pledged.waiting, 'the artist sees what waits for their drop').to.match(/^3 credits waiting/);
    expect(pledged, 'the fan’s other views and the visitors’ artist page stay kept').to.include({
      collection: before.collection,
      visitors: 'hit',
    });
    const cancel = async () => expect((await fan.client.delete(`/api/pledges/${pledgeId}`)).status).to.equal(200);
    expect(await heard(server, cancel)).to.deep.equal([tags]);
    expect(await views()).to.deep.equal({ ...before, visitors: 'hit' });
  });

  it('renders a member’s page again without reading their shell, unless a write put the shell out', async () => {
    const [fan, pen] = [await signUp(server, 'tagshell'), await signUp(server, 'tagshellpen')];
    await fan.client.get('/collection');
    let shellReads = 0;
    const count = (query: { sql: string }) => void (/from [`"]?notifications[`"]?/.test(query.sql) && shellReads++);
    server.app.kernel.knex.on('query', count);
    try {
      expect((await fan.client.post('/api/tracks/2/like', { like: true })).status).to.equal(200);
      const liked = await fan.client.get('/collection');
      expect(liked.text, 'the page shows the like').to.include('/tracks/2');
      expect(shellReads, 'the shell came from the node’s memory').to.equal(0);
      expect((await pen.client.post('/api/messages', { recipientId: fan.user.id, content: 'Shell?' })).status).to.equal(
        201,
      );
      await fan.client.get('/collection');
      expect(shellReads, 'a message puts the shell out: its badge is read again').to.be.at.least(1);
    } finally {
      server.app.kernel.knex.off('query', count);
    }
  });

  it('empties only the actor’s views that show what a like, an allocation or a message changed', async () => {
    const [fan, pen] = [await signUp(server, 'tagfacet'), await signUp(server, 'tagpen')];
    const cache = async (client: TestClient, path: string) => {
      await client.get(path);
      return (await client.get(path)).headers.get('x-page-cache');
    };
    // Track 1 is artist 1's: artist 2's page shows none of its rows.
    const views = ['/collection', '/credits', '/messages', '/tracks/1', '/artist/2'];
    const copy = (res: { headers: Headers }) => `${res.headers.get('x-page-cache')} ${res.headers.get('etag')}`;
    /**
     * Which of the fan's views (and the visitors' track page) a write left in the cache: served as
     * the same copy. (A view it put out may be a hit too, of the copy rendered again ahead of it.)
     */
    const kept = async (write: () => Promise<unknown>) => {
      const before: Record<string, string> = {};
      for (const path of views) {
        expect(await cache(fan.client, path), path).to.equal('hit');
        before[path] = copy(await fan.client.get(path));
      }
      expect(await cache(server.client(), '/tracks/1')).to.equal('hit');
      await write();
      const after: Record<string, boolean> = {};
      for (const path of views) after[path] = copy(await fan.client.get(path)) === before[path];
      after['/tracks/1, anonymous'] = (await server.client().get('/tracks/1')).headers.get('x-page-cache') === 'hit';
      return after;
    };
    const ok = async (res: Promise<{ status: number; text: string }>) =>
      expect((await res).status, (await res).text).to.be.within(200, 201);

    expect(await kept(() => ok(fan.client.post('/api/tracks/1/like', { like: true })))).to.deep.equal({
      '/collection': false,
      '/credits': true,
      '/messages': true,
      '/tracks/1': false,
      '/artist/2': true,
      // A like count is a counter for everyone but the liker (up to the TTL old).
      '/tracks/1, anonymous': true,
    });
    expect((await fan.client.get('/api/tracks/1')).body.liked, 'the liker’s own answer shows it').to.equal(true);
    expect((await fan.client.get('/tracks/1')).text, 'and their page of the track').to.include('like-button is-liked');
    expect(await kept(() => ok(fan.client.post('/api/credits/allocate', { artistId: 1, credits: 2 })))).to.deep.equal({
      '/collection': true,
      '/credits': false,
      '/messages': true,
      '/tracks/1': true,
      '/artist/2': true,
      '/tracks/1, anonymous': true,
    });
    await cache(pen.client, '/collection');
    const penBefore = copy(await pen.client.get('/collection'));
    expect(
      await kept(() => ok(fan.client.post('/api/messages', { recipientId: pen.user.id, content: 'Only my inbox' }))),
    ).to.deep.equal({
      '/collection': true,
      '/credits': true,
      '/messages': false,
      '/tracks/1': true,
      '/artist/2': true,
      '/tracks/1, anonymous': true,
    });
    expect(copy(await pen.client.get('/collection')), 'the recipient’s every view shows the unread badge').not.to.equal(
      penBefore,
    );
  });
});

interface Node extends TestServer {
  name: string;
}

/** A node of the app on a shared database and Redis (what a second process behind a balancer is). */
async function startNode(name: string, db: TestDatabase, config: Partial<Config>): Promise<Node> {
  const app = await createApp({ config: testConfig(db, { seedDemo: true, ...config }), pages: true });
  const server = await listen(app.koa, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    name,
    url,
    app,
    client: (headers) => new TestClient(url, headers),
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}

// Needs the built site and a redis-server; both nodes run in this process, told only through Redis.
describe('cache invalidation by tags across two nodes (Redis)', () => {
  let db: TestDatabase;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: Node;
  let b: Node;
  /** B's link to Redis, whose messages a test can hold back. */
  let line: HeldLine;
  let prefix: string;
  /** The test's own look at Redis. */
  let inspector: Redis;

  before(async function () {
    this.timeout(60_000);
    [db, redis] = await Promise.all([createTestDatabase(), startRedis()]);
    line = await startHeldLine({ host: '127.0.0.1', port: redis.port });
    prefix = `onetrack-test-${randomBytes(4).toString('hex')}:`;
    // Metrics count each node's renders (page cache misses).
    const metrics = { port: null, token: 'metrics-token-metrics-token' };
    a = await startNode('A', db, { redis: { url: redis.url, prefix }, metrics });
    b = await startNode('B', db, { redis: { url: line.url, prefix }, metrics });
    inspector = new Redis(redis.url);
    for (const node of [a, b])
      await waitFor(
        `${node.name} on Redis`,
        () => (node.app.kernel.cache.version() !== null ? true : undefined),
        10_000,
      );
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    inspector?.disconnect();
    await line?.stop();
    await Promise.all([redis?.stop(), db?.drop()]);
  });

  /** A page on a node, read until it comes from that node's cache. */
  const cached = (client: TestClient, path: string) =>
    waitFor(
      `${path} to be cached`,
      async () => {
        const res = await client.get(path);
        return res.headers.get('x-page-cache') === 'hit' ? res : undefined;
      },
      10_000,
    );

  /** Pages rendered so far on both nodes. */
  const renders = async () => {
    let count = 0;
    for (const node of [a, b]) {
      const lookups = await node.app.metrics!.registry.getSingleMetric('onetrack_page_cache_lookups_total')!.get();
      count += lookups.values.find((value) => value.labels.result === 'miss')?.value ?? 0;
    }
    return count;
  };
  /** Pages in the shared store (api/http/sharedPages.ts). */
  const sharedPages = async () =>
    (await inspector.keys(`${prefix}page:*`)).filter((key) => !key.endsWith(':rendering')).length;
  /** Runs `work`, then waits for B to hear an invalidation of `tag`. */
  const heardOnB = async (tag: string, work: () => Promise<unknown>) => {
    const heard = new Promise<void>((resolve) => {
      const unsubscribe = b.app.kernel.cache.subscribe((tags) => {
        if (!tags.has(tag)) return;
        unsubscribe();
        resolve();
      });
    });
    await work();
    await heard;
  };
  /** A page rendered on A, once A has put it in the shared store. */
  const renderedOnA = async (client: TestClient, path: string) => {
    const shared = await sharedPages();
    const res = await client.get(path);
    expect(res.headers.get('x-page-cache'), `${path} rendered on A`).to.equal('miss');
    await waitFor('A to share it', async () => ((await sharedPages()) > shared ? true : undefined), 2000, 5);
    return res;
  };

  it('serves B the copy of a page that A rendered, unless a write since touched what it shows', async () => {
    const [visitorA, visitorB] = [a.client(), b.client()];
    const rendered = await renderedOnA(visitorA, '/?from=a');
    // An invalidation of what the page does not show leaves the copy current.
    await heardOnB('likes:999999', () => a.app.kernel.cache.invalidate(['likes:999999']));
    const renderedBefore = await renders();
    const onB = await visitorB.get('/?from=a');
    expect(onB.headers.get('x-page-cache')).to.equal('shared');
    expect([onB.text, onB.headers.get('etag')]).to.deep.equal([rendered.text, rendered.headers.get('etag')]);
    expect((await visitorB.get('/?from=a')).headers.get('x-page-cache'), 'kept by B from then on').to.equal('hit');
    expect(await renders(), 'B rendered nothing').to.equal(renderedBefore);

    // The home page shows content blocks: an edit of one since A rendered it, and B renders its own.
    await renderedOnA(visitorA, '/?from=a-before-an-edit');
    await heardOnB('content', () => a.app.kernel.cache.invalidate(['content']));
    expect((await visitorB.get('/?from=a-before-an-edit')).headers.get('x-page-cache')).to.equal('miss');
  });

  it('renders a page asked of both nodes at once a single time: the other node serves that render', async () => {
    const renderedBefore = await renders();
    const paths = [1, 2, 3, 4].map((n) => `/?together=${n}`);
    const views = await Promise.all(paths.flatMap((path) => [a.client().get(path), b.client().get(path)]));
    expect(await renders(), 'one render a page between the two nodes').to.equal(renderedBefore + paths.length);
    for (let i = 0; i < views.length; i += 2) {
      const [onA, onB] = [views[i], views[i + 1]];
      expect([onA.headers.get('x-page-cache'), onB.headers.get('x-page-cache')].sort(), paths[i / 2]).to.deep.equal([
        'miss',
        'shared',
      ]);
      expect(onA.text).to.equal(onB.text);
    }
  });

  it('waits while another node holds the claim on a page, and serves its copy once it is let go', async () => {
    const path = '/?claimed=1';
    const before = new Set(await inspector.keys(`${prefix}page:*`));
    const rendered = await renderedOnA(a.client(), path);
    const [copyKey] = (await inspector.keys(`${prefix}page:*`)).filter(
      (key) => !before.has(key) && !key.endsWith(':rendering'),
    );
    const copy = (await inspector.getBuffer(copyKey))!;
    // As if A were rendering it now: no copy yet, A's claim in place.
    await inspector.del(copyKey);
    await inspector.set(`${copyKey}:rendering`, '1', 'PX', 5000);
    const renderedBefore = await renders();
    let answered = false;
    const view = b
      .client()
      .get(path)
      .finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered, 'B waits for the node that claimed it').to.equal(false);
    await inspector.set(copyKey, copy, 'PX', 30_000);
    await inspector.del(`${copyKey}:rendering`);
    const onB = await view;
    expect(onB.headers.get('x-page-cache')).to.equal('shared');
    expect(onB.text).to.equal(rendered.text);
    expect(await renders(), 'B rendered nothing').to.equal(renderedBefore);
  });

  it('renders a member’s page ahead on one node of the two that kept it, the other serves that render', async () => {
    const fan = await signUp(a, 'tagshared');
    const onB = new TestClient(b.url, {}, fan.client.cookies);
    const track = (await b.client().get('/api/artists/1/tracks')).body[2] as { id: number; title: string };
    await renderedOnA(fan.client, '/collection');
    expect((await onB.get('/collection')).headers.get('x-page-cache'), 'B took A’s render').to.equal('shared');
    // Both nodes have asked for it since its render: both would render it ahead.
    await fan.client.get('/collection');
    const renderedBefore = await renders();
    await heardOnB(`likes:${fan.user.id}`, () => fan.client.post(`/api/tracks/${track.id}/like`, { like: true }));
    await waitFor(
      'both nodes to render ahead',
      () => (a.app.refresher.pending + b.app.refresher.pending === 0 ? true : undefined),
      5000,
      5,
    );
    expect(await renders(), 'one render between the two nodes').to.equal(renderedBefore + 1);
    for (const [node, client] of [
      ['A', fan.client],
      ['B', onB],
    ] as const) {
      const view = await client.get('/collection');
      expect(view.headers.get('x-page-cache'), `no render on ${node}`).to.be.oneOf(['hit', 'shared']);
      expect(view.text, `the like on ${node}`).to.include(track.title);
    }
    expect(await renders()).to.equal(renderedBefore + 1);
  });

  it('shows a message sent through A in the recipient’s top bar on B once B hears of it, shell kept', async () => {
    const [fan, pen] = [await signUp(a, 'tagbadge'), await signUp(a, 'tagbadgepen')];
    const onB = new TestClient(b.url, {}, fan.client.cookies);
    const unread = (html: string) => Number(/unreadMessages&quot;:\[0,(\d+)\]/.exec(html)?.[1]);
    expect(unread((await cached(onB, '/collection')).text), 'nothing unread, shell kept on B').to.equal(0);
    expect(unread((await onB.get('/credits')).text), 'another page, the same kept shell').to.equal(0);
    await heardOnB(`user:${fan.user.id}`, () =>
      pen.client.post('/api/messages', { recipientId: fan.user.id, content: 'Badge?' }),
    );
    for (const path of ['/collection', '/credits']) expect(unread((await onB.get(path)).text), path).to.equal(1);
  });

  it('shows a like made on A in the liker’s views on B at once, leaves others’ cached artist pages', async () => {
    const fan = await signUp(a, 'tagfan');
    const onB = new TestClient(b.url, {}, fan.client.cookies);
    const anonymous = b.client();
    const track = (await anonymous.get('/api/artists/1/tracks')).body[0] as {
      id: number;
      title: string;
      likeCount: number;
    };
    await cached(onB, '/collection');
    await cached(onB, `/tracks/${track.id}`);
    const artistPage = await cached(anonymous, '/artist/1');
    const artistAnswer = await cached(anonymous, '/api/artists/1/tracks');
    expect((await cached(onB, '/collection')).text).not.to.include(track.title);

    // No waiting for B to hear A over pub/sub: the like's answer leaves a signed cookie with its
    // number, and B catches up to it before serving the liker (api/http/readYourWrites.ts).
    expect((await fan.client.post(`/api/tracks/${track.id}/like`, { like: true })).status).to.equal(200);

    // B dropped the liker's copy and rendered it anew: for this view, or ahead of it (pageRefresh.ts).
    const collection = await onB.get('/collection');
    expect(collection.text, 'the very next view on B shows the like').to.include(track.title);
    const mine = await onB.get(`/api/tracks/${track.id}`);
    expect([mine.body.liked, mine.body.likeCount]).to.deep.equal([true, track.likeCount + 1]);
    expect((await onB.get(`/tracks/${track.id}`)).text, 'and the track page the liker’s count').to.match(
      new RegExp(`\\b${track.likeCount + 1} likes?\\b`),
    );

    const after = await anonymous.get('/artist/1');
    expect(after.headers.get('x-page-cache'), 'other visitors’ artist page stayed in B’s cache').to.equal('hit');
    expect(after.text).to.equal(artistPage.text);
    expect((await anonymous.get('/api/artists/1/tracks')).headers.get('etag')).to.equal(
      artistAnswer.headers.get('etag'),
    );
  });

  it('renders a member’s pages on B again ahead of their next view, until they stop coming back to them', async () => {
    const fan = await signUp(a, 'tagahead');
    const onB = new TestClient(b.url, {}, fan.client.cookies);
    const artist = (await b.client().get('/api/artists/1')).body as { name: string };
    /** A write on A that names the fan, once B has heard it and rendered what it renders ahead. */
    const subscribed = async (active: boolean) => {
      const heard = new Promise<void>((resolve) => {
        const unsubscribe = b.app.kernel.cache.subscribe((tags) => {
          if (!tags.has(`user:${fan.user.id}`)) return;
          unsubscribe();
          resolve();
        });
      });
      expect((await fan.client.post('/api/subscriptions', { artistId: 1, active })).status).to.be.within(200, 201);
      await heard;
      await waitFor('B to render ahead', () => (b.app.refresher.pending === 0 ? true : undefined), 5000, 5);
    };
    expect((await cached(onB, '/collection')).text).not.to.include(artist.name);
    await subscribed(true);
    const ahead = await onB.get('/collection');
    expect(ahead.headers.get('x-page-cache'), 'rendered before it was asked for').to.equal('hit');
    expect(ahead.text, 'with the subscription (the sidebar lists it)').to.include(artist.name);
    // Rendered ahead once more, then not viewed: the next write leaves it to its next view.
    await subscribed(false);
    await subscribed(true);
    const next = await onB.get('/collection');
    expect(next.headers.get('x-page-cache')).to.equal('miss');
    expect(next.text).to.include(artist.name);
  });

  it('serves the actor fresh pages on B while B has not heard of the write, and others B’s cached copies', async () => {
    const fan = await signUp(a, 'tagwaiter');
    const onB = new TestClient(b.url, {}, fan.client.cookies);
    const anonymous = b.client();
    const track = (await anonymous.get('/api/artists/1/tracks')).body[1] as { id: number; title: string };
    await cached(onB, '/collection');
    await cached(anonymous, '/artist/1');
    line.hold();
    try {
      expect((await fan.client.post(`/api/tracks/${track.id}/like`, { like: true })).status).to.equal(200);
      const collection = await onB.get('/collection');
      expect(collection.headers.get('x-page-cache'), 'B could not catch up, so it rendered fresh').to.equal('bypass');
      expect(collection.text, 'and showed the like').to.include(track.title);
      expect(
        (await anonymous.get('/artist/1')).headers.get('x-page-cache'),
        'other visitors still get B’s copy',
      ).to.equal('hit');
    } finally {
      line.release();
    }
    const caughtUp = await waitFor(
      'B to hear the like',
      async () => {
        const res = await onB.get('/collection');
        return res.headers.get('x-page-cache') === 'hit' ? res : undefined;
      },
      5000,
    );
    expect(caughtUp.text).to.include(track.title);
  });

  it('empties nothing on B for an anonymous logout on A, and drops B’s copy of a signed-out session', async () => {
    const fan = await signUp(a, 'tagleaver');
    // Another tab of the same browser, whose cookie the logout does not clear.
    const onB = new TestClient(b.url, {}, new Map(fan.client.cookies));
    expect((await onB.get('/api/auth/user')).status).to.equal(200);
    const anonymous = b.client();
    await cached(anonymous, '/');
    const told: string[][] = [];
    const unsubscribe = b.app.kernel.cache.subscribe((tags) => told.push([...tags]));
    try {
      for (let i = 0; i < 5; i++) expect((await a.client().post('/api/auth/logout')).status).to.equal(200);
      expect((await fan.client.post('/api/auth/logout')).status).to.equal(200);
      const replayed = await waitFor(
        'B to drop the session',
        async () => {
          const res = await onB.get('/api/auth/user');
          return res.status === 401 ? res : undefined;
        },
        2000,
        5,
      );
      expect(replayed.status).to.equal(401);
    } finally {
      unsubscribe();
    }
    expect(told.flat().filter((tag) => !tag.startsWith('session:') && tag !== `devices:${fan.user.id}`)).to.deep.equal(
      [],
    );
    expect((await anonymous.get('/')).headers.get('x-page-cache'), 'the home page stayed in B’s cache').to.equal('hit');
  });
});
