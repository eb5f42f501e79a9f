// Credit months are calendar months in UTC, written 'YYYY-MM' (they sort as text).

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The instant the month after `date`'s month begins: when the next refill happens. */
export function nextMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return monthOf(new Date(Date.UTC(year, m - 2, 1)));
}
