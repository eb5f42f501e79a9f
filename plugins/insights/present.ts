import type { Guarded, TrackFigures } from './dashboard.ts';
import { MIN_LISTENERS, type Period } from './rules.ts';
import * as m from '../../lib/i18n/messages.ts';
import { intlLocale, perLocale } from '../../lib/i18n/format.ts';

// How the dashboard writes its figures, in the reader's language; withheld ones (fewer than 5
// listeners) say so. English keeps its "1,234" and "45 %".

const COUNT = perLocale((locale) => new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale));
const PERCENT = perLocale((locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }));
const MONTH = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

export const count = (v: number) => COUNT().format(Math.round(v));
export const percent = (v: number) =>
  intlLocale() === 'en' ? `${Math.round(v * 100)}\u00a0%` : PERCENT().format(Math.round(v * 100) / 100);
export const fewerThan = () => m.dash_fewer_than({ count: MIN_LISTENERS });
export const guarded = (v: Guarded, format: (v: number) => string = count) => (v === null ? fewerThan() : format(v));

/** A 'YYYY-MM' month as words: 'November 2026', '2026年11月'. */
export const monthWords = (month: string) => MONTH().format(new Date(`${month}-01T00:00:00Z`));

export const periodLabel = (period: Period) =>
  period === 'month' ? m.dash_period_month() : m.dash_period_days({ count: Number(period) });

export const TRACK_SORTS = ['plays', 'listeners', 'reached30', 'completionRate', 'likes', 'title'] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];

/** Sorted by a column, highest first (titles A–Z); withheld figures last. */
export function sortTracks(tracks: TrackFigures[], sort: TrackSort): TrackFigures[] {
  if (sort === 'title') return [...tracks].sort((a, b) => a.title.localeCompare(b.title));
  return [...tracks].sort((a, b) => (b[sort] ?? -1) - (a[sort] ?? -1) || a.title.localeCompare(b.title));
}
