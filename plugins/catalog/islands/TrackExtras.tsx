import { lazy, Suspense } from 'react';
import { IslandSlot } from '../../../site/components/IslandSlot.tsx';
import support from 'virtual:onetrack/islands/artist.support';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const EmbedDialog = lazy(() => import('./EmbedDialog.tsx'));

interface Props {
  artist: { id: number; name: string };
  signedIn: boolean;
  /** The embed player's iframe snippet, or null without the releases feature. */
  embedSnippet: string | null;
  title: string;
}

/** The track page's Support with Credits (credits' `artist.support` filler, for its artist) and Embed. */
export default function TrackExtras({ artist, signedIn, embedSnippet, title }: Props) {
  const dialogs = useDialogs<'embed'>();

  return (
    <>
      <IslandSlot slot="artist.support" fillers={support} artist={artist} signedIn={signedIn} large />
      {embedSnippet && (
        <button
          type="button"
          className="btn btn-outline-light btn-lg"
          title={m.track_embed()}
          aria-busy={dialogs.pending === 'embed'}
          onClick={() => dialogs.show('embed')}
        >
          <TriggerIcon name="code" size={18} pending={dialogs.pending === 'embed'} />
          {/* The space is the label's, so an icon-only button (the track page's phone layout) keeps none. */}
          <span className="action-label"> {m.track_embed()}</span>
        </button>
      )}
      <Suspense>
        {embedSnippet && dialogs.rendered('embed') && (
          <EmbedDialog show={dialogs.open === 'embed'} onHide={dialogs.close} snippet={embedSnippet} title={title} />
        )}
      </Suspense>
    </>
  );
}
