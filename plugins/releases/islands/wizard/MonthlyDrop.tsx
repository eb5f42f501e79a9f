import type { ReactNode } from 'react';
import { DATE_FORMAT, formatInstant } from '../../../../site/lib/dates.ts';
import type { TakenDrop } from '../../present.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { localMonth } from '../../../../lib/i18n/format.ts';
import { messageParts } from '../../../../lib/i18n/parts.ts';
import { localeHref } from '../../../../lib/i18n/runtime.ts';

// What the wizard says about the one monthly drop per month, from step 1 on: which drop already
// fills a month, with a link to it once it is public.

/** A message with its {title} wrapped in markup where the language puts it. */
function withTitle(write: (values: { title: string }) => string, title: ReactNode): ReactNode {
  return messageParts(write, ['title']).map((part, i) => ('text' in part ? part.text : <span key={i}>{title}</span>));
}

/** "Your November 2026 drop is already out: Tidal Lights." */
export function TakenDropText({ drop }: { drop: TakenDrop }) {
  const month = localMonth(drop.month);
  return drop.out
    ? withTitle(
        (v) => m.catalog_drop_out({ month, ...v }),
        <a href={localeHref(`/tracks/${drop.trackId}`)}>{drop.title}</a>,
      )
    : withTitle(
        (v) => m.catalog_drop_scheduled({ month, date: formatInstant(drop.publicAt, DATE_FORMAT), ...v }),
        <strong>{drop.title}</strong>,
      );
}

/** The Monthly Drop Limit notice (spec §2), naming this month's drop when there is one. */
export function MonthlyDropNotice({ current }: { current: TakenDrop | null }) {
  const limit = messageParts((v) => m.catalog_drop_limit_text(v), ['limit']);
  return (
    <div className="alert alert-warning monthly-limit" role="note" data-testid="monthly-drop-notice">
      {limit.map((part, i) => ('text' in part ? part.text : <strong key={i}>{m.catalog_drop_limit()}</strong>))}
      {current && (
        <p className="mb-0 mt-1">
          <TakenDropText drop={current} /> {m.catalog_drop_regular()}
        </p>
      )}
    </div>
  );
}
