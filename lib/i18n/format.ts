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
const moneyFormats = new Map<string, () => Intl.NumberFormat>();

/** A 'YYYY-MM' month in the current language: '2026-11' → 'November 2026', 'noviembre de 2026'. */
export function localMonth(month: string): string {
  return monthFormat().format(new Date(`${month}-01T00:00:00Z`));
}

/** A day (ISO instant, shown in UTC) in the current language: '2 December 2026'. */
export function localDay(iso: string): string {
  return dayFormat().format(new Date(iso));
}

/** Whole cents of an ISO 4217 currency in the current language: 999 EUR → '€9.99', '9,99 €'. */
export function localMoney(cents: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format)
    moneyFormats.set(
      currency,
      (format = perLocale((l) => new Intl.NumberFormat(l, { style: 'currency', currency, minimumFractionDigits: 2 }))),
    );
  return format().format(cents / 100);
}
