import { lazy, Suspense } from 'react';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const SupportDialog = lazy(() => import('../../credits/islands/SupportDialog.tsx'));
const EmbedDialog = lazy(() => import('./EmbedDialog.tsx'));

interface Props {
  artist: { id: number; name: string };
  signedIn: boolean;
  /** The embed player's iframe snippet, or null without the releases feature. */
  embedSnippet: string | null;
  title: string;
}

/** The track page's Support with Credits (for its artist) and Embed, with their dialogs. */
export default function TrackExtras({ artist, signedIn, embedSnippet, title }: Props) {
  const dialogs = useDialogs<'support' | 'embed'>();

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-light btn-lg"
        aria-busy={dialogs.pending === 'support'}
        onClick={() => dialogs.show('support')}
      >
        <TriggerIcon name="coins" size={18} pending={dialogs.pending === 'support'} /> {m.track_support()}
      </button>
      {embedSnippet && (
        <button
          type="button"
          className="btn btn-outline-light btn-lg"
          aria-busy={dialogs.pending === 'embed'}
          onClick={() => dialogs.show('embed')}
        >
          <TriggerIcon name="link" size={18} pending={dialogs.pending === 'embed'} /> {m.track_embed()}
        </button>
      )}
      <Suspense>
        {dialogs.rendered('support') && (
          <SupportDialog artist={artist} show={dialogs.open === 'support'} onHide={dialogs.close} signedIn={signedIn} />
        )}
        {embedSnippet && dialogs.rendered('embed') && (
          <EmbedDialog show={dialogs.open === 'embed'} onHide={dialogs.close} snippet={embedSnippet} title={title} />
        )}
      </Suspense>
    </>
  );
}
