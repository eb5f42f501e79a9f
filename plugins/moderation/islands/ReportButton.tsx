import { lazy, Suspense } from 'react';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import type { TargetType } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

export interface ReportTarget {
  type: TargetType;
  id: number;
  /** What is reported, as the dialog names it ("Borrowed Tune"). */
  label: string;
}

/** A small Report button (track page, artist page, a message) opening the report dialog. */
export default function ReportButton({
  target,
  signedIn,
  className = 'btn btn-link btn-sm report-button',
}: {
  target: ReportTarget;
  signedIn: boolean;
  className?: string;
}) {
  const dialogs = useDialogs<'report'>();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-busy={dialogs.pending === 'report'}
        aria-haspopup="dialog"
        title={m.report()}
        onClick={() => dialogs.show('report')}
      >
        <TriggerIcon name="flag" size={16} pending={dialogs.pending === 'report'} />
        {/* The space is the label's, so an icon-only button (the track page's phone layout) keeps none. */}
        <span className="action-label"> {m.report()}</span>
      </button>
      <Suspense>
        {dialogs.rendered('report') && (
          <ReportDialog show={dialogs.open === 'report'} onHide={dialogs.close} target={target} signedIn={signedIn} />
        )}
      </Suspense>
    </>
  );
}
