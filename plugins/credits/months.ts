// Credit months are calendar months in UTC, written 'YYYY-MM' (they sort as text).

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** A page's `?month=` when it is a month, else `fallback`. */
export function monthParam(url: URL, fallback: string): string {
  const requested = url.searchParams.get('month') ?? '';
  return new RegExp(MONTH_PATTERN).test(requested) ? requested : fallback;
}

/** The instant the month after `date`'s month begins: when the next refill happens. */
export function nextMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** The month `delta` months after (or before, if negative) `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  return monthOf(new Date(Date.UTC(year, m - 1 + delta, 1)));
}

/**
 * How long after its end a month settles: allocations whose transaction began before midnight may
 * still commit meanwhile, and none may commit after it (service.allocate checks), so a month's
 * statements are final, stored and unchangeable only from then on.
 */
export const SETTLE_MS = 5 * 60_000;

/** Whether `month` has ended and settled at `now`. */
export function isSettled(month: string, now: Date): boolean {
  const [year, m] = month.split('-').map(Number);
  return now.getTime() >= Date.UTC(year, m, 1) + SETTLE_MS;
}

/** The latest month that has ended and settled at `now` (last month, or the one before in its first minutes). */
export function lastClosedMonth(now: Date): string {
  const last = shiftMonth(monthOf(now), -1);
  return isSettled(last, now) ? last : shiftMonth(last, -1);
}

/** 'YYYY-MM' as words, e.g. '2026-11' → 'November 2026'. */
export { monthName } from '../../lib/format.ts';
