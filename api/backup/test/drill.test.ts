import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { buffer } from 'node:stream/consumers';
import { signUp, type SignedUp } from '../../../plugins/accounts/test/fixtures.ts';
import { upgrade } from '../../../plugins/credits/test/fixtures.ts';
import { releaseDrop } from '../../../plugins/pledges/test/fixtures.ts';
import { uploadImage } from '../../../plugins/releases/test/fixtures.ts';
import { createApp, type App } from '../../app.ts';
import { listen } from '../../http/listen.ts';
import { forgetDescription } from '../../test/apiDescription.ts';
import { TestClient } from '../../test/client.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../test/database.ts';
import { startChild } from '../../test/processes.ts';
import { testConfig, type TestServer } from '../../test/server.ts';
import { ARCHIVE_NAME } from '../store.ts';

// The restore drill (issue 47): a site with activity of every kind is backed up while it serves
// requests, wiped, restored by the commands an operator runs, and must then answer every public
// page, API read, statement and media file exactly as before, and take new writes.
// Needs the built site (`npm run build`).

const root = path.resolve(import.meta.dirname, '../../..');
const clock = new Date('2026-11-20T12:00:00Z');

describe(`backup and restore: the drill (${TEST_DB})`, function () {
  this.timeout(600_000);
  let db: TestDatabase;
  let app: App;
  let http: Server;
  let port = 0;
  let site: TestServer;
  const backups = mkdtempSync(path.join(os.tmpdir(), 'onetrack-backups-'));

  const config = () => testConfig(db, { seedDemo: true });
  let current: ReturnType<typeof config>;

  async function serve(): Promise<void> {
    current = config();
    app = await createApp({ config: current, pages: true, now: () => clock });
    http = await listen(app.koa, port, '127.0.0.1');
    port = (http.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    current.publicUrl = url;
    site = { url, app, client: (headers) => new TestClient(url, headers), stop: async () => {} };
  }

  async function shutDown(): Promise<void> {
    forgetDescription(site.url);
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await app.close();
  }

  /** The environment the commands run with: this site's database and data folder. */
  const commandEnv = () => {
    const database = db.database;
    const url =
      database.client === 'mysql'
        ? `mysql://${database.user}:${encodeURIComponent(database.password)}@` +
          `${database.host}:${database.port}/${database.database}`
        : `sqlite://${database.filename}`;
    return {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: db.dataDir,
      DATABASE_URL: url,
      SESSION_SECRET: current.sessionSecret,
      BACKUP_DIR: backups,
    };
  };

  async function command(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
    const child = startChild(process.execPath, [path.join(root, 'api/cli', script), ...args], commandEnv(), root);
    const code = await child.exited;
    return { code, output: child.output() };
  }

  before(async () => {
    db = await createTestDatabase();
    await serve();
  });
  after(async () => {
    await shutDown().catch(() => {});
    await db.drop();
    rmSync(backups, { recursive: true, force: true });
  });

  it('restores every page, API answer, statement and media file of a site backed up under load', async () => {
    // Activity of every kind besides the demo's (its closed months, allocations, media and messages).
    const fan = await signUp(site, 'drillfan');
    const artist = await signUp(site, 'drillartist', { artist: true });
    await upgrade(fan);
    await releaseDrop(artist, 'Drill Song');
    await uploadImage(artist.client);
    const demo = new TestClient(site.url);
    expect((await demo.post('/api/auth/login', { username: 'demo', password: 'demo1234' })).status).to.equal(200);
    const nova = new TestClient(site.url);
    expect((await nova.post('/api/auth/login', { username: 'novaharbor', password: 'demo1234' })).status).to.equal(200);
    const novaArtist = await artistIdOf(site, 'novaharbor');
    expect((await fan.client.post('/api/credits/allocate', { artistId: novaArtist, credits: 12 })).status).to.equal(
      201,
    );
    expect((await fan.client.post('/api/pledges', { artistId: artist.artist!.id, credits: 5 })).status).to.equal(201);
    const message = { recipientId: artist.user.id, content: 'Loved the drill song' };
    expect((await fan.client.post('/api/messages', message)).status).to.equal(201);
    // Accounts whose messages are the load's writes: what they change shows on no compared answer.
    const senders = await Promise.all(['loadone', 'loadtwo', 'loadthree'].map((name) => signUp(site, name)));

    const readers = { anonymous: site.client(), demo, nova, fan: fan.client, artist: artist.client };
    // A first pass makes what reads make once (this month's credit grants, settled months' statements).
    await capture(site, readers);
    const before = await capture(site, readers);
    expect(Object.keys(before.answers).length).to.be.greaterThan(60);
    expect(before.media.length).to.be.greaterThan(3);
    const months = Object.keys(before.answers).filter((k) => k.includes('statements/fan?month='));
    expect(months.length, 'statements of closed months').to.be.greaterThan(1);

    // The backup runs in its own process while the site answers reads and takes writes.
    const backup = startChild(process.execPath, [path.join(root, 'api/cli/backup.ts')], commandEnv(), root);
    const load = await underLoad(site, senders, Object.keys(before.answers), () => backup.process.exitCode !== null);
    const code = await backup.exited;
    expect(code, backup.output()).to.equal(0);
    expect(backup.output()).to.match(/Backed up to .*\.tar/);
    expect(load.requests, 'requests while the backup ran').to.be.greaterThan(5);
    expect(load.failures, load.failed.join('\n')).to.equal(0);
    const [archive] = readdirSync(backups).filter((name) => ARCHIVE_NAME.test(name));
    expect(archive).to.be.a('string');
    const checked = await command('restore.ts', ['--check', path.join(backups, archive)]);
    expect(checked.code, checked.output).to.equal(0);
    expect(checked.output).to.match(/every checksum matches\n {2}taken: .*\(manual\)/);

    // Disaster: the server stops, its database and data folder are gone.
    await shutDown();
    await wipe(db);
    const restored = await command('restore.ts', ['latest']);
    expect(restored.code, restored.output).to.equal(0);
    expect(restored.output).to.include(`Restored ${archive} (checksums verified: `);
    expect(restored.output).to.match(/restored: \d+ tables, \d+ rows; \d+ media files/);
    expect(restored.output).to.include(`${before.media.length} media files`);

    await serve();
    const after = await capture(site, readers);
    expect(after.media).to.deep.equal(before.media);
    for (const [key, answer] of Object.entries(before.answers)) expect(after.answers[key], key).to.deep.equal(answer);
    expect(Object.keys(after.answers)).to.deep.equal(Object.keys(before.answers));

    // The load's messages are there as of one moment: each sender's first ones, in order, up to that moment.
    for (const sender of senders) {
      const kept = await app.kernel.knex('messages').where({ senderId: sender.user.id }).orderBy('id').pluck('content');
      expect(kept).to.deep.equal(kept.map((_: string, n: number) => `load ${n}`));
    }

    // The restored site takes new writes, with ids that follow the restored ones.
    const newcomer = await signUp(site, 'afterwards');
    expect(newcomer.user.id).to.be.greaterThan(artist.user.id);
    expect((await fan.client.post('/api/messages', { ...message, content: 'Still here' })).status).to.equal(201);
    expect((await demo.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1 })).status).to.equal(
      201,
    );
    await releaseDrop(await signUp(site, 'lateartist', { artist: true }), 'After the Storm');

    // A second restore into what is now a full site is refused, and changes nothing.
    const refused = await command('restore.ts', [path.join(backups, archive)]);
    expect(refused.code).to.equal(1);
    expect(refused.output).to.match(/^Not restoring: the database .* already hold data \(--force replaces it\)/);
    expect(await app.kernel.knex('users').where({ username: 'afterwards' }).first()).to.not.equal(undefined);
  });
});

async function artistIdOf(site: TestServer, username: string): Promise<number> {
  const row = await site.app.kernel
    .knex('artists')
    .join('users', 'users.id', 'artists.userId')
    .where('users.username', username)
    .first('artists.id as id');
  return row.id;
}

type Readers = Record<string, TestClient>;

interface Snapshot {
  /** "reader GET path" → status and body. */
  answers: Record<string, { status: number; body: string }>;
  /** Every stored media object: key and SHA-256. */
  media: string[];
}

/** Every public page (the sitemap's), every API read without parameters for each reader, statements, media. */
async function capture(site: TestServer, readers: Readers): Promise<Snapshot> {
  const answers: Snapshot['answers'] = {};
  const anonymous = readers.anonymous;
  const sitemap = (await anonymous.get('/sitemap.xml')).text;
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const description = (await anonymous.get('/api/openapi.json')).body as { paths: Record<string, object> };
  const reads = Object.entries(description.paths)
    .filter(([route, methods]) => 'get' in methods && !route.includes('{'))
    .map(([route]) => route)
    .filter((route) => !UNSTABLE.has(route));
  const months = ['2026-09', '2026-10', '2026-11'];
  const statements = months.flatMap((month) => [
    `/api/credits/statements/fan?month=${month}`,
    `/api/credits/statements/artist?month=${month}`,
    `/api/credits/statements/artist?month=${month}&format=csv`,
    `/api/credits/payouts/${month}`,
  ]);
  const record = async (reader: string, target: string) => {
    const res = await readers[reader].get(target);
    // An island's useId prefix follows the order concurrent islands finish rendering, not the data.
    answers[`${reader} GET ${target}`] = { status: res.status, body: res.text.replace(/ prefix="r\d+"/g, '') };
  };
  for (const page of [...new Set(['/', ...pages])]) await record('anonymous', page);
  for (const reader of Object.keys(readers)) {
    for (const route of reads) await record(reader, route);
    if (reader !== 'anonymous') for (const target of statements) await record(reader, target);
  }
  const storage = site.app.kernel.storage;
  const media: string[] = [];
  for await (const object of storage.list())
    media.push(
      `${object.key} ${createHash('sha256')
        .update(await buffer(await storage.read(object.key)))
        .digest('hex')}`,
    );
  return { answers, media: media.sort() };
}

/** Reads whose answer is made fresh on every call (a new random challenge), not data a backup holds. */
const UNSTABLE = new Set(['/api/auth/passkeys/options', '/api/health']);

/** Requests from several clients at once until `done`; the senders' messages are the writes. */
async function underLoad(
  site: TestServer,
  senders: SignedUp[],
  answers: string[],
  done: () => boolean,
): Promise<{ requests: number; failures: number; failed: string[] }> {
  const targets = answers.filter((key) => key.startsWith('anonymous GET ')).map((key) => key.slice(14));
  let requests = 0;
  const failed: string[] = [];
  const reader = async (offset: number) => {
    for (let i = offset; !done(); i++) {
      const target = targets[(i * 7) % targets.length];
      const res = await site.client().get(target);
      requests++;
      if (res.status >= 500) failed.push(`${res.status} ${target}`);
    }
  };
  const writer = async (sender: SignedUp, index: number) => {
    const recipient = senders[(index + 1) % senders.length].user.id;
    // Within the messaging plugin's 20 a minute per sender.
    for (let n = 0; n < 15 && !done(); n++) {
      const res = await sender.client.post('/api/messages', { recipientId: recipient, content: `load ${n}` });
      requests++;
      if (res.status !== 201) failed.push(`${res.status} POST /api/messages ${res.text}`);
    }
  };
  await Promise.all([reader(0), reader(1), reader(2), ...senders.map(writer)]);
  return { requests, failures: failed.length, failed };
}

/** The disaster: the database and every file of the data folder gone. */
async function wipe(db: TestDatabase): Promise<void> {
  if (db.database.client === 'mysql') {
    const { client: _c, database, ...login } = db.database;
    const server = knexFactory({ client: 'mysql2', connection: login });
    await server.raw(`DROP DATABASE \`${database}\``);
    await server.destroy();
  }
  for (const name of readdirSync(db.dataDir)) rmSync(path.join(db.dataDir, name), { recursive: true, force: true });
}
