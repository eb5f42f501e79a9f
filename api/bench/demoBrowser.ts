// What the Lighthouse parts of the bench share: a fresh production server with the demo catalog
// (no media worker) and Debian's Chromium (CHROME_PATH to change it) for Lighthouse to drive.
import * as chromeLauncher from 'chrome-launcher';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listeningUrl, startChild, waitFor } from '../test/processes.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `work` with the server's base URL and Chromium's debugging port, then stops both. */
export async function withDemoServerAndChrome(work: (base: string, chromePort: number) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-browser-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '1', NODE_ENV: 'production', MEDIA_WORKER: '0', SESSION_SECRET: 'bench-secret-bench-secret-bench' };
  const server = startChild(process.execPath, [path.join(root, 'api/server.ts')], env, root);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const base = await waitFor('the server to listen', () => listeningUrl(server.output()), 120_000, 100);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    await work(base, chrome.port);
  } finally {
    chrome?.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
