// How page and API latency change with the catalog's size: the demo catalog, then the same with
// 2,000 artists and 20,000 tracks added. Each request carries a fresh query string, so the page
// cache never answers and every figure is a full server render. The vault (/credits) is measured
// signed in as the demo listener: its per-user parts grew with the catalog until its dialogs read
// their artists when they open.
// Run alone with `node bench/bench.ts scale`; `growCatalog` also serves the http part.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKernel } from '../api/app.ts';
import { loadConfig } from '../api/config.ts';
import { createLogger } from '../api/log.ts';
import { monthKey } from '../plugins/catalog/drops.ts';
import { sessionCookie } from './signIn.ts';

const ARTISTS = 2000;
const TRACKS_PER_ARTIST = 10;
const SAMPLES = 20;
const PATHS = [
  '/',
  '/artist/1',
  '/artists',
  '/artists?sort=popular',
  '/artists?sort=streak',
  '/discover',
  '/tracks/1',
  '/api/artists',
  '/api/artists?sort=streak',
  '/api/tracks/monthly',
  '/feed.xml',
  '/oembed?url={track 1}',
  '/credits',
];
/** Requested as the demo listener. */
const SIGNED_IN = new Set(['/credits']);
const root = path.resolve(import.meta.dirname, '..');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  SESSION_SECRET: 'bench-secret-bench-secret-bench',
  SEED_DEMO: '1',
};

/**
 * Adds 2,000 artists with 10 monthly drops each to the database `environment` names (seeding the demo
 * first when empty). Their tracks share the first demo track's media, with its cover sizes once the
 * media worker made them (the Lighthouse part runs it first), and they the first demo artist's photo
 * and its sizes, so the large catalog's pages weigh what processed uploads weigh.
 */
export async function growCatalog(environment: NodeJS.ProcessEnv): Promise<void> {
  const { kernel } = await createKernel({ config: loadConfig({ ...env, ...environment }), log: createLogger('warn') });
  const { knex } = kernel;
  const now = Date.now();
  const demoTrack = await knex('tracks').orderBy('id').first('audioUrl', 'coverImage', 'coverVariants');
  const demoArtist = await knex('artists').orderBy('id').first('profileImage', 'profileImageVariants');
  await knex.transaction(async (trx) => {
    for (let i = 0; i < ARTISTS; i++) {
      const [userId] = await trx('users').insert({
        username: `scale${i}`,
        email: `scale${i}@example.com`,
        name: `Scale ${i}`,
        bio: '',
        isArtist: 1,
        role: 'user',
        passwordHash: 'x',
        createdAt: now,
        updatedAt: now,
      });
      const [artistId] = await trx('artists').insert({
        userId,
        name: `Scale Artist ${i}`,
        genre: 'Pop',
        bio: 'Bench artist',
        profileImage: demoArtist.profileImage,
        profileImageVariants: demoArtist.profileImageVariants,
        verified: i % 7 === 0 ? 1 : 0,
        createdAt: now,
      });
      const tracks = Array.from({ length: TRACKS_PER_ARTIST }, (_, m) => {
        const uploadDate = now - m * 31 * 86_400_000 - 60_000;
        return {
          artistId,
          title: `Scale ${i} track ${m}`,
          audioUrl: demoTrack.audioUrl,
          coverImage: demoTrack.coverImage,
          coverVariants: demoTrack.coverVariants,
          duration: 24,
          uploadDate,
          isMonthlyDrop: 1,
          dropMonth: monthKey(new Date(uploadDate)),
          createdAt: uploadDate,
        };
      });
      await trx('tracks').insert(tracks);
    }
  });
  await kernel.close();
}

async function measure(dataDir: string): Promise<Record<string, number>> {
  const port = 3990 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  // No media worker: the demo's media jobs would compete with the renders measured.
  const server = spawn(process.execPath, [path.join(root, 'api/server.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, MEDIA_WORKER: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const medians: Record<string, number> = {};
    const cookie = await sessionCookie(base);
    for (const p of PATHS) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        // oEmbed answers only for the configured address (PUBLIC_URL), whatever the port.
        const target = p.replace('{track 1}', encodeURIComponent(`${env.PUBLIC_URL}/tracks/1`));
        const res = await fetch(`${base}${target}${p.includes('?') ? '&' : '?'}bench=${i}`, {
          headers: SIGNED_IN.has(p) ? { cookie } : {},
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      medians[p] = times[Math.floor(times.length / 2)];
    }
    return medians;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

export async function scaleBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-scale-'));
  try {
    const small = await measure(dataDir);
    await growCatalog({ DATA_DIR: dataDir });
    const large = await measure(dataDir);
    process.stdout.write(
      `\nCatalog scale: median of ${SAMPLES} uncached requests, demo catalog vs +` +
        `${ARTISTS} artists / +${ARTISTS * TRACKS_PER_ARTIST} tracks\n\n`,
    );
    process.stdout.write(`${'path'.padEnd(44)} ${'demo ms'.padStart(9)} ${'large ms'.padStart(9)}\n`);
    for (const p of PATHS)
      process.stdout.write(
        `${(SIGNED_IN.has(p) ? `${p} (signed in)` : p).padEnd(44)} ` +
          `${small[p].toFixed(1).padStart(9)} ${large[p].toFixed(1).padStart(9)}\n`,
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
