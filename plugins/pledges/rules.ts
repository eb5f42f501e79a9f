import type { FieldRules } from '../../api/validation/rules.ts';
import * as m from '../../lib/i18n/messages.ts';
import { perLocale } from '../../lib/i18n/format.ts';
import { allocateRequired, allocateRules } from '../credits/rules.ts';
import { nextMonthStart } from '../credits/months.ts';

// Pledges: the same whole-credit amounts as allocations (1 up to the balance, which the ledger
// checks), to an artist's next drop: this month's (UTC, like credit months) while it is still to
// come and pledges for it are open, otherwise next month's.

export const pledgeRules: FieldRules = allocateRules;
export const pledgeRequired = allocateRequired;

/** Pledges still held this many days before the month ends go back to the fans. */
export const RELEASE_DAYS_BEFORE_MONTH_END = 3;

/** The moment this month's pledges close and unconverted ones are released: 00:00 UTC, 3 days before the month ends. */
export function pledgeDeadline(month: string): Date {
  const start = nextMonthStart(new Date(`${month}-01T00:00:00.000Z`));
  return new Date(start.getTime() - RELEASE_DAYS_BEFORE_MONTH_END * 86_400_000);
}

// Made once per language, on first use (lib/format.ts says why).
const MONTH = perLocale(
  (locale) => new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { month: 'long', timeZone: 'UTC' }),
);

/** 'November' for '2026-11', in the reader's language. */
export function monthName(month: string): string {
  return MONTH().format(new Date(`${month}-01T00:00:00.000Z`));
}

/** The API's texts: English here, answered in the caller's language (lib/i18n/apiTexts.ts). */
export const MESSAGES = {
  login: m.api_pledge_login,
  ownArtist: m.api_pledge_self,
  artistNotFound: m.api_artist_not_found,
  pledgeNotFound: m.api_pledge_not_found,
  dropOut: (artist: string, month: string) => () => m.api_pledge_drop_out({ artist, month: monthName(month) }),
  settled: {
    converted: m.api_pledge_converted,
    released: m.api_pledge_released,
    cancelled: m.api_pledge_cancelled,
  } as Record<string, () => string>,
};

export const waitingText = (credits: number, month: string) =>
  m.pledge_waiting({ count: credits, month: monthName(month) });

/** Spec-style toasts of the pledge dialog and the vault. */
export const pledgedToast = (credits: number, artist: string, month: string) => ({
  title: m.pledge_pledged(),
  description: m.pledge_pledged_text({ count: credits, artist, month: monthName(month) }),
});
export const cancelledToast = (credits: number) => ({
  title: m.pledge_cancelled(),
  description: m.pledge_cancelled_text({ count: credits }),
});
