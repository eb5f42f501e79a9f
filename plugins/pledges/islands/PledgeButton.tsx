import { lazy, Suspense } from 'react';
import { useDialogs } from '../../../site/lib/useDialogs.tsx';
import type { PledgeDialogProps } from './PledgeDialog.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const PledgeDialog = lazy(() => import('./PledgeDialog.tsx'));

type Props = Omit<PledgeDialogProps, 'show' | 'onHide'> & {
  signedIn: boolean;
  /** Without `artist` (the vault): whether there is any artist to pledge to; the dialog reads who when it opens. */
  anyArtist?: boolean;
};

/** "Pledge to the next drop" (or "Log in to pledge" for a visitor) and its dialog. */
export default function PledgeButton(props: Props) {
  const dialogs = useDialogs<'pledge'>();
  const { artist, anyArtist = false, signedIn } = props;
  if (!signedIn)
    return (
      <a className="btn btn-outline-warning" href={localeHref('/auth')}>
        {m.pledge_login()}
      </a>
    );
  const nobody = !artist && !anyArtist;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-warning"
        aria-busy={dialogs.pending === 'pledge'}
        aria-describedby={nobody ? 'pledge-nobody' : undefined}
        onClick={() => dialogs.show('pledge')}
        disabled={nobody}
      >
        {dialogs.pending === 'pledge' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {m.pledge_next_drop()}
      </button>
      {nobody && (
        <span id="pledge-nobody" className="text-secondary small">
          {m.pledge_nobody()}
        </span>
      )}
      <Suspense>
        {dialogs.rendered('pledge') && (
          <PledgeDialog artist={artist} show={dialogs.open === 'pledge'} onHide={dialogs.close} />
        )}
      </Suspense>
    </>
  );
}
