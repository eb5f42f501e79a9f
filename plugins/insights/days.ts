// Days are UTC calendar days 'YYYY-MM-DD', like credit months are UTC months.
const DAY_MS = 86_400_000;

export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
export const dayEnd = (day: string): number => dayStart(day) + DAY_MS;

/** The days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = dayStart(first); at <= dayStart(last); at += DAY_MS) days.push(dayOf(at));
  return days;
}

/** The last `count` days up to `last` (included). */
export const lastDays = (last: string, count: number): string[] =>
  daysBetween(dayOf(dayStart(last) - (count - 1) * DAY_MS), last);
