// Tools the test suite and the bench drive (Chromium, ffmpeg, redis-server) come from Debian: a
// missing one is installed with apt-get, so a fresh machine runs `npm test` and `npm run bench` alone.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Installs, in one apt-get run, the package of every [file, package] pair whose file is missing. */
export function ensureDebianTools(tools: Array<[file: string, pkg: string]>): void {
  const missing = tools.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  process.stdout.write(`Installing ${missing.join(', ')} from Debian…\n`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Debian's Chromium, installed when missing; CHROME_PATH names another browser instead. */
export function chromiumPath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  ensureDebianTools([['/usr/bin/chromium', 'chromium']]);
  return '/usr/bin/chromium';
}
