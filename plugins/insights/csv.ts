import { toCsv } from '../credits/csv.ts';
import type { Dashboard, Guarded } from './dashboard.ts';
import type { PlatformDay, PlatformMonth } from './platform.ts';
import { FEWER_THAN } from './rules.ts';

export const CSV_TABLES = ['days', 'tracks', 'sources'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

const shown = (value: Guarded) => (value === null ? FEWER_THAN : value);
const rate = (value: Guarded) => (value === null ? FEWER_THAN : (Math.round(value * 1000) / 1000).toFixed(3));
// A title that a spreadsheet would run as a formula is written as text.
const text = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The data behind one of the dashboard's charts or tables, as the page's download offers it. */
export function dashboardCsv(dashboard: Dashboard, table: CsvTable): string {
  if (table === 'days') {
    const { series } = dashboard;
    return toCsv([
      ['day', 'plays', 'listeners', 'reached_30s', 'completion_rate'],
      ...dashboard.days.map((day, i) => [
        day,
        shown(series.plays[i]),
        shown(series.listeners[i]),
        shown(series.reached30[i]),
        rate(series.completionRate[i]),
      ]),
    ]);
  }
  if (table === 'tracks') {
    return toCsv([
      ['track_id', 'title', 'monthly_drop', 'plays', 'listeners', 'reached_30s', 'completion_rate', 'likes'],
      ...dashboard.tracks.map((t) => [
        t.id,
        text(t.title),
        t.isMonthlyDrop ? 'yes' : 'no',
        shown(t.plays),
        shown(t.listeners),
        shown(t.reached30),
        rate(t.completionRate),
        t.likes,
      ]),
    ]);
  }
  return toCsv([['source', 'plays'], ...dashboard.sources.map((s) => [s.label, s.plays])]);
}

export const PLATFORM_TABLES = ['days', 'months'] as const;
export type PlatformTable = (typeof PLATFORM_TABLES)[number];

/** The admins' platform figures; amounts in cents of the configured currency. */
export function platformCsv(view: { days: PlatformDay[]; months: PlatformMonth[] }, table: PlatformTable): string {
  if (table === 'days')
    return toCsv([
      ['day', 'new_members', 'plays', 'uploads'],
      ...view.days.map((d) => [d.day, d.newMembers, d.plays, d.uploads]),
    ]);
  return toCsv([
    ['month', 'members', 'paying_members', 'plays', 'uploads', 'fees_cents', 'payouts_cents', 'unallocated_cents'],
    ...view.months.map((m) => [
      m.month,
      m.members,
      m.payingMembers,
      m.plays,
      m.uploads,
      m.feesCents,
      m.payoutsCents,
      m.unallocatedCents,
    ]),
  ]);
}
