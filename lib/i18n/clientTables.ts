import { isLocale, type Locale } from './locales.ts';
import { currentLocale, num, plural, select } from './runtime.ts';

// The browser's side of the per-language message modules (./vitePlugin.ts): a bundle's code calls
// `m.key()` as on the server, and gets the page's language's text from a module of that language
// only, loaded before the bundle runs (a top-level await). A persisted island (the player, the
// shell) outlives the page: before a page in another language is swapped in, every bundle's module
// of that language is loaded too, so such an island follows `<html lang>` at once.

type Table = Record<string, (p?: never) => string>;
/** A language's module: its messages, made with the runtime's helpers (it imports nothing: ./vitePlugin.ts). */
type LocaleModule = { default: (helpers: { num: typeof num; plural: typeof plural; select: typeof select }) => Table };

/** Loads a bundle's messages in one language, once; every bundle's loader, for the next page's language. */
const loaders: Array<(locale: Locale) => Promise<void>> = [];

/**
 * The messages of one bundle: starts loading the page's language's at once (the bundle's files wait
 * for `ready`, all of a chunk's loads under way by then), then reads the current language's.
 */
export function localeTable(modules: Record<Locale, () => Promise<LocaleModule>>): [() => Table, Promise<void>] {
  const loaded = new Map<Locale, Table>();
  const load = async (locale: Locale) => {
    if (!loaded.has(locale)) loaded.set(locale, (await modules[locale]()).default({ num, plural, select }));
  };
  loaders.push(load);
  const first = currentLocale();
  return [() => loaded.get(currentLocale()) ?? loaded.get(first)!, load(first)];
}

if (typeof document !== 'undefined')
  document.addEventListener('astro:before-preparation', (event) => {
    const preparation = event as Event & { loader: () => Promise<void>; newDocument: Document };
    const { loader } = preparation;
    preparation.loader = async () => {
      await loader();
      const lang = preparation.newDocument.documentElement.lang;
      if (isLocale(lang)) await Promise.all(loaders.map((load) => load(lang)));
    };
  });
