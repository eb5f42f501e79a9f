// Credit months are calendar months in UTC, written 'YYYY-MM' (they sort as text).

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
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
