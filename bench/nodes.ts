// One app node against two, on this machine: requests per second of the same cases sent to one
// node, then spread evenly over two (autocannon alternates its connections between the URLs, as a
// load balancer without sticky sessions would), and how long a write on node A takes to show on
// node B. Both nodes share one SQLite file and a redis-server of the bench's own.
// Run alone with `node bench/nodes.ts`; `npm run bench` runs it.
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERNAME } from '../plugins/accounts/demoAccount.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from '../api/test/processes.ts';
import { sessionCookie } from './signIn.ts';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = 10;
const ROUNDS = 5;

interface Case {
  name: string;
  path: string;
  signedIn?: boolean;
}
const CASES: Case[] = [
  { name: 'artist page, anonymous (cached)', path: '/artist/1' },
  { name: 'artist page, signed in (cached)', path: '/artist/1', signedIn: true },
  { name: 'GET /api/tracks/monthly (API cache)', path: '/api/tracks/monthly' },
];

if (!existsSync('/usr/bin/redis-server') && spawnSync('redis-server', ['--version']).status !== 0) {
  process.stdout.write('\nOne node vs two: skipped (no redis-server on this machine)\n');
} else {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-nodes-bench-'));
  const redis = await startRedis();
  const prefix = `onetrack-bench-${randomBytes(4).toString('hex')}:`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_WORKER: '0',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
  };
  const nodes: Child[] = [];
  const start = async (seed: boolean) => {
    const child = startChild(
      process.execPath,
      [path.join(root, 'api/server.ts')],
      { ...env, SEED_DEMO: seed ? '1' : '0' },
      root,
    );
    nodes.push(child);
    const url = await waitFor('a node to listen', () => listeningUrl(child.output()), 120_000, 100);
    await waitFor(
      'the node to reach Redis',
      async () => ((await (await fetch(`${url}/healthz`)).json()).redis === 'up' ? true : undefined),
      10_000,
    );
    return url;
  };
  try {
    const a = await start(true);
    const b = await start(false);
    const promoted = spawnSync(process.execPath, [path.join(root, 'api/cli/promote.ts'), DEMO_USERNAME, 'admin'], {
      env,
      encoding: 'utf8',
    });
    if (promoted.status !== 0) throw new Error(promoted.stderr);
    const cookie = await sessionCookie(a);

    const measure = async (urls: string[], c: Case) => {
      // autocannon spreads its connections over several URLs (its types only know one).
      const result = await autocannon({
        url: urls.map((u) => u + c.path) as unknown as string,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: c.signedIn ? { cookie } : {},
      });
      if (result.non2xx > 0) throw new Error(`${c.name}: ${result.non2xx} answers were not 2xx`);
      return result.requests.average;
    };
    const rows = [];
    for (const c of CASES) rows.push({ name: c.name, one: await measure([a], c), two: await measure([a, b], c) });

    // A write on A, then B's page: the subscriber times the invalidation itself, the view what a reader sees.
    const blocks = (await (await fetch(`${a}/api/debug/content`)).json()) as Array<{ id: number; key: string }>;
    const hero = blocks.find((block) => block.key === 'hero_subtitle')!;
    const listener = new Redis(redis.url);
    await listener.subscribe(`${prefix}cache:invalidate`);
    let heard: (() => void) | null = null;
    listener.on('message', () => heard?.());
    const heardMs: number[] = [];
    const answeredMs: number[] = [];
    const shownMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await fetch(`${b}/`);
      const text = `Bench edit ${round} ${randomBytes(3).toString('hex')}`;
      const started = performance.now();
      const message = new Promise<void>((resolve) => (heard = resolve)).then(() =>
        heardMs.push(performance.now() - started),
      );
      const write = await fetch(`${a}/api/content/${hero.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', cookie },
        body: JSON.stringify({ value: text }),
      });
      if (!write.ok) throw new Error(`content edit answered ${write.status}`);
      const answered = performance.now();
      answeredMs.push(answered - started);
      const page = await (await fetch(`${b}/`)).text();
      if (!page.includes(text)) throw new Error('node B showed the old text after a write on node A');
      shownMs.push(performance.now() - answered);
      await message;
    }
    await listener.quit();
    const median = (values: number[]) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)];

    process.stdout.write(
      `\nOne node vs two: ${DURATION_S} s per case, ${CONNECTIONS} connections ` +
        `(spread evenly over the nodes), ${os.cpus().length} cores, one SQLite file, ` +
        `Redis\n\n`,
    );
    process.stdout.write(
      `${'case'.padEnd(40)} ${'1 node req/s'.padStart(13)} ${'2 nodes req/s'.padStart(14)} ${'ratio'.padStart(7)}\n`,
    );
    for (const row of rows) {
      process.stdout.write(
        `${row.name.padEnd(40)} ${row.one.toFixed(0).padStart(13)} ` +
          `${row.two.toFixed(0).padStart(14)} ` +
          `${(row.two / row.one).toFixed(2).padStart(7)}\n`,
      );
    }
    process.stdout.write(
      `\nA content edit on node A, median of ${ROUNDS}: invalidation published ` +
        `${median(heardMs).toFixed(1)} ms after the request left, ` +
        `A answered after ${median(answeredMs).toFixed(1)} ms, and B's next view (sent ` +
        `on A's answer) showed the edit every time, ${median(shownMs).toFixed(1)} ms ` +
        `later\n`,
    );
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
