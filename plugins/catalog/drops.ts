import { DateTime } from 'luxon';
import * as m from '../../lib/i18n/messages.ts';
import { intlLocale } from '../../lib/i18n/format.ts';

// The monthly rhythm: drops belong to a calendar month (UTC).

/** 'YYYY-MM' of the month this moment falls in (UTC; without luxon: lists call it per artist). */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

const monthOfKey = (month: string) => DateTime.fromFormat(month, 'yyyy-MM', { zone: 'utc' }).setLocale('en-US');

/** A monthly drop is new during its own month (in the viewer's calendar). */
export const isNewDrop = (dropMonth: string, viewerMonth: string) => dropMonth >= viewerMonth;

/**
 * What a monthly drop's badge says to a viewer whose calendar month is `viewerMonth` ('YYYY-MM'):
 * NEW DROP during its own month, "Monthly drop · Oct 2026" afterwards; null for a regular upload.
 */
export function dropLabel(dropMonth: string | null, viewerMonth: string): string | null {
  if (!dropMonth) return null;
  if (isNewDrop(dropMonth, viewerMonth)) return m.badge_new_drop();
  const month = monthOfKey(dropMonth).setLocale(intlLocale() === 'en' ? 'en-US' : intlLocale());
  return m.badge_monthly_drop({ month: month.toFormat('LLL yyyy') });
}

/** 'November 2026' of a 'YYYY-MM' month key. */
export function monthInWords(month: string): string {
  return monthOfKey(month).toFormat('LLLL yyyy');
}

/** 'March 2026' ('2026年3月' in Japanese): the About tab's join month, as the reader's language writes a month. */
export function joinedMonth(epochMs: number): string {
  const locale = intlLocale() === 'en' ? 'en-US' : intlLocale();
  return DateTime.fromMillis(epochMs, { zone: 'utc' })
    .setLocale(locale)
    .toLocaleString({ month: 'long', year: 'numeric' });
}
