import type { ReactNode } from 'react';
import * as m from '../../../lib/i18n/messages.ts';

/**
 * A statement's table (the fan's and the artist's): it scrolls sideways on a phone, focusable so that
 * the keyboard can scroll it too, and its caption says when the month is still loading.
 */
export function StatementTable(props: {
  region: string;
  caption: string;
  loading: boolean;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label={props.region}>
      <table className={`table align-middle statement-table ${props.className}`} data-testid={props.testId}>
        <caption>
          {props.caption}
          {props.loading && ` ${m.credits_loading_paren()}`}
        </caption>
        {props.children}
      </table>
    </div>
  );
}
