import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../db/connection.ts';
import { image } from '../../plugins/releases/test/fixtures.ts';
import { startSmtpServer } from '../../plugins/notifications/test/smtp.ts';
import { TestClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from './processes.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';

// Faults lose nothing, on two app nodes (A runs the media worker in a thread, B only serves): Redis
// stopped, the S3 store stopped, the mail server refusing. Each outage lasts OUTAGE_MS here, not the
// 10 s of a real drill: nothing in the nodes counts the outage's length (Redis reconnects at most 2 s
// apart, a job waiting for a service is tried every 2 s, a store call fails at once), so a longer one
// behaves the same, with more of the same requests. Within 5 s of each return all is as before.

const root = path.resolve(import.meta.dirname, '../..');
const OUTAGE_MS = 3000;
const RECOVERY_MS = 5000;
const PASSWORD = 'secret123';

function databaseEnv(db: TestDatabase): Record<string, string> {
  const d = db.database;
  if (d.client === 'sqlite') return { DATABASE_URL: '' };
  return {
    DATABASE_URL:
      `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}` + `@${d.host}:${d.port}/${d.database}`,
  };
}

describe('faults lose nothing: Redis, the S3 store and the mail server away, two nodes', function () {
  // Two node starts take minutes at a load average of 20-30 on 2 cores.
  this.timeout(300_000);
  let db: TestDatabase;
  let knex: Knex;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let s3: LocalS3;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const children: Child[] = [];
  const nodes: string[] = [];
  let artist: TestClient[];
  let png: Buffer;
  const recovered: Record<string, number> = {};
  const mediaDuringOutage: number[] = [];

  const health = async (url: string) => (await fetch(`${url}/healthz`)).json();
  const allHealthy = async () => (await Promise.all(nodes.map(health))).every((h) => h.status === 'ok');
  /** Milliseconds from now until `probe` holds, failing after RECOVERY_MS. */
  const recoveryTime = async (what: string, probe: () => Promise<boolean>) => {
    const from = Date.now();
    await waitFor(what, async () => ((await probe()) ? true : undefined), RECOVERY_MS, 50);
    return Date.now() - from;
  };
  /** Reads answer on both nodes for the outage's length; returns how many were made. */
  const readThrough = async (ms: number) => {
    const until = Date.now() + ms;
    let reads = 0;
    while (Date.now() < until) {
      for (const url of nodes) {
        const res = await fetch(`${url}/`);
        await res.arrayBuffer();
        expect(res.status, `a page on ${url} during the outage`).to.equal(200);
        reads++;
      }
    }
    return reads;
  };
  const upload = (client: TestClient) =>
    client.post('/api/upload/stream?type=image&filename=cover.png', new Uint8Array(png), {
      'Content-Type': 'application/octet-stream',
    });

  async function startNode(extra: Record<string, string>, env: NodeJS.ProcessEnv): Promise<string> {
    const child = startChild(process.execPath, [path.join(root, 'api/server.ts')], { ...env, ...extra }, root);
    children.push(child);
    return waitFor(
      'the node to listen',
      () => {
        if (child.process.exitCode !== null) throw new Error(`the node exited:\n${child.output()}`);
        return listeningUrl(child.output());
      },
      90_000,
    );
  }

  before(async () => {
    [db, redis, s3, smtp, png] = await Promise.all([
      createTestDatabase(),
      startRedis(),
      startLocalS3(),
      startSmtpServer(),
      image(600, 600),
    ]);
    knex = knexFactory(knexConfig(db.database));
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://onetrack.example',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: db.dataDir,
      SESSION_SECRET: 'faults-secret-faults-secret-faults',
      SEED_DEMO: '0',
      REGISTRATIONS_PER_HOUR: '0',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:`,
      SMTP_URL: smtp.url,
      ...s3.env,
      ...databaseEnv(db),
    };
    nodes.push(await startNode({ MEDIA_WORKER: '1' }, env));
    nodes.push(await startNode({ MEDIA_WORKER: '0' }, env));
    await waitFor('both nodes healthy', async () => ((await allHealthy()) ? true : undefined), 10_000);
    const jar = new Map<string, string>();
    artist = nodes.map((url) => new TestClient(url, {}, jar));
    const res = await artist[0].post('/api/auth/register', {
      username: 'steadfast',
      password: PASSWORD,
      email: 'steadfast@example.com',
      name: 'Steadfast',
      isArtist: true,
    });
    expect(res.status, res.text).to.equal(201);
    await knex('users').where({ id: res.body.id }).update({ verifiedEmail: 'steadfast@example.com' });
    expect((await artist[1].post('/api/auth/register-artist-hook')).status).to.equal(200);
  });

  after(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await knex?.destroy();
    await Promise.all([redis?.stop(), s3?.stop(), smtp?.stop(), db?.drop()]);
    console.info(`      recovery after each return (ms): ${JSON.stringify(recovered)}`);
    console.info(`      stored media during the S3 outage, per node: ${mediaDuringOutage.join(', ')}`);
  });

  it('Redis: reads and writes answer on both nodes meanwhile, uncached; caches resume within 5 s', async () => {
    const setting = (value: boolean) => artist[0].patch('/api/users/me/preferences', { normaliseLoudness: value });
    await redis.stop();
    await waitFor(
      'both nodes to notice',
      async () => ((await Promise.all(nodes.map(health))).every((h) => h.redis === 'down') ? true : undefined),
      5000,
    );
    expect(await health(nodes[1])).to.include({ status: 'degraded', redis: 'down' });
    for (const value of [false, true]) {
      expect((await setting(value)).status).to.equal(200);
      expect((await artist[1].get('/api/users/me/preferences')).body.normaliseLoudness, 'read on B').to.equal(value);
    }
    await readThrough(OUTAGE_MS);
    await redis.restart();
    recovered.redis = await recoveryTime('both nodes back on Redis', allHealthy);
    // Cached again, and told of writes: B's kept answer changes with A's write.
    await artist[1].get('/api/users/me/preferences');
    expect((await setting(false)).status).to.equal(200);
    expect((await artist[1].get('/api/users/me/preferences')).body.normaliseLoudness).to.equal(false);
  });

  it('S3 store down: uploads 503 storing nothing, stored media 503, pages answer; all back within 5 s', async () => {
    const kept = await upload(artist[0]);
    expect(kept.status, kept.text).to.equal(201);
    /** The file uploaded before the outage, from `url`: a request that hangs fails the test when aborted. */
    const storedMedia = (url: string) =>
      fetch(`${url}${kept.body.url}`, { signal: AbortSignal.timeout(RECOVERY_MS * 2) });
    const before = await knex('uploads').count({ n: '*' });
    const stored = () => readdirSync(s3.directory, { recursive: true }).length;
    const storedBefore = stored();
    await s3.pause();
    // Media already stored answer a clear 503 on both nodes (or their bytes), never a hang or a 500.
    for (const url of nodes) {
      const res = await storedMedia(url);
      const body = Buffer.from(await res.arrayBuffer());
      expect(res.status, `${kept.body.url} on ${url} while the store is down`).to.be.oneOf([200, 503]);
      mediaDuringOutage.push(res.status);
      if (res.status === 200) expect(body.equals(png)).to.equal(true);
      // JSON for a script, the error page for a browser: either says what is wrong.
      else expect(body.toString()).to.match(/storage/i);
    }
    const failed = await upload(artist[0]);
    expect(failed.status, failed.text).to.equal(503);
    expect(failed.body.message).to.match(/storage/i);
    expect(await health(nodes[0])).to.include({ status: 'degraded', storage: 'down' });
    expect(await knex('uploads').count({ n: '*' })).to.deep.equal(before);
    await readThrough(OUTAGE_MS);
    await s3.resume();
    recovered.s3Media = await recoveryTime('the stored file served again on both nodes', async () => {
      const answers = await Promise.all(nodes.map(storedMedia));
      const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
      return answers.every((res, i) => res.status === 200 && bodies[i].equals(png));
    });
    expect(stored(), 'nothing stored by the failed upload').to.equal(storedBefore);
    let retried: Awaited<ReturnType<typeof upload>> | undefined;
    recovered.s3 = await recoveryTime('an upload to succeed again', async () => {
      retried = await upload(artist[0]);
      return retried.status === 201;
    });
    const media = await fetch(`${nodes[1]}${retried!.body.url}`);
    expect(media.status).to.equal(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(png)).to.equal(true);
    expect(await allHealthy(), 'both healthy').to.equal(true);
  });

  it('mail server refusing: a reset mail waits, is sent once within 5 s of its return, no attempt used', async () => {
    smtp.refuse(true);
    const asked = await new TestClient(nodes[1]).post('/api/auth/password-reset', { email: 'steadfast@example.com' });
    expect(asked.status, asked.text).to.equal(202);
    const job = () => knex('jobs').where({ type: 'accounts.tokenMail' }).orderBy('id', 'desc').first();
    await waitFor(
      'the mail job to wait for the server',
      async () => ((await job())?.lastError?.startsWith('Waiting for a service') ? true : undefined),
      10_000,
    );
    const waiting = await health(nodes[1]);
    expect(waiting).to.include({ status: 'degraded', jobsWaiting: 1 });
    expect(waiting.message).to.match(/mail server/i);
    await readThrough(OUTAGE_MS);
    // Tried every 2 s meanwhile (perhaps right now), never using up an attempt.
    const meanwhile = await job();
    expect(meanwhile.status).to.be.oneOf(['queued', 'running']);
    expect(meanwhile.attempts).to.be.at.most(1);
    smtp.refuse(false);
    const resets = () => smtp.received.filter((m) => /reset-password/.test(m.raw.replace(/=\r?\n/g, '')));
    recovered.mail = await recoveryTime('the reset e-mail to be sent', async () => resets().length > 0);
    await waitFor('the job to be done', async () => ((await job())?.status === 'done' ? true : undefined), 5000);
    expect(await job()).to.include({ status: 'done', attempts: 1 });
    expect(resets(), 'sent once').to.have.length(1);
    expect(await allHealthy()).to.equal(true);
  });
});
