// `node bench/bench.ts js`: what the browser may run, in brotli bytes (issue 40 point 6, issue 43 point 2).
//   pages   the built JS a page can fetch (its scripts, the page scripts' template, every island's
//           component and renderer, and their static imports), for the home, artist, track, login
//           and Settings pages, a visitor's and (Settings) the demo listener's
//   islands the translation code and messages each bundle that uses them carries in the build
// Static, from dist/ (run `npm run build` first): a byte count needs no quiet machine.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { withServer } from './demoBrowser.ts';
import { sessionCookie } from './signIn.ts';
import os from 'node:os';

const root = path.resolve(import.meta.dirname, '..');
const client = path.join(root, 'dist/client');
const brotli = (bytes: Buffer | string) => brotliCompressSync(bytes).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The built files a script at `url` (under /_astro/) imports statically, itself included, with its messages. */
function withImports(url: string, seen: Set<string>): void {
  if (seen.has(url) || !url.startsWith('/_astro/') || !url.endsWith('.js')) return;
  seen.add(url);
  const source = readFileSync(path.join(client, url), 'utf8');
  for (const [, spec] of source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    withImports(path.posix.join(path.posix.dirname(url), spec), seen);
  // The messages of the page's language (English here), loaded before the bundle runs.
  for (const [, spec] of source.matchAll(/import\(\s*["'`](\.\/en_from_[^"'`]+\.js)["'`]\s*\)/g))
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
      console.info('JS a page can fetch (brotli, dist/client/_astro; with every island hydrated):');
      let total = 0;
      for (const [name, pathname, signedIn] of asked) {
        const res = await fetch(base + pathname, { headers: signedIn ? { cookie: signedIn } : {} });
        const files = scriptsOf(await res.text());
        const bytes = [...files].reduce((sum, url) => sum + brotli(readFileSync(path.join(client, url))), 0);
        total += bytes;
        console.info(`  ${name.padEnd(22)} ${kb(bytes).padStart(9)}  ${files.size} files`);
      }
      console.info(`  ${'sum'.padEnd(22)} ${kb(total).padStart(9)}`);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The translation code and messages of each bundle in the build, as the browser gets it: its
 * language's module (lib/i18n/vitePlugin.ts: `<locale>_from_<file or group>`; the largest language
 * counted), plus what calls them from the bundle (a one-line function a message), plus once per page
 * the loader and the runtime's helpers (lib/i18n/clientTables.ts).
 */
export async function islands(): Promise<void> {
  const modules = new Map<string, { keys: number; bytes: number; locale: string }>();
  for (const file of readdirSync(path.join(client, '_astro'))) {
    const named = file.match(/^([a-zA-Z-]+)_from_(.+)\.[\w-]+\.js$/);
    if (!named) continue;
    const source = readFileSync(path.join(client, '_astro', file), 'utf8');
    const keys = [...source.matchAll(/[,{]([a-z][a-z0-9_]*):\w+=>/g)].length;
    const from = decodeURIComponent(named[2].replaceAll('_', '%')).replace(/\.tsx?$/, '');
    const bytes = brotli(source);
    if (bytes > (modules.get(from)?.bytes ?? 0)) modules.set(from, { keys, bytes, locale: named[1] });
  }
  const call = async (keys: number) => {
    const names = Array.from({ length: keys }, (_, i) => `message_key_${i}`);
    const calls = names.map((k) => `export const ${k} = (p) => t().${k}(p);`);
    const contents = `const [t] = globalThis.x;\n${calls.join('\n')}`;
    const out = await build({ stdin: { contents, loader: 'js' }, minify: true, format: 'esm', write: false });
    return brotli(Buffer.from(out.outputFiles[0].contents));
  };
  const loader = await build({
    stdin: {
      contents: `export { localeTable } from ${JSON.stringify(path.join(root, 'lib/i18n/clientTables.ts'))};`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
  });
  const shared = brotli(Buffer.from(loader.outputFiles[0].contents));
  console.info(
    `Translation code and messages per bundle (brotli, built; goal <= 2 KB), loader and helpers ${kb(shared)} once:`,
  );
  for (const [from, { keys, bytes, locale }] of [...modules].sort()) {
    const total = bytes + (await call(keys));
    console.info(`  ${from.padEnd(48)} ${String(keys).padStart(3)} messages ${kb(total)} (${locale} the largest)`);
  }
}

export async function jsBytesBench(): Promise<void> {
  await islands();
  await pages();
}
