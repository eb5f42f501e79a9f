// An artist's drop record (issue 13, "cadence you can see"), derived from their released monthly
// drops: the streak of consecutive months with a drop, the months missed since joining and the day
// of the month they usually drop. Pure, so the service computes it for a whole list from one
// query and the tests can walk it across month boundaries.

/** What the derivation needs of one released monthly drop. */
export interface DropMark {
  /** 'YYYY-MM': the calendar month the drop belongs to (tracks.drop_month). */
  month: string;
  /** Day of the month it came out (1–31, UTC, as the release day is stored). */
  day: number;
}

/** How a month of the record looks: the profile's strip of the last months. */
export type MonthState = 'dropped' | 'missed' | 'open' | 'before';

export interface DropRecord {
  /**
   * Consecutive months with a monthly drop, up to this month once its drop is out, otherwise up to
   * last month: a streak is not broken before the month has ended.
   */
  streak: number;
  /** The longest run of consecutive months ever. */
  bestStreak: number;
  /** Months without a drop since joining; the joining month and the current month never count. */
  missed: number;
  /** The day of the month they usually drop (median of the last 12 drops), null before the first. */
  usualDay: number | null;
  /** Whether this month's drop is out. */
  droppedThisMonth: boolean;
  /** The last RECENT_MONTHS months, oldest first. */
  recent: Array<{ month: string; state: MonthState }>;
}

/** How many months the profile's strip shows. */
export const RECENT_MONTHS = 12;
/** How many recent drops decide the usual day (habits change). */
export const USUAL_DAY_DROPS = 12;

/** 'YYYY-MM' as a month number (year * 12 + month - 1), so consecutive months differ by 1. */
export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${year}-${String(index - year * 12 + 1).padStart(2, '0')}`;
}

/**
 * The record of one artist. `current` is the viewer's calendar month; a drop already out in a later
 * month (a viewer just behind the release's time zone) makes that month the current one. `joined`
 * is the month the artist joined; drops from before it (an imported back catalogue) move the start
 * of the record back to the first of them.
 */
export function dropRecord(drops: readonly DropMark[], joined: string, current: string): DropRecord {
  const months = [...new Set(drops.map((d) => monthIndex(d.month)))].sort((a, b) => a - b);
  const has = new Set(months);
  const now = Math.max(monthIndex(current), months.at(-1) ?? -Infinity);
  const start = Math.min(monthIndex(joined), months[0] ?? Infinity, now);

  const droppedThisMonth = has.has(now);
  let streak = 0;
  for (let m = droppedThisMonth ? now : now - 1; has.has(m); m--) streak++;

  let bestStreak = 0;
  let run = 0;
  months.forEach((m, i) => {
    run = i > 0 && months[i - 1] === m - 1 ? run + 1 : 1;
    bestStreak = Math.max(bestStreak, run);
  });

  // Between the first month (a drop, or the grace of the joining month) and this month, exclusive.
  const between = Math.max(0, now - start - 1);
  const missed = between - months.filter((m) => m > start && m < now).length;

  const recent = Array.from({ length: RECENT_MONTHS }, (_, i) => {
    const m = now - RECENT_MONTHS + 1 + i;
    const state: MonthState = has.has(m) ? 'dropped' : m === now ? 'open' : m <= start ? 'before' : 'missed';
    return { month: monthOfIndex(m), state };
  });

  return { streak, bestStreak, missed, usualDay: usualDay(drops), droppedThisMonth, recent };
}

/** The median day of the month of the latest drops (the lower middle one of an even count). */
function usualDay(drops: readonly DropMark[]): number | null {
  if (!drops.length) return null;
  const latest = [...drops].sort((a, b) => monthIndex(b.month) - monthIndex(a.month)).slice(0, USUAL_DAY_DROPS);
  const days = latest.map((d) => d.day).sort((a, b) => a - b);
  return days[Math.floor((days.length - 1) / 2)];
}

/** 1st, 2nd, 3rd, 4th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
