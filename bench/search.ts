// Search speed on a large catalogue (plugins/search): 2,000 artists and 20,000 tracks with names,
// titles and genres from word lists (accents included), then /api/search and its suggestions
// asked for single words, prefixes as typed, two words from two fields, a genre, an accented
// spelling and a word that is nowhere: p50 and p95 per database. The goal is p95 < 50 ms on both.
// Wall time suffers on a loaded machine (other processes take the cores), so the CPU time this process
// spent per request (client, Koa, and SQLite's whole query; MariaDB works in its own process) is shown too.
// `node bench/search.ts` alone; MariaDB/MySQL at MYSQL_TEST_URL (else root@127.0.0.1:3306).
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/log.ts';
import { monthKey } from '../plugins/catalog/drops.ts';
import { GENRES } from '../plugins/catalog/rules.ts';

const ARTISTS = 2000;
const TRACKS_PER_ARTIST = 10;
const ROUNDS = 15;
const WORDS = [
  'tidal',
  'orbit',
  'velvet',
  'static',
  'bloom',
  'paper',
  'crown',
  'harbor',
  'nova',
  'ember',
  'glass',
  'river',
  'smoke',
  'cabin',
  'dorada',
  'noche',
  'café',
  'señor',
  'ångström',
  'zoë',
  'north',
  'line',
  'frost',
  'signal',
  'morning',
  'echo',
  'silver',
  'hollow',
  'neon',
  'delta',
  'canyon',
  'pulse',
  'lantern',
  'saffron',
  'meadow',
  'cobalt',
  'willow',
  'thunder',
  'marble',
  'copper',
  'aurora',
  'dune',
  'fable',
  'gospel',
];
const QUERIES = [
  'tidal',
  'TIDAL BLOOM',
  'ti',
  'tid',
  'velv',
  'cafe',
  'angstrom',
  'zoe frost',
  'nova harbor',
  'electronic',
  'rock',
  'jazz river',
  'the',
  'qqqqq',
];
const word = (n: number) => WORDS[n % WORDS.length];
const title = (n: number) => word(n * 7 + 3).replace(/^./, (c) => c.toUpperCase()) + ' ' + word(n * 13 + 5);

async function grow(knex: Knex) {
  const now = Date.now();
  await knex.transaction(async (trx) => {
    for (let i = 0; i < ARTISTS; i++) {
      const [userId] = await trx('users').insert({
        username: `search${i}`,
        email: `search${i}@example.com`,
        name: `Search ${i}`,
        bio: '',
        isArtist: 1,
        role: 'user',
        passwordHash: 'x',
        createdAt: now,
        updatedAt: now,
      });
      const name = `${word(i).replace(/^./, (c) => c.toUpperCase())} ${word(i * 3 + 1)} ${i}`;
      const [artistId] = await trx('artists').insert({
        userId,
        name,
        genre: GENRES[i % GENRES.length],
        bio: '',
        verified: i % 7 === 0 ? 1 : 0,
        createdAt: now,
      });
      const tracks = Array.from({ length: TRACKS_PER_ARTIST }, (_, m) => {
        const uploadDate = now - m * 31 * 86_400_000 - 60_000;
        return {
          artistId,
          title: title(i * TRACKS_PER_ARTIST + m),
          genre: GENRES[(i + m) % GENRES.length],
          audioUrl: '/media/demo/x.mp3',
          coverImage: null,
          duration: 180,
          uploadDate,
          isMonthlyDrop: 1,
          dropMonth: monthKey(new Date(uploadDate)),
          createdAt: uploadDate,
        };
      });
      await trx('tracks').insert(tracks);
    }
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

async function measure(label: string, env: Record<string, string>) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    SEED_DEMO: '0',
    MEDIA_WORKER: '0',
    ...env,
  });
  const app = await createApp({ config, pages: false, log: createLogger('warn') });
  const server: Server = app.koa.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    await grow(app.kernel.knex);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const timings: Record<string, number[]> = { search: [], suggestions: [] };
    const cpu: Record<string, number[]> = { search: [], suggestions: [] };
    let hits = 0;
    for (let round = -1; round < ROUNDS; round++) {
      for (const q of QUERIES) {
        for (const kind of ['search', 'suggestions'] as const) {
          const url =
            `${base}/api/${kind === 'search' ? 'search' : 'search/suggestions'}?q=` +
            `${encodeURIComponent(q)}&page=${1 + (round % 3 === 2 ? 1 : 0)}`;
          const started = performance.now();
          const cpuBefore = process.cpuUsage();
          const res = await fetch(url);
          const body = await res.json();
          const ms = performance.now() - started;
          const used = process.cpuUsage(cpuBefore);
          if (!res.ok) throw new Error(`${url}: ${res.status}`);
          // The first round warms the caches and is not counted.
          if (round >= 0) timings[kind].push(ms);
          if (round >= 0) cpu[kind].push((used.user + used.system) / 1000);
          if (kind === 'search' && round === 0) hits += body.tracks.total;
        }
      }
    }
    for (const [kind, times] of Object.entries(timings)) {
      times.sort((a, b) => a - b);
      const cpuTimes = cpu[kind].sort((a, b) => a - b);
      const cells = [
        quantile(times, 0.5),
        quantile(times, 0.95),
        quantile(times, 1),
        quantile(cpuTimes, 0.5),
        quantile(cpuTimes, 0.95),
      ].map((v) => v.toFixed(1).padStart(8));
      process.stdout.write(
        `${label.padEnd(10)} ${kind.padEnd(12)} ${times.length.toString().padStart(5)} ${cells.join(' ')}\n`,
      );
    }
    return hits;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  }
}

process.stdout.write(
  `\nSearch: ${ARTISTS} artists / ${ARTISTS * TRACKS_PER_ARTIST} tracks, ` +
    `${QUERIES.length} queries x ${ROUNDS} rounds over HTTP (ms; load average ` +
    `${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)\n\n`,
);
process.stdout.write(
  `${'database'.padEnd(10)} ${'endpoint'.padEnd(12)} ${'n'.padStart(5)} ` +
    `${['p50', 'p95', 'max', 'cpu p50', 'cpu p95'].map((h) => h.padStart(8)).join(' ')}` +
    `\n`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-search-bench-'));
try {
  await measure('SQLite', { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const adminUrl = new URL(process.env.MYSQL_TEST_URL || 'mysql://root@127.0.0.1:3306/mysql');
const name = `onetrack_bench_${randomBytes(4).toString('hex')}`;
const admin = knexFactory({
  client: 'mysql2',
  connection: {
    host: adminUrl.hostname,
    port: Number(adminUrl.port || 3306),
    user: decodeURIComponent(adminUrl.username),
    password: decodeURIComponent(adminUrl.password),
  },
});
const mysqlDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-search-bench-'));
try {
  await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await measure('MariaDB', { DATA_DIR: mysqlDir, DATABASE_URL: url.href });
} catch (error) {
  process.stdout.write(`MariaDB/MySQL not measured: ${(error as Error).message}\n`);
} finally {
  await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``).catch(() => undefined);
  await admin.destroy();
  rmSync(mysqlDir, { recursive: true, force: true });
}
