import { DEFAULT_LOCALE, isLocale, localePath, LOCALES, type Locale } from './locales.ts';

/**
 * The language messages are written in right now. In the browser it is the page's `<html lang>`
 * (the router swaps it with the page, so persisted islands follow). On the server the kernel keeps
 * each request's language in an AsyncLocalStorage it registers under this symbol
 * (api/http/locale.ts), so a page and the islands it renders read the same one without passing it
 * down; the browser bundle imports no Node module for it.
 */
export const LOCALE_STORE = Symbol.for('onetrack.locale');

interface LocaleStore {
  getStore(): Locale | undefined;
  run<T>(locale: Locale, write: () => T): T;
}

const serverStore = () => (globalThis as { [LOCALE_STORE]?: LocaleStore })[LOCALE_STORE];

export function currentLocale(): Locale {
  const store = serverStore();
  if (store) return store.getStore() ?? DEFAULT_LOCALE;
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** On the server, what `write` returns with messages in `locale` (a banner written in the language it offers). */
export function inLocale<T>(locale: Locale, write: () => T): T {
  const store = serverStore();
  return store ? store.run(locale, write) : write();
}

/** A page's path in the current language (`/discover` → `/es/discover`): links keep the reader's language. */
export function localeHref(path: string): string {
  return localePath(currentLocale(), path);
}

/** The current language's place in LOCALES: the generated messages keep their texts in that order. */
export function localeIndex(): number {
  return LOCALES.indexOf(currentLocale());
}

// Made once per language, on first use (a formatter costs ~50 µs to make, ~1 µs to use).
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rules(type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${currentLocale()} ${type}`;
  let found = pluralRules.get(key);
  if (!found) pluralRules.set(key, (found = new Intl.PluralRules(currentLocale(), { type })));
  return found;
}

/** A number as the current language writes it (`#` and `{n, number}` in messages). */
export function num(value: number | string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const locale = currentLocale();
  let format = numberFormats.get(locale);
  // Arabic in Western digits, as the player's times and the dates write them (lib/i18n/glossary.md).
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale)));
  return format.format(n);
}

/** ICU `plural`/`selectordinal`: an exact case (`=0`) first, else the language's CLDR category, else `other`. */
export function plural(value: number | string, cases: Record<string, string>, ordinal = false): string {
  const n = Number(value);
  return cases[`=${n}`] ?? cases[rules(ordinal ? 'ordinal' : 'cardinal').select(n)] ?? cases.other;
}

/** ICU `select`: the value's case, else `other`. */
export function select(value: unknown, cases: Record<string, string>): string {
  return cases[String(value)] ?? cases.other;
}
