// `npm start` runs this first: builds the site when it was never built or its sources changed since.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import { enabledListFile, loadPlugins } from '../plugins/loader.ts';

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target)
    .filter((name) => name !== 'node_modules' && name !== 'test')
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const built = statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
// The enabled list and the plugins outside plugins/ (packages) are sources of the build too.
const plugins = await loadPlugins().then(
  (loaded) => loaded.flatMap((p) => (p.root ? [p.root] : [])),
  (error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
const sources = Math.max(
  // patches/ changes what the build bundles from node_modules (site/README.md).
  ...['site', 'plugins', 'astro.config.mjs', 'package-lock.json', 'patches'].map((p) =>
    newestMtime(path.join(root, p)),
  ),
  ...[process.env.ONETRACK_PLUGINS ?? enabledListFile, ...plugins].map(newestMtime),
);
if (sources > built) {
  process.stdout.write(built ? 'Site sources changed: rebuilding…\n' : 'Building the site (first start)…\n');
  execFileSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
}
