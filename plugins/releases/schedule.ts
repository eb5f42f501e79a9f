// Release dates (spec §2 step 4 and 6, §5, §9), shared by the wizard's pickers and the server.
// Days are 'YYYY-MM-DD' in UTC; the API carries them as ISO strings at UTC midnight. Pure.

const DAY_MS = 86_400_000;
export const MIN_LEAD_DAYS = 7;
export const EARLIEST_PREVIOUS_RELEASE = '1900-01-01';

export function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayKey(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** The day of an ISO date or date-time string, or null when it is not a real date. */
export function dayOf(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(time)) return null;
  const day = dayKey(new Date(time));
  // 2026-02-31 parses as March 3rd: only a day that round-trips is real.
  return value.length === 10 && day !== value ? null : day;
}

/** The ISO string the wizard sends for a picked day. */
export function dayToIso(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** The first day a scheduled release may take: 7 days from today. */
export function earliestReleaseDay(now: Date): string {
  return addDays(dayKey(now), MIN_LEAD_DAYS);
}

/** 'Mar 5, 2026' (spec §9 date display). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
