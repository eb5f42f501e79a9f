import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { distDir } from '../http/astro.ts';
import { loadPlugins, readEnabledList, withoutPlugin } from '../plugins/loader.ts';

// The plugin matrix (docs/architecture.md, "Core and optional plugins"): the site built and served
// without each optional plugin. One Astro build per configuration, two at a time (the build is
// mostly one core's work), each in its own folder, kept by a hash of the sources and the list so
// that an unchanged tree builds nothing.

const root = path.resolve(import.meta.dirname, '../..');
export const matrixCache = path.join(root, 'node_modules/.cache/plugin-matrix');
const SOURCES = [
  'api',
  'plugins',
  'site',
  'examples',
  'astro.config.mjs',
  'package-lock.json',
  'patches',
  'tsconfig.json',
];
/** The example package plugin, installed beside the matrix's lists as npm would (a link in node_modules). */
export const EXAMPLE_PACKAGE = '@acme/onetrack-plugin-merch';
const PARALLEL_BUILDS = 2;

export interface Configuration {
  /** What is left out ('none' for every enabled plugin). */
  without: string;
  plugins: string[];
  /** The built site's folder. */
  dist: string;
  /** The enabled list it was built from (ONETRACK_PLUGINS: the server must read the same). */
  listFile: string;
}

function hashTree(hash: ReturnType<typeof createHash>, target: string): void {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    hash.update(path.relative(root, target)).update(readFileSync(target));
    return;
  }
  for (const name of readdirSync(target).sort()) {
    if (name !== 'node_modules' && name !== 'test') hashTree(hash, path.join(target, name));
  }
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const source of SOURCES) hashTree(hash, path.join(root, source));
  return hash.digest('hex');
}

/**
 * Every enabled plugin, then for each optional one the list without it and what needs it; last, every one with the
 * example package.
 */
export async function matrixConfigurations(): Promise<Array<Omit<Configuration, 'dist' | 'listFile'>>> {
  const enabled = readEnabledList();
  const manifests = await loadPlugins(enabled);
  const byList = new Map<string, Omit<Configuration, 'dist' | 'listFile'>>();
  for (const plugin of manifests.filter((m) => !m.core)) {
    const left = new Set(withoutPlugin(manifests, plugin.name).map((m) => m.name));
    const plugins = enabled.filter((name) => left.has(name));
    if (!byList.has(plugins.join())) byList.set(plugins.join(), { without: plugin.name, plugins });
  }
  return [
    { without: 'none', plugins: enabled },
    ...byList.values(),
    { without: `none, with ${EXAMPLE_PACKAGE}`, plugins: [...enabled, EXAMPLE_PACKAGE] },
  ];
}

function build(listFile: string, outDir: string, log: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: root,
        env: { ...process.env, ONETRACK_PLUGINS: listFile, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => {
      writeFileSync(log, output);
      if (code === 0) resolve();
      else reject(new Error(`astro build for ${path.basename(listFile)} failed (${log}):\n${output.slice(-2000)}`));
    });
  });
}

/**
 * Builds what is not built yet and answers each configuration with its folder. The full list is
 * the site in dist/ when `fullBuilt` (npm test builds it first); old builds are removed.
 */
export async function buildMatrix(
  options: { fullBuilt?: boolean; onBuild?: (c: Omit<Configuration, 'dist' | 'listFile'>) => void } = {},
): Promise<Configuration[]> {
  const sources = sourcesHash();
  mkdirSync(matrixCache, { recursive: true });
  const link = path.join(matrixCache, 'node_modules', EXAMPLE_PACKAGE);
  if (!existsSync(link)) {
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(root, 'examples/onetrack-plugin-merch'), link, 'dir');
  }
  const configurations = (await matrixConfigurations()).map((c) => {
    const key = createHash('sha256').update(sources).update(c.plugins.join()).digest('hex').slice(0, 16);
    const listFile = path.join(matrixCache, `${key}.json`);
    writeFileSync(listFile, JSON.stringify(c.plugins));
    return {
      ...c,
      key,
      listFile,
      dist: c.without === 'none' && options.fullBuilt ? distDir : path.join(matrixCache, key),
    };
  });
  const kept = new Set([
    'node_modules',
    ...configurations.flatMap((c) => [c.key, `${c.key}.json`, `${c.key}.done`, `${c.key}.log`]),
  ]);
  for (const name of readdirSync(matrixCache))
    if (!kept.has(name)) rmSync(path.join(matrixCache, name), { recursive: true, force: true });

  const pending = configurations.filter(
    (c) => c.dist !== distDir && !existsSync(path.join(matrixCache, `${c.key}.done`)),
  );
  const next = async (): Promise<void> => {
    const c = pending.shift();
    if (!c) return;
    options.onBuild?.(c);
    await build(c.listFile, c.dist, path.join(matrixCache, `${c.key}.log`));
    writeFileSync(path.join(matrixCache, `${c.key}.done`), '');
    await next();
  };
  await Promise.all(Array.from({ length: PARALLEL_BUILDS }, next));
  return configurations.map(({ without, plugins, dist, listFile }) => ({ without, plugins, dist, listFile }));
}
