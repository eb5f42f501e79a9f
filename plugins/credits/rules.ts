import type { FieldRules } from '../../api/validation/rules.ts';
import * as m from '../../lib/i18n/messages.ts';

// Spec §5/§9: whole credits, at least 1, never above the balance (the service checks the balance).

/** Every user's balance is set to exactly this at the start of each calendar month (UTC). */
export const MONTHLY_CREDITS = 100;

export const INVALID_AMOUNT = 'Please enter a valid credit amount';

export const allocateRules: FieldRules = {
  artistId: {
    label: 'Artist',
    type: 'integer',
    minimum: 1,
    messages: {
      required: 'Please select an artist',
      type: 'Please select an artist',
      minimum: 'Please select an artist',
    },
  },
  credits: {
    label: 'Credits',
    type: 'integer',
    minimum: 1,
    messages: { required: INVALID_AMOUNT, type: INVALID_AMOUNT, minimum: INVALID_AMOUNT },
  },
};
export const allocateRequired = ['artistId', 'credits'] as const;

export const insufficientCredits = (available: number) => m.api_insufficient_credits({ available });

/** Spec §8 success toast of every allocation, wherever it is made. */
export const allocatedToast = (credits: number, artist: string) => ({
  title: m.credits_allocated(),
  description: m.credits_allocated_text({ count: credits, artist }),
});

/** Statements (docs/payouts.md): the month they are asked for, and what a closed month refuses. */
export const BAD_MONTH = 'Month must be written YYYY-MM';
export const BAD_STATEMENT_FORMAT = 'Format must be json or csv';
export const MONTH_CLOSED = 'This month is closed; please try again';
/** A month whose fee came back to the fan before it closed (docs/payouts.md, "Refunds and disputes"). */
export const CREDITS_VOID =
  'Your payment for this month came back to you (a refund or a dispute), so its credits count for nothing.';

/** Membership (docs/payouts.md): what an account without credits this month is told, and why. */
export const TRIAL_ENDED =
  'Your included first month has ended, so no new credits were ' +
  'added. Upgrade to Premium to get 100 credits every month.';
/** A pledge to next month's drop during the included first month (issue 44 point 11): nothing has ended. */
export const TRIAL_NEXT_MONTH =
  "Pledges spend the credits of the drop's month, and next month's credits come with the membership: " +
  "your included first month covers this month only. Upgrade to pledge to next month's drops.";
/** Where a refusal for want of credits offers the upgrade. */
export const UPGRADE_PATH = '/profile?tab=billing';
export const MEMBERSHIP_ENDED =
  'Your membership was cancelled, so no new credits were added. ' +
  'Upgrade to Premium again to get 100 credits every month.';
export const NOTHING_TO_CANCEL = 'Your included first month ends on its own: there is no membership to cancel.';
/** Until payments are wired, upgrading says so rather than pretend to charge. */
export const NO_PAYMENT_TAKEN = 'No money is taken in this installation: payments are not wired yet.';

/** Settings: whether unallocated credits follow the fan's listening (docs/payouts.md). */
export const listeningRules: FieldRules = {
  followListening: { label: 'Unallocated credits follow my listening', type: 'boolean' },
};
export const listeningRequired = ['followListening'] as const;
export const LISTENING_UNAVAILABLE =
  'Plays are not counted on this server, so unallocated credits go to the artists you gave credits to.';
