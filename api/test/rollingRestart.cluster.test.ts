import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { freePort, listeningUrl, startChild, startRedis, waitFor, type Child } from './processes.ts';

// An upgrade with no failed request: two app nodes behind Debian's HAProxy with the rules of
// deploy/haproxy.cfg (its DNS-discovered servers replaced by the two fixed local ones, checks every
// 500 ms instead of 2 s and the nodes' drain shortened to match: the same sequence, sooner), under a
// steady load of page views, API reads and writes; each node is stopped with SIGTERM and started
// again in turn, and not one request may fail.

const root = path.resolve(import.meta.dirname, '../..');
const HAPROXY = '/usr/sbin/haproxy';
const CHECK_MS = 500;

/** deploy/haproxy.cfg for `servers` on loopback, listening on `port`, with a stats page on `statsPort`. */
export function localHaproxyConfig(servers: number[], port: number, statsPort: number): string {
  const deployed = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const config = deployed
    // Docker's DNS, not here.
    .replace(/^resolvers docker\n(?: {2}.*\n)+/m, '')
    .replace(/^ {2}bind :8080$/m, `  bind 127.0.0.1:${port}`)
    .replace(
      /^ {2}server-template .*$/m,
      servers.map((p, i) => `  server app-${i + 1} 127.0.0.1:${p} check inter ${CHECK_MS}ms fall 2 rise 2`).join('\n'),
    );
  if (config.includes('server-template') || config.includes('resolvers') || !config.includes(`127.0.0.1:${port}`))
    throw new Error('deploy/haproxy.cfg changed shape: adapt localHaproxyConfig');
  return `${config}\nlisten stats\n  bind 127.0.0.1:${statsPort}\n  stats enable\n  stats uri /stats\n`;
}

function databaseEnv(db: TestDatabase): Record<string, string> {
  const d = db.database;
  if (d.client === 'sqlite') return { DATABASE_URL: '' };
  return {
    DATABASE_URL:
      `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}@` + `${d.host}:${d.port}/${d.database}`,
  };
}

describe('a rolling restart of two nodes behind HAProxy', function () {
  this.timeout(180_000);
  let db: TestDatabase;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let haproxy: Child;
  let env: NodeJS.ProcessEnv;
  let lb: string;
  let stats: string;
  const ports: number[] = [];
  const nodes: Child[] = [];

  async function startNode(i: number): Promise<void> {
    const child = startChild(
      process.execPath,
      [path.join(root, 'api/server.ts')],
      { ...env, PORT: String(ports[i]) },
      root,
    );
    nodes[i] = child;
    await waitFor(
      'the node to listen',
      () => {
        if (child.process.exitCode !== null) throw new Error(`the node exited:\n${child.output()}`);
        return listeningUrl(child.output());
      },
      90_000,
    );
  }

  /** The servers' states as HAProxy sees them (its stats page's CSV). */
  async function serverStates(): Promise<string[]> {
    const csv = await (await fetch(`${stats}/stats;csv`)).text();
    return csv
      .split('\n')
      .filter((line) => line.startsWith('app,app-'))
      .map((line) => line.split(',')[17]);
  }
  const allUp = () =>
    waitFor('HAProxy to see both nodes up', async () =>
      (await serverStates()).every((state) => state === 'UP') ? true : undefined,
    );

  before(async () => {
    [db, redis] = await Promise.all([createTestDatabase(), startRedis()]);
    for (let i = 0; i < 4; i++) ports.push(await freePort());
    env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://onetrack.example',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir,
      SESSION_SECRET: 'rolling-restart-secret-rolling-restart',
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      REGISTRATIONS_PER_HOUR: '0',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:`,
      // Longer than HAProxy takes to mark a node down: 2 failed checks CHECK_MS apart.
      SHUTDOWN_DRAIN_MS: String(CHECK_MS * 4),
      ...databaseEnv(db),
    };
    await startNode(0);
    await startNode(1);
    const file = path.join(db.dataDir, 'haproxy.cfg');
    writeFileSync(file, localHaproxyConfig(ports.slice(0, 2), ports[2], ports[3]));
    haproxy = startChild(HAPROXY, ['-db', '-f', file], process.env);
    lb = `http://127.0.0.1:${ports[2]}`;
    stats = `http://127.0.0.1:${ports[3]}`;
    await waitFor('HAProxy to answer', () =>
      fetch(`${stats}/stats;csv`).then(
        () => true,
        () => undefined,
      ),
    );
    await allUp();
  });

  after(async () => {
    await Promise.all([...nodes.map((child) => child?.stop()), haproxy?.stop()]);
    await Promise.all([redis?.stop(), db?.drop()]);
  });

  it('fails no request while each node is stopped and started again in turn', async () => {
    const origin = { Origin: 'https://onetrack.example' };
    const register = await fetch(`${lb}/api/auth/register`, {
      method: 'POST',
      headers: { ...origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'steady', password: 'secret123', email: 'steady@example.com', name: 'Steady' }),
    });
    expect(register.status, await register.text()).to.equal(201);
    const cookie = register.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const signedIn = { ...origin, Cookie: cookie };
    const requests: Array<() => Promise<Response>> = [
      () => fetch(`${lb}/`),
      () => fetch(`${lb}/api/users/me`, { headers: signedIn }),
      () =>
        fetch(`${lb}/api/users/me/preferences`, {
          method: 'PATCH',
          headers: { ...signedIn, 'Content-Type': 'application/json' },
          body: JSON.stringify({ normaliseLoudness: true }),
        }),
    ];
    const failures: string[] = [];
    let sent = 0;
    let loading = true;
    const load = async (worker: number) => {
      for (let i = worker; loading; i++) {
        const kind = i % requests.length;
        sent++;
        try {
          const res = await requests[kind]();
          await res.arrayBuffer();
          if (res.status >= 400) failures.push(`request ${kind}: ${res.status}`);
        } catch (error) {
          failures.push(`request ${kind}: ${(error as Error).message}`);
        }
      }
    };
    const loaders = [0, 1, 2, 3].map(load);
    try {
      for (const i of [0, 1]) {
        const before = sent;
        expect(await nodes[i].stop('SIGTERM'), nodes[i].output()).to.equal(0);
        await startNode(i);
        await allUp();
        expect(sent - before, 'requests sent during the restart').to.be.above(20);
      }
    } finally {
      loading = false;
      await Promise.all(loaders);
    }
    expect(failures, `${failures.length} of ${sent} requests failed`).to.deep.equal([]);
    console.info(`      rolling restart: ${sent} requests, ${failures.length} failed`);
  });
});
