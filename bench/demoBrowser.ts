// What the Lighthouse parts of the bench share: Debian's Chromium (installed when missing; CHROME_PATH
// to change it) for Lighthouse to drive, and fresh production servers with the demo catalog.
import * as chromeLauncher from 'chrome-launcher';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../api/cli/debianTools.ts';
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/connection.ts';
import { listeningUrl, startChild, waitFor } from '../api/test/processes.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The environment of the bench's servers on dataDir (the demo catalog is seeded into an empty one). */
export function benchEnv(dataDir: string, media: boolean): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    SEED_DEMO: '1',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    MEDIA_WORKER: media ? '1' : '0',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
  };
}

/** Runs `work` with Chromium's debugging port and a fresh data directory, then removes both. */
export async function withChrome(work: (chromePort: number, dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-browser-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await work(chrome.port, dataDir);
  } finally {
    chrome.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Due jobs (queued or running) left in the job table of the database env names. */
async function dueJobs(env: NodeJS.ProcessEnv): Promise<number> {
  const knex = openDatabase(loadConfig(env).database);
  try {
    const [{ n }] = await knex('jobs')
      .where((q) =>
        q.where('status', 'running').orWhere((w) => w.where('status', 'queued').where('runAt', '<=', Date.now())),
      )
      .count({ n: '*' });
    return Number(n);
  } finally {
    await knex.destroy();
  }
}

/**
 * Runs `work` with the base URL of a production server on dataDir, then stops it. With `media` the
 * server's media worker runs and has done every due job first (the demo's streaming files, analyses
 * and AVIF/WebP cover sizes, ~2 min), so pages are what users get once uploads are processed.
 */
export async function withServer(
  dataDir: string,
  media: boolean,
  work: (base: string) => Promise<void>,
): Promise<void> {
  const env = benchEnv(dataDir, media);
  const server = startChild(process.execPath, [path.join(root, 'api/server.ts')], env, root);
  try {
    const base = await waitFor('the server to listen', () => listeningUrl(server.output()), 120_000, 100);
    if (media)
      await waitFor(
        'the media worker to finish the demo jobs',
        async () => ((await dueJobs(env)) === 0 ? true : undefined),
        15 * 60_000,
        2000,
      );
    await work(base);
  } finally {
    await server.stop();
  }
}

/** Runs `work` with a fresh demo server's base URL (no media worker) and Chromium's debugging port, then stops both. */
export async function withDemoServerAndChrome(
  work: (base: string, chromePort: number) => Promise<void>,
): Promise<void> {
  await withChrome((chromePort, dataDir) => withServer(dataDir, false, (base) => work(base, chromePort)));
}
