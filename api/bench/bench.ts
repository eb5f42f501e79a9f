// `npm run bench`: starts the real server (SQLite, demo data) in a child process and measures
// requests/s and p99 latency with autocannon. Every figure is also given as a ratio to a static
// file served by the same process in the same run, so results compare across machines.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface BenchCase {
  name: string;
  path: string;
  /** Sign in as the demo listener first and send its cookie. */
  signedIn?: boolean;
}

const BASELINE: BenchCase = { name: 'static file (baseline)', path: '/favicon.svg' };
const CASES: BenchCase[] = [
  { name: 'health check (1 query)', path: '/healthz' },
  { name: 'GET /api/auth/user (signed in)', path: '/api/auth/user', signedIn: true },
  { name: 'home page, anonymous', path: '/' },
  { name: 'home page, signed in', path: '/', signedIn: true },
  { name: 'login page, anonymous', path: '/auth' },
  // Catalog (artist 1 is the first demo artist). Goals: anonymous ≥ 50 %, signed in ≥ 10 % of static.
  { name: 'artist page, anonymous', path: '/artist/1' },
  { name: 'artist page, signed in', path: '/artist/1', signedIn: true },
  { name: 'GET /api/tracks/monthly', path: '/api/tracks/monthly' },
  { name: 'GET /api/artists', path: '/api/artists' },
];

const DURATION_S = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 10;
const root = path.resolve(import.meta.dirname, '../..');
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-'));

const server = spawn(process.execPath, [path.join(root, 'api/server.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function demoCookie(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function measure(c: BenchCase, cookie: string) {
  const result = await autocannon({
    url: base + c.path,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: c.signedIn ? { cookie } : {},
  });
  if (result.non2xx > 0) throw new Error(`${c.name}: ${result.non2xx} answers were not 2xx`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

try {
  await waitForServer();
  const cookie = await demoCookie();
  const baseline = await measure(BASELINE, cookie);
  const rows = [{ name: BASELINE.name, ...baseline }];
  for (const c of CASES) rows.push({ name: c.name, ...(await measure(c, cookie)) });
  process.stdout.write(`\nOneTrack bench: ${DURATION_S} s per case, ${CONNECTIONS} connections, ${os.cpus().length} cores, SQLite\n\n`);
  process.stdout.write(`${'case'.padEnd(36)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'vs static'.padStart(10)}\n`);
  for (const row of rows) {
    const ratio = `${((row.rps / baseline.rps) * 100).toFixed(1)} %`;
    process.stdout.write(`${row.name.padEnd(36)} ${row.rps.toFixed(0).padStart(9)} ${String(row.p99).padStart(8)} ${ratio.padStart(10)}\n`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// Page render time (cache bypassed) with the demo catalog and with 2,000 artists / 20,000 tracks.
await import('./catalog-scale.ts');

// Search over 2,000 artists / 20,000 tracks on SQLite and MariaDB/MySQL (plugins/search).
await import('./search.ts');

// Audio analysis accuracy table and the 5-minute WAV timing (no server needed).
await import('./analysis.ts');

// Upload memory of the two upload paths (releases), to the local folder and to S3, in fresh server processes.
await import('./upload-memory.ts');

// One app node against two behind an alternating client, and how fast a write on one shows on the other.
await import('./nodes.ts');
