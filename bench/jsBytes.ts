// `node bench/bench.ts js`: what the browser may run, in brotli bytes (issue 40 point 6, issue 43 point 2).
//   pages   the built JS a page can fetch (its scripts, the page scripts' template, every island's
//           component and renderer, and their static imports), for the home, artist, track, login
//           and Settings pages, a visitor's and (Settings) the demo listener's
//   islands the translation code and messages each island that uses them carries: the message
//           functions its files (and the local files they import) call, with the runtime, bundled
//           and minified alone as Vite would
// Static, from dist/ (run `npm run build` first): a byte count needs no quiet machine.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { withServer } from './demoBrowser.ts';
import { sessionCookie } from './signIn.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';

const root = path.resolve(import.meta.dirname, '..');
const client = path.join(root, 'dist/client');
const brotli = (bytes: Buffer | string) => brotliCompressSync(bytes).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The built files a script at `url` (under /_astro/) imports statically, itself included. */
function withImports(url: string, seen: Set<string>): void {
  if (seen.has(url) || !url.startsWith('/_astro/') || !url.endsWith('.js')) return;
  seen.add(url);
  const source = readFileSync(path.join(client, url), 'utf8');
  for (const [, spec] of source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    withImports(path.posix.join(path.posix.dirname(url), spec), seen);
}

/** The JS a page's HTML can fetch, with the static imports of each file. */
function scriptsOf(html: string): Set<string> {
  const seen = new Set<string>();
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
  ].map(([, url]) => url.replaceAll('&amp;', '&'));
  for (const url of urls) withImports(url, seen);
  return seen;
}

async function pages(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-js-'));
  try {
    await withServer(dataDir, false, async (base) => {
      const cookie = await sessionCookie(base);
      const asked: [string, string, string?][] = [
        ['home', '/'],
        ['artist', '/artist/1'],
        ['track', '/tracks/1'],
        ['login', '/login'],
        ['settings (signed in)', '/profile', cookie],
      ];
      console.log('JS a page can fetch (brotli, dist/client/_astro; with every island hydrated):');
      let total = 0;
      for (const [name, pathname, signedIn] of asked) {
        const res = await fetch(base + pathname, { headers: signedIn ? { cookie: signedIn } : {} });
        const files = scriptsOf(await res.text());
        const bytes = [...files].reduce((sum, url) => sum + brotli(readFileSync(path.join(client, url))), 0);
        total += bytes;
        console.log(`  ${name.padEnd(22)} ${kb(bytes).padStart(9)}  ${files.size} files`);
      }
      console.log(`  ${'sum'.padEnd(22)} ${kb(total).padStart(9)}`);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The local files `file` imports (itself included), following relative imports of .ts/.tsx. */
function localGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']+\.tsx?)'/g))
    if (!spec.includes('/i18n/')) localGraph(path.resolve(path.dirname(file), spec), seen);
  return seen;
}

/** Files holding islands: what pages hydrate (`client:` directives name them). */
function islandFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'test') walk(full);
      else if (entry.name.endsWith('.tsx') && /[\\/]islands[\\/]/.test(full)) found.push(full);
    }
  };
  walk(path.join(root, 'site'));
  walk(path.join(root, 'plugins'));
  return found;
}

/** Brotli bytes of the translation code an island's files use, bundled alone and minified. */
export async function i18nBytesOf(file: string): Promise<{ messages: number; bytes: number }> {
  const names = new Set<string>();
  const runtime = new Set<string>();
  for (const source of [...localGraph(file)].map((f) => readFileSync(f, 'utf8'))) {
    if (/import \* as m from '[./]+lib\/i18n\/messages\.ts'/.test(source))
      for (const [, name] of source.matchAll(/\bm\.([a-z0-9_]+)\(/g)) names.add(name);
    const imported = source.match(/import\s*\{([^}]+)\}\s*from\s*'[./]+lib\/i18n\/runtime\.ts'/g) ?? [];
    for (const line of imported)
      for (const name of line.replace(/^import\s*\{|\}.*$/gs, '').split(',')) if (name.trim()) runtime.add(name.trim());
  }
  if (names.size === 0 && runtime.size === 0) return { messages: 0, bytes: 0 };
  const i18n = path.join(root, 'lib/i18n');
  const contents = [
    `import * as m from ${JSON.stringify(path.join(i18n, 'messages.ts'))};`,
    `export const used = [${[...names].map((n) => `m.${n}`).join(', ')}];`,
    ...[...runtime].map((name) => `export { ${name} } from ${JSON.stringify(path.join(i18n, 'runtime.ts'))};`),
  ].join('\n');
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    platform: 'browser',
  });
  return { messages: names.size, bytes: brotli(Buffer.from(out.outputFiles[0].contents)) };
}

async function islands(): Promise<void> {
  console.log('Translation code and messages per island (brotli, bundled alone; goal <= 2 KB):');
  for (const file of islandFiles()) {
    const { messages, bytes } = await i18nBytesOf(file);
    if (messages === 0) continue;
    const flag = bytes > 2048 ? '  over' : '';
    console.log(`  ${path.relative(root, file).padEnd(52)} ${String(messages).padStart(3)} messages ${kb(bytes)}${flag}`);
  }
}

export async function jsBytesBench(): Promise<void> {
  await islands();
  await pages();
}
