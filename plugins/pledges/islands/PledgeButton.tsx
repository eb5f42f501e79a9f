import { lazy, Suspense } from 'react';
import { useDialogs } from '../../../site/lib/useDialogs.tsx';
import type { PledgeDialogProps } from './PledgeDialog.tsx';

// Fetched on first open (site/lib/useDialogs.tsx).
const PledgeDialog = lazy(() => import('./PledgeDialog.tsx'));

/** "Pledge to the next drop" (or "Log in to pledge" for a visitor) and its dialog. */
export default function PledgeButton(props: Omit<PledgeDialogProps, 'show' | 'onHide'>) {
  const dialogs = useDialogs<'pledge'>();
  const { artist, choices = [], signedIn } = props;
  if (!signedIn) return <a className="btn btn-outline-warning" href="/auth">Log in to pledge</a>;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-warning"
        aria-busy={dialogs.pending === 'pledge'}
        onClick={() => dialogs.show('pledge')}
        disabled={!artist && choices.length === 0}
      >
        {dialogs.pending === 'pledge' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        Pledge to the next drop
      </button>
      <Suspense>
        {dialogs.rendered('pledge') && <PledgeDialog {...props} show={dialogs.open === 'pledge'} onHide={dialogs.close} />}
      </Suspense>
    </>
  );
}
