// `npm test`: everything: tools it needs, the build, then two lanes side by side, one per core:
//   - the browser tests (Chromium, SQLite), then the multi-node test (app and worker processes on
//     MariaDB, Redis and a local S3 server);
//   - the suite on SQLite, then the suite on MariaDB/MySQL with lint, format, typecheck and the
//     deployment file beside it, then the plugin matrix.
// Every test makes its own data folder, database (a copy of a template migrated once per process,
// api/test/database.ts), Redis prefix and ports, so the lanes share nothing but the build, which
// neither writes (the matrix builds elsewhere). Each step's output is printed whole when it ends,
// with its time. Prints one closing line "N passed, N failed" summed over every mocha run, after
// every failing test's report again. `node api/cli/test.ts static|sqlite|mysql|matrix|browser`
// runs one part (after the build; mysql includes the multi-node test).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import knexFactory from 'knex';
import { ensureDebianTools } from './debianTools.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const totals = { passed: 0, failed: 0 };
const failures: string[] = [];
// Mocha's report of each failing test, printed again at the very end: a log read from its tail
// (CI shows only the last part) must still say which test failed and why.
const failureReports: string[] = [];

/** Runs a command to its end, its output kept and printed whole when it ends (lanes run side by side). */
function runCaptured(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ ok: boolean; stdout: string }> {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
    const output: Buffer[] = [];
    const stdout: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      output.push(chunk);
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - began) / 1000);
      process.stdout.write(
        `\n=== ${title}\n${Buffer.concat(output).toString('utf8')}\n--- ${title}: ` +
          `${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n`,
      );
      resolve({ ok: code === 0, stdout: Buffer.concat(stdout).toString('utf8') });
    });
  });
}

async function run(title: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const { ok } = await runCaptured(title, command, args, env);
  if (!ok) failures.push(title);
  return ok;
}

/** Runs mocha and adds its counts to the totals (mocha prints "N passing" / "N failing"). */
async function mocha(title: string, args: string[], env: Record<string, string>): Promise<void> {
  const { ok, stdout } = await runCaptured(
    title,
    process.execPath,
    [path.join(root, 'node_modules/mocha/bin/mocha.js'), ...args],
    env,
  );
  const passed = Number(/(\d+) passing/.exec(stdout)?.[1] ?? 0);
  const failed = Number(/(\d+) failing/.exec(stdout)?.[1] ?? 0);
  totals.passed += passed;
  totals.failed += failed;
  const report = /\n {2}\d+ failing\n[\s\S]*/.exec(stdout)?.[0];
  if (report) failureReports.push(`=== ${title}${report}`);
  if (!ok || passed === 0) {
    failures.push(title);
    if (!failed) totals.failed += 1;
  }
}

function ensureTools() {
  process.stdout.write('\n=== tools\n');
  ensureDebianTools([
    ['/usr/bin/chromium', 'chromium'],
    ['/usr/bin/ffmpeg', 'ffmpeg'],
    // Tests that take Redis away start a redis-server of their own.
    ['/usr/bin/redis-server', 'redis-server'],
    // The rolling restart runs two nodes behind Debian's HAProxy (api/test/rollingRestart.cluster.test.ts).
    ['/usr/sbin/haproxy', 'haproxy'],
    // The realistic analysis corpus is General MIDI rendered by FluidSynth (realistic/render.ts).
    ['/usr/bin/fluidsynth', 'fluidsynth'],
    ['/usr/share/sounds/sf2/FluidR3_GM.sf2', 'fluid-soundfont-gm'],
  ]);
  process.stdout.write('chromium, ffmpeg, redis-server, haproxy, fluidsynth and its GM soundfont are present\n');
}

/** `docker compose config` validates docker-compose.yml where a Docker client with Compose is installed. */
async function checkComposeFile(): Promise<void> {
  const compose = [['docker', 'compose'], ['docker-compose']].find(
    ([command, ...args]) => spawnSync(command, [...args, 'version'], { stdio: 'ignore' }).status === 0,
  );
  if (!compose) {
    process.stdout.write(
      '\n=== docker-compose.yml\nNo Docker Compose client here: the file is checked by the deployment test only\n',
    );
    return;
  }
  const [command, ...args] = compose;
  await run(
    'docker-compose.yml (docker compose config)',
    command,
    [...args, '-f', 'docker-compose.yml', 'config', '--quiet'],
    { SESSION_SECRET: 'compose-config-check-secret-0123456789' },
  );
}

/**
 * A server-level MySQL URL the tests may create databases with: root over TCP when allowed,
 * otherwise a dedicated user created through the local socket as root.
 */
async function mysqlAdminUrl(): Promise<string> {
  if (process.env.MYSQL_TEST_URL) return process.env.MYSQL_TEST_URL;
  const host = process.env.MYSQL_HOST || '127.0.0.1';
  const port = Number(process.env.MYSQL_PORT || 3306);
  const tryConnect = async (connection: object) => {
    const knex = knexFactory({ client: 'mysql2', connection });
    try {
      await knex.raw('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await knex.destroy();
    }
  };
  if (await tryConnect({ host, port, user: 'root', password: '' })) return `mysql://root@${host}:${port}/mysql`;
  const user = 'onetrack_test';
  const password = 'onetrack_test';
  const socket = knexFactory({ client: 'mysql2', connection: { socketPath: '/run/mysqld/mysqld.sock', user: 'root' } });
  try {
    for (const h of ['127.0.0.1', 'localhost']) {
      await socket.raw(`CREATE USER IF NOT EXISTS '${user}'@'${h}' IDENTIFIED BY '${password}'`);
      await socket.raw(`GRANT ALL PRIVILEGES ON \`onetrack_test_%\`.* TO '${user}'@'${h}'`);
    }
  } finally {
    await socket.destroy();
  }
  return `mysql://${user}:${password}@${host}:${port}/mysql`;
}

const only = process.argv[2];
const started = Date.now();
ensureTools();
// Specs are named here, not in .mocharc.json, so `npx mocha path/to/one.test.ts` runs just that file.
const SUITE = [
  '{api,lib,plugins,media-worker,site}/**/*.test.ts',
  '--ignore',
  '**/*.browser.test.ts',
  '--ignore',
  '**/*.cluster.test.ts',
  '--ignore',
  '**/*.matrix.test.ts',
  '--ignore',
  'node_modules/**',
];
// Real processes on MariaDB: run once, not in both database passes.
const CLUSTER = ['{api,plugins}/**/*.cluster.test.ts', '--ignore', 'node_modules/**', '--timeout', '120000'];
// The site built without each optional plugin (api/test/pluginMatrix.ts); dist/ is the full list's build.
const MATRIX = ['api/test/*.matrix.test.ts', '--timeout', '1200000'];
const BROWSER = ['{api,plugins,site}/**/*.browser.test.ts', '--ignore', 'node_modules/**', '--timeout', '60000'];
const part = (name: string) => !only || only === name;

async function checks(): Promise<void> {
  if (!part('static')) return;
  await run('lint', bin('eslint'), ['.']);
  await run('format (prettier --check)', bin('prettier'), ['--check', '.']);
  await run('typecheck (server and islands)', bin('tsc'), ['-p', 'tsconfig.json']);
  await run('typecheck (.astro pages)', bin('astro'), ['check', '--minimumFailingSeverity', 'warning']);
  await checkComposeFile();
}

/** The MariaDB/MySQL URL for both the suite and the multi-node test, found once; null (a failure) when unreachable. */
let mysqlUrl: Promise<string | null> | undefined;
function mysqlTestUrl(): Promise<string | null> {
  mysqlUrl ??= mysqlAdminUrl().catch((error: Error) => {
    process.stdout.write(`MariaDB/MySQL is not reachable: ${error.message}\n`);
    failures.push('MariaDB/MySQL connection');
    totals.failed += 1;
    return null;
  });
  return mysqlUrl;
}

async function mysqlSuite(): Promise<void> {
  const url = part('mysql') && (await mysqlTestUrl());
  if (url) await mocha('tests on MariaDB/MySQL', SUITE, { TEST_DB: 'mysql', MYSQL_TEST_URL: url });
}

async function clusterTest(): Promise<void> {
  const url = part('mysql') && (await mysqlTestUrl());
  if (url)
    await mocha('multi-node test (2 app + 2 worker processes, MariaDB, Redis, S3)', CLUSTER, {
      TEST_DB: 'mysql',
      MYSQL_TEST_URL: url,
    });
}

// The static checks need no build: they run even when it failed.
const built = await run('build', bin('astro'), ['build']);
// Lanes balanced by their parts' times (docs/decisions/2026-12-02-suite-time.md): the browser tests are
// the longest part, so the multi-node test follows them and the plugin matrix closes the other lane.
// The static checks (all CPU) run beside the MariaDB suite, which waits on the database's disk much of
// its time, rather than before everything on one lane.
await Promise.all([
  (async () => {
    if (!built) return;
    if (part('browser')) await mocha('browser tests (Chromium, SQLite)', BROWSER, { TEST_DB: 'sqlite' });
    await clusterTest();
  })(),
  (async () => {
    if (built && part('sqlite')) await mocha('tests on SQLite', SUITE, { TEST_DB: 'sqlite' });
    await Promise.all([checks(), built ? mysqlSuite() : undefined]);
    if (built && part('matrix'))
      await mocha('plugin matrix (each optional plugin left out, SQLite)', MATRIX, {
        TEST_DB: 'sqlite',
        PLUGIN_MATRIX_DIST: '1',
      });
  })(),
]);

if (failureReports.length) process.stdout.write(`\n=== the failing tests again\n${failureReports.join('\n')}\n`);
process.stdout.write(`\nFinished in ${Math.round((Date.now() - started) / 1000)} s.`);
if (failures.length) process.stdout.write(` Failed steps: ${failures.join('; ')}.`);
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length ? 1 : 0);
