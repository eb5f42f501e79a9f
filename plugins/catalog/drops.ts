import { DateTime } from 'luxon';

// The monthly rhythm: drops belong to a calendar month (UTC) and the next one opens at the next boundary.

/** 'YYYY-MM' of the month this moment falls in (UTC; without luxon: lists call it per artist). */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

const monthOfKey = (month: string) => DateTime.fromFormat(month, 'yyyy-MM', { zone: 'utc' }).setLocale('en-US');

/**
 * What a monthly drop's badge says to a viewer whose calendar month is `viewerMonth` ('YYYY-MM'):
 * NEW DROP during its own month, "Monthly drop · Oct 2026" afterwards; null for a regular upload.
 */
export function dropLabel(dropMonth: string | null, viewerMonth: string): string | null {
  if (!dropMonth) return null;
  if (dropMonth >= viewerMonth) return 'NEW DROP';
  return `Monthly drop · ${monthOfKey(dropMonth).toFormat('LLL yyyy')}`;
}

/** The start of the next calendar month: when the next monthly drop opens. */
export function nextDropAt(now: Date): Date {
  // Date.UTC carries month 12 into the next year; without luxon, as every artist of a list asks.
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** 'November 2026' of a 'YYYY-MM' month key. */
export function monthInWords(month: string): string {
  return monthOfKey(month).toFormat('LLLL yyyy');
}

/** 'March 2026': the About tab's join month. */
export function joinedMonth(epochMs: number): string {
  return DateTime.fromMillis(epochMs, { zone: 'utc' }).setLocale('en-US').toFormat('LLLL yyyy');
}
