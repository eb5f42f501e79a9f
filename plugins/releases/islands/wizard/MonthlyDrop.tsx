import { DATE_FORMAT, formatInstant } from '../../../../site/lib/dates.ts';
import type { TakenDrop } from '../../present.ts';
import { monthInWords } from '../../../catalog/drops.ts';

// What the wizard says about the one monthly drop per month, from step 1 on: which drop already
// fills a month, with a link to it once it is public.

/** "Your November 2026 drop is already out: Tidal Lights." */
export function TakenDropText({ drop }: { drop: TakenDrop }) {
  return drop.out ? (
    <>
      Your {monthInWords(drop.month)} drop is already out: <a href={`/tracks/${drop.trackId}`}>{drop.title}</a>.
    </>
  ) : (
    <>
      Your {monthInWords(drop.month)} drop is already scheduled: <strong>{drop.title}</strong>, public{' '}
      {formatInstant(drop.publicAt, DATE_FORMAT)}.
    </>
  );
}

/** The Monthly Drop Limit notice (spec §2), naming this month's drop when there is one. */
export function MonthlyDropNotice({ current }: { current: TakenDrop | null }) {
  return (
    <div className="alert alert-warning monthly-limit" role="note" data-testid="monthly-drop-notice">
      <strong>Monthly Drop Limit</strong>: only one track per month counts as your official monthly drop.
      {current && (
        <p className="mb-0 mt-1">
          <TakenDropText drop={current} /> A release that goes public this month will be a regular upload; schedule it
          for a later month (step 4) to make it that month's drop.
        </p>
      )}
    </div>
  );
}
