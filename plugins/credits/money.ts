// Amounts are kept in whole cents of the configured currency (CURRENCY, ISO 4217), shown with the
// currency's own symbol, e.g. 699 in EUR → "€6.99". Browser-safe: the islands format with it too.

import { perLocale } from '../../lib/i18n/format.ts';

const formats = new Map<string, Intl.NumberFormat>();

export function formatCents(cents: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formats.set(currency, format);
  }
  return format.format(cents / 100);
}

const shareFormat = perLocale((l) => new Intl.NumberFormat(l, { maximumFractionDigits: 1 }));
/** A fraction as a whole or one-decimal percentage that never breaks: 0.3 → "30 %", 0.275 → "27.5 %" ("27,5 %"). */
export function formatShare(fraction: number): string {
  return `${shareFormat().format(Math.round(fraction * 1000) / 10)}\u00a0%`;
}
