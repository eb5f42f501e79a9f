import type { FieldRules } from '../../api/validation/rules.ts';
import { plural } from '../../lib/format.ts';
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

let monthWords: Intl.DateTimeFormat | undefined;

/** 'November' for '2026-11' (its formatter made once, on first use: lib/format.ts says why). */
export function monthName(month: string): string {
  monthWords ??= new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
  return monthWords.format(new Date(`${month}-01T00:00:00.000Z`));
}

export const MESSAGES = {
  login: 'Please log in to pledge credits',
  ownArtist: 'You cannot pledge credits to yourself',
  artistNotFound: 'Artist not found',
  pledgeNotFound: 'Pledge not found',
  dropOut: (artist: string, month: string) =>
    `${artist}'s ${monthName(month)} drop came out meanwhile: nothing was pledged, so pledge again to their next drop`,
  settled: {
    converted: 'This pledge already landed with the drop',
    released: 'This pledge was already released back to your balance',
    cancelled: 'This pledge was already cancelled',
  } as Record<string, string>,
};

export const waitingText = (credits: number, month: string) =>
  `${plural(credits, 'credit')} waiting for your ${monthName(month)} drop`;

/** Spec-style toasts of the pledge dialog and the vault. */
export const pledgedToast = (credits: number, artist: string, month: string) => ({
  title: 'Credits Pledged',
  description: `${plural(credits, 'credit')} pledged to ${artist}'s ${monthName(month)} drop`,
});
export const cancelledToast = (credits: number) => ({
  title: 'Pledge Cancelled',
  description: `${plural(credits, 'credit')} back in your balance`,
});
