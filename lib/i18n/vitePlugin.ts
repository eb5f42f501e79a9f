import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { compiledText, readCatalogue, type Catalogue } from './compile.ts';
import { LOCALES, isLocale, type Locale } from './locales.ts';

// One language per bundle in the browser (issue 43 point 2: at most 2 KB of translation code and
// messages added to an island; docs/decisions/2026-12-02-messages-per-language.md). On the server a
// message is a function holding every language's text (./generated/, ./messages.ts). In the client
// build a file that imports `* as m from '…/lib/i18n/messages.ts'` gets instead a module of the
// messages it calls (`virtual:onetrack-messages?from=…`): it starts loading their texts in the
// page's language from a module of that language only (`…-locale/<locale>?from=…`, the runtime's
// helpers for plurals and numbers passed in), and the file waits for them before it runs (a top-level await,
// so its importers, the island first, wait too). The files of one chunk group (astro.config.mjs:
// the shell's islands) share one such module, so they make one request and one wait, not one each
// in turn. A file that reads `m` other than as `m.key` keeps the server's functions.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const MESSAGES = path.join(here, 'messages.ts');
const RUNTIME = JSON.stringify(path.join(here, 'clientTables.ts'));
const FACADE = 'virtual:onetrack-messages';
const LOCALE_MODULE = 'virtual:onetrack-messages-locale/';
const NAMESPACE = /import \* as m from '([./]+lib\/i18n\/messages\.ts)';/;

interface ChunkGroup {
  name: unknown;
  test?: unknown;
}

/** The messages a file's source calls, or null when it does not import them as `m` or reads `m` whole. */
function calledIn(file: string, code: string): string[] | null {
  const found = code.match(NAMESPACE);
  if (!found || path.resolve(path.dirname(file), found[1]) !== MESSAGES) return null;
  const uses = code.replace(NAMESPACE, '');
  if (/\bm\b(?!\.[a-z])/.test(uses)) return null;
  return [...new Set([...uses.matchAll(/\bm\.([a-z][a-z0-9_]*)/g)].map(([, key]) => key))];
}

/** The project's source files (site/, plugins/), tests aside. */
function sources(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test') sources(full, found);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

export function messagesPerLanguage(groups: ChunkGroup[]): Plugin {
  let catalogues: Record<Locale, Catalogue> | null = null;
  const read = () => (catalogues ??= Object.fromEntries(LOCALES.map((l) => [l, readCatalogue(l)])) as never);
  let building = false;
  /** The messages each module calls, by its `from`: a file's path from the project, or `group:<name>`. */
  const calls = new Map<string, string[]>();
  /** A chunk group's messages: those its files call (read from the tree, as its files are not all transformed yet). */
  const groupCalls = (name: string, test: RegExp) =>
    [
      ...new Set(
        [...sources(path.join(root, 'site')), ...sources(path.join(root, 'plugins'))]
          .filter((file) => test.test(file))
          .flatMap((file) => calledIn(file, readFileSync(file, 'utf8')) ?? []),
      ),
    ].sort();

  return {
    name: 'onetrack-messages-per-language',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    watchChange(id) {
      if (id.startsWith(path.join(here, 'messages'))) catalogues = null;
    },
    transform(code, id) {
      if (this.environment?.config.consumer !== 'client' || id.startsWith('\0') || id.includes('node_modules')) return;
      const file = id.split('?')[0];
      if (file.startsWith(here)) return;
      const keys = calledIn(file, code);
      if (!keys) return;
      const group = building ? groups.find((g) => g.test instanceof RegExp && g.test.test(file)) : undefined;
      const from = group ? `group:${String(group.name)}` : path.relative(root, file);
      if (group && !calls.has(from)) calls.set(from, groupCalls(String(group.name), group.test as RegExp));
      else if (!group) calls.set(from, keys.sort());
      const query = new URLSearchParams({ from });
      const facade = `import * as m from '${FACADE}?${query}';`;
      // After the imports (hoisted anyway): what the module runs at its top may call a message.
      return { code: `${code.replace(NAMESPACE, facade)}\nawait m.loaded;\n`, map: null };
    },
    resolveId(id) {
      if (id.startsWith(FACADE)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith(`\0${FACADE}`)) return;
      const [head, search] = id.slice(1).split('?');
      const from = new URLSearchParams(search).get('from') ?? '';
      const keys = calls.get(from) ?? [];
      const english = read().en;
      for (const key of keys)
        if (!(key in english)) this.error(`${from}: no message ${key} (lib/i18n/messages/en.json)`);
      const locale = head.startsWith(LOCALE_MODULE) ? head.slice(LOCALE_MODULE.length) : null;
      if (!isLocale(locale)) {
        const modules = LOCALES.map(
          (l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`${LOCALE_MODULE}${l}?${search}`)})`,
        );
        return [
          `import { localeTable } from ${RUNTIME};`,
          `const [table, ready] = localeTable({ ${modules.join(', ')} });`,
          'export const loaded = ready;',
          ...keys.map((key) => `export const ${key} = (p) => table().${key}(p);`),
        ].join('\n');
      }
      for (const file of LOCALES.map((l) => path.join(here, 'messages', `${l}.json`))) this.addWatchFile(file);
      const texts = read()[locale];
      // No import: the chunk holding the runtime's helpers waits for this one (a cycle would never end).
      const bodies = keys.map((key) => `  ${key}: (p) => ${compiledText(texts[key] ?? english[key])},`);
      return ['export default ({ num, plural, select }) => ({', ...bodies, '});'].join('\n');
    },
  };
}
