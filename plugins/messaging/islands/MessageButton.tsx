import { lazy, Suspense } from 'react';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const MessageDialog = lazy(() => import('./MessageDialog.tsx'));

interface Props {
  artist: { id: number; name: string; userId: number };
  currentUserId: number | null;
}

/** "Message" among an artist profile's actions, with its dialog (island slot artist.contact). */
export default function MessageButton({ artist, currentUserId }: Props) {
  const dialogs = useDialogs<'message'>();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-light"
        aria-busy={dialogs.pending === 'message'}
        onClick={() => dialogs.show('message')}
      >
        <TriggerIcon name="mail" size={18} pending={dialogs.pending === 'message'} /> {m.messages_button()}
      </button>
      <Suspense>
        {dialogs.rendered('message') && (
          <MessageDialog
            artist={artist}
            show={dialogs.open === 'message'}
            onHide={dialogs.close}
            currentUserId={currentUserId}
          />
        )}
      </Suspense>
    </>
  );
}
