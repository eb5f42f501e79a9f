import type { Locale } from './locales.ts';
import { currentLocale } from './runtime.ts';

/**
 * A formatter per language, made on first use and kept (making one costs ~50 µs, using it ~1 µs; a
 * list formats a figure per card). `make` builds the current language's.
 */
export function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<Locale, T>();
  return () => {
    const locale = currentLocale();
    let found = made.get(locale);
    if (!found) made.set(locale, (found = make(intlLocale())));
    return found;
  };
}

/** The current language as Intl (and luxon) take it: Arabic in Western digits, as lib/i18n/glossary.md says. */
export function intlLocale(): string {
  const locale = currentLocale();
  return locale === 'ar' ? 'ar-u-nu-latn' : locale;
}

const monthFormat = perLocale((l) => new Intl.DateTimeFormat(l, { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const dayFormat = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }));
/** A 'YYYY-MM' month in the current language: '2026-11' → 'November 2026', 'noviembre de 2026'. */
export function localMonth(month: string): string {
  return monthFormat().format(new Date(`${month}-01T00:00:00Z`));
}

/** A day (ISO instant, shown in UTC) in the current language: '2 December 2026'. */
export function localDay(iso: string): string {
  return dayFormat().format(new Date(iso));
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money in minor units (cents) as the current language writes the currency: "€46.91", "46,91 €". */
export function money(cents: number, currency: string): string {
  const locale = intlLocale();
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const options = { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
    moneyFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  }
  return format.format(cents / 100);
}

const MARK = '\u0000';

/**
 * A sentence with markup inside (a link): its text before and after the placeholder, so the page
 * writes `before<a>…</a>after` and each language keeps its own word order around the link.
 */
export function aroundMark(write: (mark: string) => string): [string, string] {
  const [before, after = ''] = write(MARK).split(MARK);
  return [before, after];
}

const listFormat = perLocale((l) => new Intl.ListFormat(l, { style: 'short', type: 'unit' }));
/** Items listed as the language separates them: 'a, b', 'a、b', 'a، b' (no "and": a list of figures). */
export function localList(items: string[]): string {
  return listFormat().format(items);
}
