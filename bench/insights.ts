// Insights at scale (issue 21.4), `node bench/bench.ts insights` (or `node bench/insights.ts
// ingest|dashboard` for one half):
//   ingest     play reports per second on SQLite and MariaDB, through one app node and spread over two
//              (Redis shared, as in production), each listener a distinct address and browser sending
//              start, 30 s and complete in turn, as the player does, 16 and 64 players at once;
//              goal >= 2,000 counted events/s, without errors, in every case
//   dashboard  MariaDB with 2,000 artists / 20,000 tracks and 10 million play events over 90 days
//              (made with INSERT ... SELECT from MariaDB's sequence tables, not row by row), rolled up
//              by the real job, then p50/p95 of uncached dashboards; goal p95 <= 100 ms. Also the
//              catalog's Popular lists and a track page, which read the same rollups.
// The machine is shared: figures swing with its load (printed beside them); ratios hold better.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createKernel } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/log.ts';
import { knexConfig } from '../api/db/connection.ts';
import { rollupDay } from '../plugins/insights/rollup.ts';
import { DEMO_USERNAME } from '../plugins/accounts/demoAccount.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from '../api/test/processes.ts';
import { growCatalog } from './catalog-scale.ts';
import { cpuSeconds } from './cpu.ts';
import { mysqlDatabase } from './http.ts';
import { sessionCookie } from './signIn.ts';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
// Players reporting at once. Each connection waits for its answer before the next report (a closed
// loop), so 16 can ask no more than 16 reports per commit's time; a node's capacity shows with more.
const CONNECTIONS = [16, 64];
const EVENTS = Number(process.env.BENCH_PLAY_EVENTS || 10_000_000);
const DAYS = 90;
const CHUNK = 1_000_000;
const DAY_MS = 86_400_000;
const INGEST_GOAL = 2000;
const DASHBOARD_GOAL_MS = 100;
const load = () => os.loadavg()[0].toFixed(1);
const out = (line = '') => process.stdout.write(`${line}\n`);
const quantile = (values: number[], q: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

interface Setup {
  env: NodeJS.ProcessEnv;
  cleanups: Array<() => Promise<void>>;
}

/** A data folder, a Redis of its own and, for MariaDB, a database of its own; the demo seeded on start. */
async function setup(database: 'sqlite' | 'mysql'): Promise<Setup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-insights-bench-'));
  const cleanups: Setup['cleanups'] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const redis = await startRedis();
  cleanups.unshift(redis.stop);
  // Reports come "through a proxy" (TRUST_PROXY) so each simulated listener has an address of its own.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_WORKER: '0',
    TRUST_PROXY: '1',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    REDIS_URL: redis.url,
    REDIS_PREFIX: `onetrack-bench-${randomBytes(4).toString('hex')}:`,
  };
  if (database === 'mysql') {
    const db = await mysqlDatabase(dataDir);
    cleanups.unshift(db.drop);
    env.DATABASE_URL = db.url;
  }
  return { env, cleanups };
}

async function startNode(env: NodeJS.ProcessEnv, seed: boolean, nodes: Child[]): Promise<string> {
  const child = startChild(
    process.execPath,
    [path.join(root, 'api/server.ts')],
    { ...env, SEED_DEMO: seed ? '1' : '0' },
    root,
  );
  nodes.push(child);
  // Seeding on a loaded machine takes minutes.
  const url = await waitFor('a node to listen', () => listeningUrl(child.output()), 600_000, 200);
  await waitFor(
    'the node to reach Redis',
    async () => ((await (await fetch(`${url}/healthz`)).json()).redis === 'up' ? true : undefined),
    10_000,
  );
  return url;
}

/** Listeners so far: every run's are new ones (the same listener's second start would not count). */
let listener = 0;

/** Each connection plays listener after listener: start, 30 s, complete, from its own address and browser. */
function playRequests(tracks: number[]) {
  const headers = (n: number) => ({
    'content-type': 'application/json',
    'user-agent':
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ` +
      `Chrome/131.0.${n % 5000}.0 Safari/537.36`,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  type Context = { listener: number; track: number };
  const report = (event: string, first = false) => ({
    method: 'POST' as const,
    path: '/api/plays',
    setupRequest: (request: Record<string, unknown>, context: Context) => {
      if (first) {
        context.listener = ++listener;
        context.track = tracks[context.listener % tracks.length];
      }
      return {
        ...request,
        headers: headers(context.listener),
        body: JSON.stringify({ trackId: context.track, event, source: 'home' }),
      };
    },
  });
  return [report('start', true), report('thirty'), report('complete')];
}

interface IngestResult {
  perS: number;
  countedPerS: number;
  /** The app nodes' CPU time per counted event: what the machine's load does not change much. */
  cpuMs: number;
  /** GET /robots.txt through the same nodes and connections, req/s: the same run's yardstick. */
  staticPerS: number;
  p50: number;
  p99: number;
  errors: number;
}

async function ingestRun(
  urls: string[],
  pids: number[],
  tracks: number[],
  knex: Knex,
  connections: number,
): Promise<IngestResult> {
  const before = Number((await knex('play_events').count({ n: '*' }))[0].n);
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  // autocannon spreads its connections over several URLs (its types only know one).
  const result = await autocannon({
    url: urls as unknown as string,
    connections,
    duration: SECONDS,
    requests: playRequests(tracks) as never,
  });
  const cpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
  const after = Number((await knex('play_events').count({ n: '*' }))[0].n);
  const yardstick = await autocannon({
    url: urls.map((u) => `${u}/robots.txt`) as unknown as string,
    connections,
    duration: Math.min(5, SECONDS),
  });
  return {
    perS: result.requests.total / SECONDS,
    countedPerS: (after - before) / SECONDS,
    cpuMs: (cpu * 1000) / Math.max(1, after - before),
    staticPerS: yardstick.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Counted events/s at the goal with no failed request: a fast run that lost reports does not meet it. */
const verdict = (r: IngestResult) => (r.errors ? 'missed (errors)' : r.countedPerS >= INGEST_GOAL ? 'met' : 'missed');

async function ingestBench(): Promise<string[]> {
  const lines: string[] = [];
  const missed: string[] = [];
  for (const database of ['sqlite', 'mysql'] as const) {
    const { env, cleanups } = await setup(database);
    const nodes: Child[] = [];
    try {
      const a = await startNode(env, true, nodes);
      const b = await startNode(env, false, nodes);
      const tracks = ((await (await fetch(`${a}/api/tracks/monthly`)).json()) as Array<{ id: number }>).map(
        (t) => t.id,
      );
      const knex = knexFactory(knexConfig(loadConfig(env).database));
      try {
        const pids = nodes.map((node) => node.process.pid!);
        for (const [label, urls, used] of [
          ['1 node', [a], pids.slice(0, 1)],
          ['2 nodes', [a, b], pids],
        ] as const)
          for (const connections of CONNECTIONS) {
            const loadBefore = load();
            const r = await ingestRun([...urls], [...used], tracks, knex, connections);
            lines.push(
              `${database.padEnd(7)} ${label.padEnd(8)} ${String(connections).padStart(5)} ` +
                `${r.perS.toFixed(0).padStart(9)} ${r.countedPerS.toFixed(0).padStart(10)} ` +
                `${r.p50.toFixed(0).padStart(6)} ${r.p99.toFixed(0).padStart(6)} ` +
                `${String(r.errors).padStart(7)} ` +
                `${r.cpuMs.toFixed(2).padStart(7)} ${(1000 / r.cpuMs).toFixed(0).padStart(8)} ` +
                `${(r.countedPerS / r.staticPerS).toFixed(3).padStart(8)}  ` +
                `${loadBefore.padStart(5)}  ${verdict(r)}`,
            );
            if (verdict(r) !== 'met') missed.push(`${database} ${label} ${connections} conns`);
            out(lines.at(-1));
          }
      } finally {
        await knex.destroy();
      }
    } finally {
      await Promise.all(nodes.map((node) => node.stop()));
      for (const cleanup of cleanups) await cleanup();
    }
  }
  return [
    `Play ingest: ${SECONDS} s per case, ${CONNECTIONS.join(' and ')} connections ` +
      `(players reporting at once), each a listener after another sending start, 30 ` +
      `s, complete (distinct address and browser), ${os.cpus().length} cores shared ` +
      `with the load generator, Redis`,
    '',
    "cpu ms: the app nodes' CPU time per counted event; per core: events/s one " +
      'fully used core would take at that cost; vs static: counted/s over GET ' +
      '/robots.txt req/s in the same run',
    '',
    `${'db'.padEnd(7)} ${'nodes'.padEnd(8)} ${'conns'.padStart(5)} ` +
      `${'events/s'.padStart(9)} ${'counted/s'.padStart(10)} ${'p50 ms'.padStart(6)} ` +
      `${'p99 ms'.padStart(6)} ${'non-2xx'.padStart(7)} ${'cpu ms'.padStart(7)} ` +
      `${'per core'.padStart(8)} ${'vs static'.padStart(8)}  ${'load'.padStart(5)}  ` +
      `goal ${INGEST_GOAL}/s`,
    ...lines,
    '',
    `goal >= ${INGEST_GOAL} counted events/s on one node and on two, SQLite and ` +
      `MariaDB, no errors: ` +
      `${
        missed.length
          ? `missed (${missed.join(', ')}) at this load; ` + `per core above says what a quiet core would take`
          : 'met'
      }`,
  ];
}

/**
 * 10 million play events over the last 90 days, oldest first (a day's rows lie together, as appends
 * of a real day do), skewed towards the first tracks (popular ones), made
 * by the database itself: chunks of INSERT ... SELECT over MariaDB's seq_1_to_N tables, with the
 * table's secondary keys dropped while they load and built once at the end.
 */
async function makePlayEvents(knex: Knex, now: number): Promise<number> {
  const [{ min, max }] = await knex('tracks').min({ min: 'id' }).max({ max: 'id' });
  const count = Number(max) - Number(min) + 1;
  await knex.raw("SET SESSION time_zone = '+00:00', foreign_key_checks = 0, unique_checks = 0");
  await knex.raw(
    'ALTER TABLE play_events DROP INDEX ' +
      'play_events_track_id_listener_event_play_window_unique, DROP INDEX ' +
      'play_events_day_track_id_index',
  );
  const started = performance.now();
  for (let offset = 0; offset < EVENTS; offset += CHUNK) {
    const size = Math.min(CHUNK, EVENTS - offset);
    out(`  events ${offset.toLocaleString('en-US')}…, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await knex.raw(
      `INSERT INTO play_events (track_id, artist_id, event, source, listener, day, play_window, at)
       SELECT t.id, t.artist_id,
              CASE WHEN s.n % 10 < 5 THEN 'start' WHEN s.n % 10 < 8 THEN 'thirty' ` +
        `WHEN s.n % 10 < 9 THEN 'complete' ELSE 'skip' END,
              ELT(1 + s.n % 7, 'home', 'track', 'artist', 'search', 'feed', 'embed', 'other'),
              MD5(s.n), DATE_FORMAT(FROM_UNIXTIME(s.at DIV 1000), '%Y-%m-%d'), s.at DIV 1800000, s.at
       FROM (SELECT seq + ? AS n, ? - (? - 1 - FLOOR((seq + ? - 1) * ? / ?)) * ? - ((seq + ?) * 7919) % ? AS at,
                    CONV(SUBSTR(MD5(seq + ?), 1, 8), 16, 10) / 4294967296 AS u
             FROM seq_1_to_${size}) s
       JOIN tracks t ON t.id = ? + FLOOR(POW(s.u, 3) * ?)`,
      [offset, now, DAYS, offset, DAYS, EVENTS, DAY_MS, offset, DAY_MS, offset, Number(min), count],
    );
  }
  await knex.raw(
    'ALTER TABLE play_events ADD UNIQUE ' +
      'play_events_track_id_listener_event_play_window_unique (track_id, listener, ' +
      'event, play_window), ADD INDEX play_events_day_track_id_index (day, track_id)',
  );
  await knex.raw('SET SESSION foreign_key_checks = 1, unique_checks = 1');
  return (performance.now() - started) / 1000;
}

/**
 * The serving node's CPU time per request of the last `timed` call: what a loaded machine's queueing does not inflate.
 */
let lastCpuMs = 0;

async function timed(url: string, cookie: string, samples: number, pid: number): Promise<number[]> {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(pid);
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    // A fresh query string each time: no cache answers.
    const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}bench=${i}-${randomBytes(3).toString('hex')}`, {
      headers: { cookie },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  lastCpuMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / samples;
  return times;
}

async function dashboardBench(): Promise<string[]> {
  const { env, cleanups } = await setup('mysql');
  const nodes: Child[] = [];
  const lines: string[] = [];
  try {
    // The schema and the demo first (a node that seeds), then the large catalog beside it.
    const seeder = await startNode(env, true, nodes);
    await nodes.pop()!.stop();
    void seeder;
    out(`seeded, load ${load()}`);
    await growCatalog(env);
    out(`catalog grown, load ${load()}`);
    const { kernel } = await createKernel({
      config: loadConfig({ ...env, SEED_DEMO: '0' }),
      log: createLogger('warn'),
    });
    const { knex } = kernel;
    const now = Date.now();
    let generation: number;
    const rollupMs: number[] = [];
    try {
      generation = await makePlayEvents(knex, now);
      const days = (await knex('play_events').distinct('day').orderBy('day')).map((r: { day: string }) => r.day);
      for (const day of days) {
        const started = performance.now();
        await rollupDay(knex, day);
        rollupMs.push(performance.now() - started);
      }
      // Three artists with few, middling and many plays sign in with the demo's password.
      const demo = await knex('users').where({ username: DEMO_USERNAME }).first('passwordHash');
      for (const username of ['scale0', 'scale300', 'scale1999'])
        await knex('users').where({ username }).update({ passwordHash: demo.passwordHash, usernameKey: username });
    } finally {
      await kernel.close();
    }
    const [{ n: events }] = await (async () => {
      const k = knexFactory(knexConfig(loadConfig(env).database));
      try {
        return await k('play_events').count({ n: '*' });
      } finally {
        await k.destroy();
      }
    })();
    out(
      `generated ${events} play events in ${generation.toFixed(0)} s; rolled up ` +
        `${rollupMs.length} days, p50 ${quantile(rollupMs, 0.5).toFixed(0)} ms, max ` +
        `${Math.max(...rollupMs).toFixed(0)} ms per day`,
    );

    const url = await startNode(env, false, nodes);
    const pid = nodes.at(-1)!.process.pid!;
    const cases: Array<{ name: string; times: number[]; cpuMs: number }> = [];
    const dashboardCpu: number[] = [];
    const dashboards: number[] = [];
    for (const username of ['scale0', 'scale300', 'scale1999']) {
      const cookie = await sessionCookie(url, username);
      for (const period of ['month', '7', '30', '90']) {
        const api = await timed(`${url}/api/insights/dashboard?period=${period}`, cookie, 10, pid);
        dashboards.push(...api);
        dashboardCpu.push(lastCpuMs);
        cases.push({ name: `GET /api/insights/dashboard ${username} ${period}`, times: api, cpuMs: lastCpuMs });
      }
      const page = await timed(`${url}/dashboard?period=90`, cookie, 10, pid);
      cases.push({ name: `page /dashboard?period=90 ${username}`, times: page, cpuMs: lastCpuMs });
    }
    const popular = [
      '/api/artists?sort=popular&limit=24',
      '/artists?sort=popular',
      '/discover?sort=popular',
      '/',
      '/tracks/1',
      '/robots.txt',
    ];
    for (const p of popular) {
      const times = await timed(`${url}${p}`, '', 20, pid);
      cases.push({ name: `anonymous ${p} (uncached)`, times, cpuMs: lastCpuMs });
    }
    lines.push(
      `Dashboard on MariaDB: ${Number(events).toLocaleString('en-US')} play events ` +
        `over ${DAYS} days, 20,000+ tracks (2,000 artists), generated in ` +
        `${generation.toFixed(0)} s (INSERT ... SELECT, keys built after);`,
      `rollup job per day (~` +
        `${Math.round(Number(events) / DAYS).toLocaleString('en-US')} events): p50 ` +
        `${quantile(rollupMs, 0.5).toFixed(0)} ms, max ` +
        `${Math.max(...rollupMs).toFixed(0)} ms; load ${load()}`,
      '',
      "cpu ms: the node's CPU time per request (the database server's own time not " +
        'included); p50/p95: wall time, sequential requests',
      '',
      `${'case'.padEnd(58)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'cpu ms'.padStart(7)}`,
      ...cases.map(
        (c) =>
          `${c.name.padEnd(58)} ${quantile(c.times, 0.5).toFixed(1).padStart(7)} ` +
          `${quantile(c.times, 0.95).toFixed(1).padStart(7)} ` +
          `${c.cpuMs.toFixed(1).padStart(7)}`,
      ),
      '',
      `all dashboard API answers: p50 ${quantile(dashboards, 0.5).toFixed(1)} ms, ` +
        `p95 ${quantile(dashboards, 0.95).toFixed(1)} ms (goal <= ${DASHBOARD_GOAL_MS} ` +
        `ms: ${quantile(dashboards, 0.95) <= DASHBOARD_GOAL_MS ? 'met' : 'missed'}), ` +
        `node CPU per answer ${Math.max(...dashboardCpu).toFixed(1)} ms at most`,
    );
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    for (const cleanup of cleanups) await cleanup();
  }
  return lines;
}

export async function insightsBench(parts: string[] = ['ingest', 'dashboard']): Promise<void> {
  const report: string[] = [
    `\nInsights bench, ${new Date().toISOString()}, ${os.cpus().length} cores, load at start ${load()}`,
  ];
  if (parts.includes('ingest')) report.push('', ...(await ingestBench()));
  if (parts.includes('dashboard')) report.push('', ...(await dashboardBench()));
  out(report.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`)
  await insightsBench(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
