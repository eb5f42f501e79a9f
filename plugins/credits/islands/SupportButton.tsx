import { lazy, Suspense } from 'react';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import type { IslandFiller } from '../../../api/plugins/types.ts';
import * as m from '../../../lib/i18n/messages.ts';

// "Support with Credits" and its dialog, in the catalog's artist and track pages' actions (the
// `artist.support` island slot of ArtistActions and TrackExtras).

// Fetched on first open (site/lib/useDialogs.tsx).
const SupportDialog = lazy(() => import('./SupportDialog.tsx'));

const SupportButton: IslandFiller<'artist.support'> = ({ artist, signedIn, large = false }) => {
  const dialogs = useDialogs<'support'>();
  return (
    <>
      <button
        type="button"
        className={large ? 'btn btn-outline-light btn-lg' : 'btn btn-outline-light'}
        aria-busy={dialogs.pending === 'support'}
        onClick={() => dialogs.show('support')}
      >
        <TriggerIcon name="coins" size={18} pending={dialogs.pending === 'support'} />{' '}
        {large ? (
          // The track page's phone layout shows the short label, so its actions share a row.
          <>
            <span className="action-label-long">{m.track_support()}</span>
            <span className="action-label-short">{m.track_support_short()}</span>
          </>
        ) : (
          m.track_support()
        )}
      </button>
      <Suspense>
        {dialogs.rendered('support') && (
          <SupportDialog artist={artist} show={dialogs.open === 'support'} onHide={dialogs.close} signedIn={signedIn} />
        )}
      </Suspense>
    </>
  );
};
export default SupportButton;
