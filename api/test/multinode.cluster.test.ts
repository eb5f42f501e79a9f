import { expect } from 'chai';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../db/connection.ts';
import { image, releaseForm, tone } from '../../plugins/releases/test/fixtures.ts';
import { rawGet, revalidate, TestClient, type TestResponse } from './client.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from './database.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from './processes.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';

// Several nodes, one truth. Two app processes (`node api/server.ts` of this checkout, the same
// SESSION_SECRET, no embedded media worker) and two media-worker processes (`node
// media-worker/main.ts`) against one MariaDB database, one Redis (a redis-server of this test's own)
// and a local S3 server; requests alternate between the nodes as a load balancer without sticky
// sessions sends them. Needs MariaDB/MySQL and the built site: `npm test` runs it once, in a step
// of its own (TEST_DB=mysql).

const root = path.resolve(import.meta.dirname, '../..');
/** Where visitors reach the nodes (the load balancer's address); each node listens on an address of its own. */
const PUBLIC_URL = 'https://onetrack.example';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function databaseUrl(db: TestDatabase): string {
  const d = db.database;
  if (d.client !== 'mysql') throw new Error('the multi-node test runs on MariaDB/MySQL: TEST_DB=mysql');
  return `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}@${d.host}:${d.port}/${d.database}`;
}

/** One browser (one cookie jar) whose requests go to whichever node it is told. */
class Browser {
  readonly jar = new Map<string, string>();
  private readonly clients = new Map<string, TestClient>();
  on(node: Node): TestClient {
    let client = this.clients.get(node.url);
    if (!client) this.clients.set(node.url, (client = new TestClient(node.url, {}, this.jar)));
    return client;
  }
}

interface Node {
  name: string;
  url: string;
  child: Child;
}

describe('several app nodes and media workers, one truth (MariaDB, Redis, S3)', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let knex: Knex;
  let s3: LocalS3;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const dataDirs: string[] = [];
  const children: Child[] = [];
  let a: Node;
  let b: Node;
  let env: NodeJS.ProcessEnv;
  const wav = tone(3);
  let cover: Buffer;

  function spawnProcess(file: string, extra: Record<string, string> = {}): Child {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-node-'));
    dataDirs.push(dataDir);
    const child = startChild(process.execPath, [path.join(root, file)], { ...env, DATA_DIR: dataDir, ...extra }, root);
    children.push(child);
    return child;
  }

  async function startNode(name: string): Promise<Node> {
    const child = spawnProcess('api/server.ts');
    const url = await waitFor(`node ${name} to listen`, () => {
      if (child.process.exitCode !== null) throw new Error(`node ${name} exited:\n${child.output()}`);
      return listeningUrl(child.output());
    });
    await waitFor(
      `node ${name} to reach Redis`,
      async () => ((await (await fetch(`${url}/healthz`)).json()).redis === 'up' ? true : undefined),
      10_000,
    );
    return { name, url, child };
  }

  before(async function () {
    this.timeout(120_000);
    if (TEST_DB !== 'mysql')
      throw new Error('The multi-node test needs MariaDB/MySQL: run it with TEST_DB=mysql (npm test does)');
    [db, s3, redis, cover] = await Promise.all([createTestDatabase(), startLocalS3(), startRedis(), image(600, 600)]);
    knex = knexFactory(knexConfig(db.database));
    env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL,
      // As deployed behind the load balancer (docker-compose.yml): X-Forwarded-* headers are read.
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl(db),
      SESSION_SECRET: 'multi-node-secret-multi-node-secret',
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      // Production limits registrations per address; this suite registers more than that from 127.0.0.1.
      REGISTRATIONS_PER_HOUR: '0',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:`,
      ...s3.env,
    };
    // A creates the schema; B, started next, finds it made.
    a = await startNode('A');
    b = await startNode('B');
    spawnProcess('media-worker/main.ts');
    spawnProcess('media-worker/main.ts');
  });

  after(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await knex?.destroy();
    await Promise.all([redis?.stop(), s3?.stop(), db?.drop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function register(
    browser: Browser,
    node: Node,
    username: string,
    options: { artist?: boolean; admin?: boolean } = {},
  ) {
    const res = await browser.on(node).post('/api/auth/register', {
      username,
      password: 'secret123',
      email: `${username}@example.com`,
      name: username,
      isArtist: !!options.artist,
    });
    expect(res.status, res.text).to.equal(201);
    if (options.admin) await knex('users').where({ id: res.body.id }).update({ role: 'admin' });
    return res.body as { id: number };
  }

  /** Makes an artist with a released track through the nodes; returns their ids. */
  async function artistWithTrack(browser: Browser, username: string, upload: Node, release: Node) {
    await register(browser, upload, username, { artist: true });
    const hook = await browser.on(release).post('/api/auth/register-artist-hook');
    expect(hook.status, hook.text).to.equal(200);
    const coverUpload = await browser
      .on(upload)
      .post('/api/upload/stream?type=image&filename=cover.png', new Uint8Array(cover), {
        'Content-Type': 'application/octet-stream',
      });
    const audioUpload = await browser
      .on(upload)
      .post('/api/upload/stream?type=audio&filename=take.wav', new Uint8Array(wav), {
        'Content-Type': 'application/octet-stream',
      });
    expect([coverUpload.status, audioUpload.status], audioUpload.text).to.deep.equal([201, 201]);
    const track = await browser
      .on(release)
      .post('/api/tracks', releaseForm(audioUpload.body.url, coverUpload.body.url, { title: `${username} drop` }));
    expect(track.status, track.text).to.equal(201);
    return {
      artistId: hook.body.id as number,
      trackId: track.body.id as number,
      coverUrl: coverUpload.body.url as string,
      audioUrl: audioUpload.body.url as string,
    };
  }

  const jobsDone = () =>
    waitFor(
      'the media jobs to finish',
      async () =>
        (await knex('jobs').whereNotIn('status', ['done', 'dead']).count({ n: '*' }))[0].n === 0 ? true : undefined,
      100_000,
      250,
    );

  it('keeps a session made on one node valid on the other', async () => {
    const browser = new Browser();
    const user = await register(browser, a, 'roamer');
    const me = await browser.on(b).get('/api/users/me');
    expect(me.status).to.equal(200);
    expect(me.body.id).to.equal(user.id);
    // A keeps the session it has read (api/http/session.ts): B's logout must still reach it.
    expect((await browser.on(a).get('/api/users/me')).status).to.equal(200);
    expect((await browser.on(b).post('/api/auth/logout')).status).to.equal(200);
    expect((await browser.on(a).get('/api/users/me')).status, 'a logout on B ends the session on A').to.equal(401);
  });

  it(
    'answers an anonymous API read from B’s cache until a write on A, then the new ' + 'answer with a new ETag',
    async () => {
      const admin = new Browser();
      await register(admin, a, 'apieditor', { admin: true });
      const read = () => fetch(`${b.url}/api/content/key/hero_title`);
      await read();
      const cached = await read();
      expect(cached.headers.get('x-page-cache')).to.equal('hit');
      const etag = cached.headers.get('etag')!;
      expect(etag).to.match(/^"[\w-]+"$/);
      expect((await fetch(`${b.url}/api/content/key/hero_title`, { headers: revalidate(etag) })).status).to.equal(304);
      const block = await knex('content_blocks').where({ key: 'hero_title' }).first('id');
      expect((await admin.on(a).patch(`/api/content/${block.id}`, { value: 'Edited through A' })).status).to.equal(200);
      // Redis carries the invalidation to B within milliseconds; the next read there is the new text.
      const fresh = await waitFor(
        'B to drop its cached answer',
        async () => {
          const res = await fetch(`${b.url}/api/content/key/hero_title`, { headers: revalidate(etag) });
          return res.status === 200 ? res : undefined;
        },
        2_000,
        10,
      );
      expect(((await fresh.json()) as { value: string }).value).to.equal('Edited through A');
      expect(fresh.headers.get('etag')).to.not.equal(etag);
    },
  );

  let released: Awaited<ReturnType<typeof artistWithTrack>>;

  it('serves a cover and a WAV uploaded through A from B, with Range', async () => {
    released = await artistWithTrack(new Browser(), 'bucketband', a, b);
    const range = await fetch(`${b.url}${released.audioUrl}`, { headers: { Range: 'bytes=1000-1999' } });
    expect(range.status).to.equal(206);
    expect(range.headers.get('content-range')).to.equal(`bytes 1000-1999/${wav.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(wav.subarray(1000, 2000))).to.equal(true);
    const coverOnB = await fetch(`${b.url}${released.coverUrl}`);
    expect(coverOnB.status).to.equal(200);
    expect(sha256(Buffer.from(await coverOnB.arrayBuffer()))).to.equal(sha256(cover));
    const coverRange = await fetch(`${b.url}${released.coverUrl}`, { headers: { Range: `bytes=-16` } });
    expect(coverRange.status).to.equal(206);
    expect(Buffer.from(await coverRange.arrayBuffer()).equals(cover.subarray(cover.length - 16))).to.equal(true);
  });

  it(
    'shows a subscribe, a like, a credit allocation and an admin content edit made ' + 'on A on B’s next page view',
    async () => {
      const fan = new Browser();
      await register(fan, b, 'devotee');
      const admin = new Browser();
      await register(admin, a, 'curator', { admin: true });
      const anonymous = new Browser();
      const views = {
        artist: () => fan.on(b).get(`/artist/${released.artistId}`),
        collection: () => fan.on(b).get('/collection'),
        credits: () => fan.on(b).get('/credits'),
        home: () => anonymous.on(b).get('/'),
      };
      // Every page is in B's cache before the writes. A finished media job empties the caches too, so
      // the release's jobs are let finish first.
      await jobsDone();
      for (const view of Object.values(views)) {
        await waitFor(
          'the page to be cached on B',
          async () => ((await view()).headers.get('x-page-cache') === 'hit' ? true : undefined),
          10_000,
        );
      }
      expect((await views.artist()).text).to.include(`>Subscribe</button>`);

      const delays: number[] = [];
      /** Makes the write on A, then looks on B once and times how long B took to show it. */
      async function writeThenView(
        write: () => Promise<TestResponse>,
        view: () => Promise<TestResponse>,
        shows: (page: string) => boolean,
      ) {
        const answer = await write();
        expect(answer.status, answer.text).to.be.within(200, 201);
        const started = performance.now();
        const page = await view();
        expect(shows(page.text), 'the very next view on B shows it').to.equal(true);
        delays.push(performance.now() - started);
      }
      await writeThenView(
        () => fan.on(a).post('/api/subscriptions', { artistId: released.artistId }),
        views.artist,
        (page) => page.includes('>Subscribed</button>'),
      );
      await writeThenView(
        () => fan.on(a).post(`/api/tracks/${released.trackId}/like`, { like: true }),
        views.collection,
        (page) => /id="collection-panel-liked".*bucketband drop.*id="collection-panel-exclusives"/s.test(page),
      );
      await writeThenView(
        () => fan.on(a).post('/api/credits/allocate', { artistId: released.artistId, credits: 7 }),
        views.credits,
        (page) => page.includes('&quot;credits&quot;:[0,7]'),
      );
      const block = await knex('content_blocks').where({ key: 'hero_subtitle' }).first('id');
      await writeThenView(
        () => admin.on(a).patch(`/api/content/${block.id}`, { value: 'Edited on node A' }),
        views.home,
        (page) => page.includes('Edited on node A'),
      );
      process.stdout.write(
        `      (write on A → page on B: ${delays.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}, the view included)\n`,
      );
    },
  );

  it(
    'empties none of B’s cached pages for others when a write on A changes nothing ' + 'or only its writer’s views',
    async () => {
      const fan = new Browser();
      await register(fan, a, 'quietfan');
      await jobsDone();
      const anonymous = new Browser();
      const views = [() => anonymous.on(b).get(`/artist/${released.artistId}`), () => anonymous.on(b).get('/')];
      for (const view of views) {
        await waitFor(
          'the page to be cached on B',
          async () => ((await view()).headers.get('x-page-cache') === 'hit' ? true : undefined),
          10_000,
        );
      }
      for (let i = 0; i < 5; i++)
        expect((await new Browser().on(a).post('/api/auth/logout')).status, 'an anonymous logout').to.equal(200);
      expect((await fan.on(a).post(`/api/tracks/${released.trackId}/like`, { like: true })).status).to.equal(200);
      expect((await fan.on(a).post(`/api/tracks/${released.trackId}/listen`)).status).to.equal(201);
      // Time for Redis to carry any invalidation to B (milliseconds, above).
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const view of views) expect((await view()).headers.get('x-page-cache')).to.equal('hit');
    },
  );

  it('runs every media job exactly once, with two workers sharing the queue', async function () {
    this.timeout(120_000);
    const second = await artistWithTrack(new Browser(), 'secondact', b, a);
    await jobsDone();
    const jobs = await knex('jobs').select('id', 'type', 'status', 'attempts', 'lockedBy', 'lastError');
    expect(jobs.length, 'the two releases made jobs').to.be.greaterThan(2);
    for (const job of jobs) expect(job, `job ${job.id}`).to.include({ status: 'done', attempts: 1, lastError: null });
    for (const trackId of [released.trackId, second.trackId]) {
      const track = await knex('tracks').where({ id: trackId }).first('status');
      expect(track.status, `track ${trackId}`).to.equal('ready');
    }
  });

  it('holds the login limit across both nodes: 5 wrong passwords for a username, whatever node', async () => {
    await register(new Browser(), a, 'guarded');
    const attempt = (node: Node, password: string) =>
      new Browser().on(node).post('/api/auth/login', { username: 'guarded', password });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? b : a, `guess-${i}`)).status);
    expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429]);
    expect((await attempt(a, 'secret123')).status, 'even the right password waits').to.equal(429);
    expect((await attempt(b, 'secret123')).status).to.equal(429);

    await register(new Browser(), b, 'stormed');
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new Browser().on(i % 2 ? a : b).post('/api/auth/login', { username: 'stormed', password: `burst-${i}` }),
      ),
    );
    expect(
      burst.filter((res) => res.status === 401),
      'guesses sent at the same moment',
    ).to.have.length(5);
  });

  it('holds the message-send limit across both nodes', async () => {
    const sender = new Browser();
    await register(sender, a, 'chatty');
    const reader = await register(new Browser(), b, 'listener');
    const statuses = [];
    for (let i = 0; i < 24; i++)
      statuses.push(
        (await sender.on(i % 2 ? b : a).post('/api/messages', { recipientId: reader.id, content: `#${i}` })).status,
      );
    expect(statuses.filter((s) => s === 201)).to.have.length(20);
    expect(statuses.slice(20)).to.deep.equal([429, 429, 429, 429]);
  });

  it('writes absolute URLs with PUBLIC_URL on both nodes, and a forged Host poisons neither node’s cache', async () => {
    const paths = [
      `/tracks/${released.trackId}`,
      `/artist/${released.artistId}`,
      '/feed.xml',
      '/sitemap.xml',
      `/oembed?url=${encodeURIComponent(`${PUBLIC_URL}/tracks/${released.trackId}`)}`,
    ];
    for (const path of paths) {
      for (const node of [a, b, a, b]) {
        for (const forged of [
          { Host: 'evil.example' },
          { Host: 'onetrack.example', 'X-Forwarded-Host': 'evil.example' },
        ] as Record<string, string>[]) {
          expect((await rawGet(node.url + path, forged)).status, `${path} on ${node.name}`).to.equal(421);
        }
      }
      for (const node of [a, b]) {
        // As the load balancer forwards a visitor's request, and as a request to the node's own address.
        for (const headers of [{ Host: 'onetrack.example' }, {}] as Record<string, string>[]) {
          const res = await rawGet(node.url + path, headers);
          expect(res.status, `${path} on ${node.name}`).to.equal(200);
          expect(res.text, `${path} on ${node.name}`)
            .to.include(`${PUBLIC_URL}/`)
            .and.not.include('evil.example')
            .and.not.include(node.url);
        }
      }
    }
  });

  it('loses no committed write when a node is killed mid-load, and the other keeps serving', async () => {
    const fans = await Promise.all(
      ['steady1', 'steady2', 'steady3'].map(async (name) => {
        const browser = new Browser();
        return { browser, user: await register(browser, a, name) };
      }),
    );
    const acknowledged = new Map<number, number[]>();
    let unanswered = 0;
    let killed = false;
    let sent = 0;
    const load = fans.map(async ({ browser, user }) => {
      const ids: number[] = [];
      acknowledged.set(user.id, ids);
      for (let i = 0; i < 20; i++) {
        const node = !killed && i % 2 === 0 ? a : b;
        sent++;
        try {
          const res = await browser.on(node).post('/api/credits/allocate', { artistId: released.artistId, credits: 1 });
          expect(res.status, res.text).to.equal(201);
          ids.push(res.body.allocation.id);
        } catch (error) {
          // The request died with node A (reset or refused): it may or may not have been committed.
          if (node !== a) throw error;
          unanswered++;
        }
      }
    });
    await waitFor('load to be under way', () => (sent >= 15 ? true : undefined), 10_000, 1);
    a.child.process.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    await a.child.exited;

    for (const { user } of fans) {
      const ids = acknowledged.get(user.id)!;
      const stored = await knex('credit_allocations').where({ userId: user.id }).pluck('id');
      expect(stored, 'every acknowledged allocation is stored').to.include.members(ids);
      expect(stored.length).to.be.at.most(ids.length + unanswered);
    }
    expect([...acknowledged.values()].flat().length + unanswered).to.equal(60);
    const home = await fetch(`${b.url}/`);
    expect(home.status, 'B keeps serving pages').to.equal(200);
    expect((await (await fetch(`${b.url}/healthz`)).json()).status).to.equal('ok');
  });
});
