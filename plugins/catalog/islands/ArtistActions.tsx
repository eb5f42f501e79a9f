import { IslandSlot } from '../../../site/components/IslandSlot.tsx';
import contact from 'virtual:onetrack/islands/artist.contact';
import support from 'virtual:onetrack/islands/artist.support';
import { ShareButton } from './ShareButton.tsx';
import * as m from '../../../lib/i18n/messages.ts';

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
  return (
    <>
      {!shareOnly && (
        <>
          <IslandSlot slot="artist.support" fillers={support} artist={artist} signedIn={currentUserId !== null} />
          <IslandSlot slot="artist.contact" fillers={contact} artist={artist} currentUserId={currentUserId} />
        </>
      )}
      <ShareButton url={shareUrl} title={artist.name} copiedText={m.artist_link_copied_text()} />
    </>
  );
}
