import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { TestClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from './processes.ts';

// What an operator changes from the command line reaches every running node before the command
// exits: `npm run promote` as a process of its own against server processes, first one node without
// Redis (the data folder's sockets, api/cache/peers.ts), then two nodes with Redis, where each node
// confirms having applied the change (api/cache/applied.ts). Each node has read the user's role (and
// keeps it for 30 s) before the command runs, and is asked right after it exits.

const root = path.resolve(import.meta.dirname, '../..');

function databaseEnv(db: TestDatabase): Record<string, string> {
  const d = db.database;
  if (d.client === 'sqlite') return { DATABASE_URL: '' };
  return {
    DATABASE_URL:
      `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}` + `@${d.host}:${d.port}/${d.database}`,
  };
}

describe('command-line changes reach the running nodes before the command exits', function () {
  // A node's start alone took 70-97 s at a load average of 20 on 2 cores.
  this.timeout(300_000);
  let db: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const children: Child[] = [];

  async function startNode(extra: Record<string, string> = {}): Promise<string> {
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

  async function promote(username: string, role: string, extra: Record<string, string> = {}): Promise<string> {
    const cli = startChild(process.execPath, [path.join(root, 'api/cli/promote.ts'), username, role], {
      ...env,
      ...extra,
    });
    expect(await cli.exited, cli.output()).to.equal(0);
    expect(cli.output()).to.contain(`${username} is now ${role}`);
    return cli.output();
  }

  /** A signed-in user on `url`, whose role the node has read (and keeps). */
  async function signedIn(url: string, username: string, register: boolean): Promise<TestClient> {
    const client = new TestClient(url);
    const res = register
      ? await client.post('/api/auth/register', {
          username,
          password: 'secret123',
          email: `${username}@example.com`,
          name: username,
        })
      : await client.post('/api/auth/login', { username, password: 'secret123' });
    expect(res.status, res.text).to.be.oneOf([200, 201]);
    return client;
  }

  const role = async (client: TestClient) => {
    const me = await client.get('/api/users/me');
    expect(me.status, me.text).to.equal(200);
    return me.body.role as string;
  };

  before(async () => {
    db = await createTestDatabase();
    env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://onetrack.example',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: db.dataDir,
      SESSION_SECRET: 'cli-changes-secret-cli-changes-secret',
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      REGISTRATIONS_PER_HOUR: '0',
      ...databaseEnv(db),
    };
  });

  after(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await db?.drop();
  });

  it('one node without Redis: a promotion and a demotion', async () => {
    const url = await startNode();
    const client = await signedIn(url, 'operated', true);
    expect(await role(client)).to.equal('user');
    await promote('operated', 'admin');
    expect(await role(client), 'promoted at once').to.equal('admin');
    await promote('operated', 'user');
    expect(await role(client), 'demoted at once').to.equal('user');
    await Promise.all(children.splice(0).map((child) => child.stop()));
  });

  it('two nodes with Redis: both see it, and a node that does not confirm is named', async function () {
    // Two node starts and five runs of the tool: minutes on a loaded machine.
    this.timeout(360_000);
    const redis = await startRedis();
    try {
      const shared = { REDIS_URL: redis.url, REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:` };
      const urls = await Promise.all([startNode(shared), startNode(shared)]);
      const clients = await Promise.all(urls.map((url) => signedIn(url, 'operated', false)));
      expect(await Promise.all(clients.map(role))).to.deep.equal(['user', 'user']);
      for (let round = 0; round < 2; round++) {
        const promoted = await promote('operated', 'admin', shared);
        expect(promoted, 'every node confirmed').not.to.contain('not confirmed');
        expect(await Promise.all(clients.map(role)), 'promoted on both at once').to.deep.equal(['admin', 'admin']);
        await promote('operated', 'user', shared);
        expect(await Promise.all(clients.map(role)), 'demoted on both at once').to.deep.equal(['user', 'user']);
      }
      // A node in the registry that never answers (hung, or its heartbeat ahead): the tool names it and ends.
      const registry = new Redis(redis.url);
      try {
        await registry.zadd(`${shared.REDIS_PREFIX}cache:nodes`, Date.now() + 60_000, 'ghost:1:test');
        const output = await promote('operated', 'user', shared);
        expect(output.includes('not confirmed by ghost:1:test within 5 s'), output).to.equal(true);
      } finally {
        registry.disconnect();
      }
      expect(await Promise.all(clients.map(role)), 'the live nodes confirmed it').to.deep.equal(['user', 'user']);
    } finally {
      await Promise.all(children.splice(0).map((child) => child.stop()));
      await redis.stop();
    }
  });
});
