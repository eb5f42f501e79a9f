import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TestClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from './processes.ts';

// The previous release's server on this release's schema, beside this release's server: the state of
// every rolling upgrade (and of a rollback). The release is the commit deploy/previous-release names,
// taken out of this clone's history with `git archive` (tags may not be fetched; CI clones main's full
// history, which holds every release) into a folder of its own, built once and kept in the system's
// temporary folder; it shares this checkout's node_modules.

const root = path.resolve(import.meta.dirname, '../..');
const [commit, release] = readFileSync(path.join(root, 'deploy/previous-release'), 'utf8').trim().split(/\s+/);
const STUB = '// Applied by a newer release: named here so this release starts on its schema.';

/** Every migration file name of a checkout: the kernel's and each plugin's. */
function migrationNames(tree: string): string[] {
  const folders = [
    path.join(tree, 'migrations'),
    ...readdirSync(path.join(tree, 'plugins')).map((p) => path.join(tree, 'plugins', p, 'migrations')),
  ];
  return folders.flatMap((folder) =>
    existsSync(folder) ? readdirSync(folder).filter((name) => /^\d{14}_.+\.(ts|js)$/.test(name)) : [],
  );
}

/** The previous release, built: its own folder, this checkout's node_modules. */
function previousRelease(): string {
  if (spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root }).status !== 0)
    throw new Error(
      `The previous release ${release} (commit ${commit}, deploy/previous-release) is not in this clone: ` +
        'fetch main’s full history (git fetch --unshallow origin main) and run this test again',
    );
  const tree = path.join(os.tmpdir(), `onetrack-release-${commit.slice(0, 12)}`);
  if (!existsSync(path.join(tree, 'dist/server/entry.mjs'))) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${tree}"`], { cwd: root });
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
    execFileSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: tree,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
    });
  }
  // A release before v0.2.0 refuses a schema with migrations it does not know (from v0.2.0 on it
  // starts, api/db/migrate.ts): it gets empty files of the newer migrations' names, applied already.
  const kernelFolder = path.join(tree, 'migrations');
  for (const name of readdirSync(kernelFolder))
    if (readFileSync(path.join(kernelFolder, name), 'utf8').startsWith(STUB)) unlinkSync(path.join(kernelFolder, name));
  const known = new Set(migrationNames(tree));
  for (const name of migrationNames(root))
    if (!known.has(name))
      writeFileSync(
        path.join(kernelFolder, name),
        `${STUB}\nexport async function up() {}\nexport async function down() {}\n`,
      );
  return tree;
}

function databaseEnv(db: TestDatabase): Record<string, string> {
  const d = db.database;
  if (d.client === 'sqlite') return { DATABASE_URL: '' };
  return {
    DATABASE_URL:
      `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}@` + `${d.host}:${d.port}/${d.database}`,
  };
}

describe(`the previous release (${release}) on this release's schema`, function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let tree: string;
  const children: Child[] = [];
  let env: NodeJS.ProcessEnv;

  async function startNode(checkout: string): Promise<string> {
    const child = startChild(process.execPath, [path.join(checkout, 'api/server.ts')], env, checkout);
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

  before(async function () {
    // Building the release takes a minute or two the first time.
    this.timeout(600_000);
    tree = previousRelease();
    [db, redis] = await Promise.all([createTestDatabase(), startRedis()]);
    env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://onetrack.example',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: db.dataDir,
      SESSION_SECRET: 'previous-release-secret-previous-release',
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      REGISTRATIONS_PER_HOUR: '0',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:`,
      ...databaseEnv(db),
    };
  });

  after(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await Promise.all([redis?.stop(), db?.drop()]);
  });

  it('serves pages, reads and writes beside this release’s server, each seeing the other’s writes', async () => {
    // This release migrates the database first, as the first upgraded node does.
    const current = await startNode(root);
    const previous = await startNode(tree);
    expect((await fetch(`${previous}/healthz`)).status).to.equal(200);
    const register = async (url: string, username: string) => {
      const client = new TestClient(url);
      const res = await client.post('/api/auth/register', {
        username,
        password: 'secret123',
        email: `${username}@example.com`,
        name: username,
      });
      expect(res.status, res.text).to.equal(201);
    };
    const signIn = async (url: string, username: string) => {
      const client = new TestClient(url);
      const res = await client.post('/api/auth/login', { username, password: 'secret123' });
      expect(res.status, res.text).to.equal(200);
      return client;
    };
    await register(current, 'upgraded');
    await register(previous, 'veteran');
    for (const [url, username] of [
      [previous, 'upgraded'],
      [current, 'veteran'],
    ]) {
      const client = await signIn(url, username);
      expect((await client.get('/api/users/me')).body.username).to.equal(username);
      const prefs = await client.patch('/api/users/me/preferences', { normaliseLoudness: false });
      expect(prefs.status, prefs.text).to.equal(200);
      expect((await client.get('/')).status).to.equal(200);
      expect((await client.get('/api/users/me/preferences')).body.normaliseLoudness).to.equal(false);
    }
    const home = await fetch(`${previous}/`);
    expect(home.status).to.equal(200);
  });
});
