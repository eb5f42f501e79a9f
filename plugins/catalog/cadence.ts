// An artist's drop record (issue 13, "cadence you can see"), derived from their released monthly
// drops: the streak of consecutive months with a drop, the months missed since joining and the day
// of the month they usually drop. Pure, so the service computes it for a whole list from one
// query and the tests can walk it across month boundaries.

import { perLocale } from '../../lib/i18n/format.ts';

/** What the derivation needs of one released monthly drop. */
export interface DropMark {
  /** 'YYYY-MM': the calendar month the drop belongs to (tracks.drop_month). */
  month: string;
  /** Day of the month it came out (1–31, UTC, as the release day is stored). */
  day: number;
  /**
   * Taken down, and the takedown does not count yet (under appeal or in its window): it keeps its
   * place on the record, shown as withheld, until an appeal is rejected (issue 44 point 9).
   */
  withheld?: boolean;
}

/** How a month of the record looks: the profile's strip of the last months. */
export type MonthState = 'dropped' | 'withheld' | 'missed' | 'open' | 'before';

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
  /** Drops taken down whose takedown is under appeal (or in its window): counted, and shown as withheld. */
  withheld: number;
  /** The last months, oldest first: one artist's read (the profile) has them, lists do not. */
  recent?: Array<{ month: string; state: MonthState }>;
}

/** How many months the profile's strip shows (dropRecord's recentMonths). */
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
 * of the record back to the first of them. `recentMonths` sizes the strip of the last months (the
 * profile's; lists leave it out). Each month is parsed once: lists derive thousands of these.
 */
export function dropRecord(drops: readonly DropMark[], joined: string, current: string, recentMonths = 0): DropRecord {
  // Newest first; the database keeps one monthly drop per artist and month.
  const marks = drops.map((d) => ({ month: monthIndex(d.month), day: d.day })).sort((a, b) => b.month - a.month);
  const has = new Set(marks.map((d) => d.month));
  const withheld = new Set(drops.filter((d) => d.withheld).map((d) => monthIndex(d.month)));
  const now = Math.max(monthIndex(current), marks[0]?.month ?? -Infinity);
  const start = Math.min(monthIndex(joined), marks.at(-1)?.month ?? Infinity, now);

  const droppedThisMonth = has.has(now);
  let streak = 0;
  for (let m = droppedThisMonth ? now : now - 1; has.has(m); m--) streak++;

  let bestStreak = 0;
  let run = 0;
  let missed = Math.max(0, now - start - 1);
  marks.forEach((d, i) => {
    run = i > 0 && marks[i - 1].month === d.month + 1 ? run + 1 : 1;
    bestStreak = Math.max(bestStreak, run);
    // Between the first month (a drop, or the grace of the joining month) and this month, exclusive.
    if (d.month > start && d.month < now) missed--;
  });

  const days = marks
    .slice(0, USUAL_DAY_DROPS)
    .map((d) => d.day)
    .sort((a, b) => a - b);
  const record: DropRecord = {
    streak,
    bestStreak,
    missed,
    usualDay: days.length ? days[(days.length - 1) >> 1] : null,
    droppedThisMonth,
    withheld: withheld.size,
  };
  if (recentMonths > 0) {
    record.recent = Array.from({ length: recentMonths }, (_, i) => {
      const m = now - recentMonths + 1 + i;
      const state: MonthState = withheld.has(m)
        ? 'withheld'
        : has.has(m)
          ? 'dropped'
          : m === now
            ? 'open'
            : m <= start
              ? 'before'
              : 'missed';
      return { month: monthOfIndex(m), state };
    });
  }
  return record;
}

// Made once per language: Intl builds a formatter per toLocaleDateString call, which cost a profile's
// artist page more than its queries (three labels for each of twelve months).
const intlOf = (locale: string) => (locale === 'en' ? 'en-US' : locale);
const MONTH_NARROW = perLocale((l) => new Intl.DateTimeFormat(intlOf(l), { month: 'narrow', timeZone: 'UTC' }));
const MONTH_LONG = perLocale(
  (l) => new Intl.DateTimeFormat(intlOf(l), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

/** 'November 2026' (long) or 'N' (narrow) of a 'YYYY-MM' month key, in the reader's language (the months strip). */
export function monthLabel(month: string, style: 'long' | 'narrow'): string {
  return (style === 'long' ? MONTH_LONG : MONTH_NARROW)().format(new Date(`${month}-01T00:00:00Z`));
}
