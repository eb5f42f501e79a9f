import { DateTime } from 'luxon';

// The monthly rhythm: drops belong to a calendar month (UTC) and the next one opens at the next boundary.

/** 'YYYY-MM' of the month this moment falls in (UTC; without luxon: lists call it per artist). */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The start of the next calendar month: when the next monthly drop opens. */
export function nextDropAt(now: Date): Date {
  return DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month').plus({ months: 1 }).toJSDate();
}

/** 'March 2026': the About tab's join month. */
export function joinedMonth(epochMs: number): string {
  return DateTime.fromMillis(epochMs, { zone: 'utc' }).setLocale('en-US').toFormat('LLLL yyyy');
}
