import { lazy, Suspense } from 'react';
import { IslandSlot } from '../../../site/components/IslandSlot.tsx';
import { TriggerIcon, useDialogs } from '../../../site/lib/useDialogs.tsx';
import contact from 'virtual:onetrack/islands/artist.contact';
import support from 'virtual:onetrack/islands/artist.support';
import { useCopiedFlag } from './useCopiedFlag.ts';
import * as m from '../../../lib/i18n/messages.ts';

// Fetched on first open (site/lib/useDialogs.tsx).
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

interface Props {
  artist: { id: number; name: string; userId: number };
  currentUserId: number | null;
  shareUrl: string;
  /** The artist's own page: nothing to support or message, only their link to share. */
  shareOnly?: boolean;
}

/**
 * The artist profile's Support with Credits and Share buttons with their dialogs, and the ways to contact them
 * (Message).
 */
export default function ArtistActions({ artist, currentUserId, shareUrl, shareOnly = false }: Props) {
  const dialogs = useDialogs<'share'>();
  const [copied, markCopied] = useCopiedFlag();

  return (
    <>
      {!shareOnly && (
        <>
          <IslandSlot slot="artist.support" fillers={support} artist={artist} signedIn={currentUserId !== null} />
          <IslandSlot slot="artist.contact" fillers={contact} artist={artist} currentUserId={currentUserId} />
        </>
      )}
      <button
        type="button"
        className="btn btn-outline-light"
        aria-busy={dialogs.pending === 'share'}
        onClick={() => dialogs.show('share')}
      >
        <TriggerIcon name={copied ? 'check' : 'share'} size={18} pending={dialogs.pending === 'share'} />{' '}
        {copied ? m.track_link_copied() : m.track_share()}
      </button>
      <Suspense>
        {dialogs.rendered('share') && (
          <ShareDialog
            show={dialogs.open === 'share'}
            onHide={dialogs.close}
            url={shareUrl}
            title={artist.name}
            copiedText={m.artist_link_copied_text()}
            onCopied={markCopied}
          />
        )}
      </Suspense>
    </>
  );
}
