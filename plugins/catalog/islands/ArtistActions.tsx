import { useState } from 'react';
import SupportDialog from '../../credits/islands/SupportDialog.tsx';
import MessageDialog from '../../messaging/islands/MessageDialog.tsx';
import { Icon } from '../../../site/components/Icon.tsx';
import ShareDialog, { useCopiedFlag } from './ShareDialog.tsx';

interface Props {
  artist: { id: number; name: string; userId: number };
  currentUserId: number | null;
  shareUrl: string;
}

/** The artist profile's Support with Credits, Message and Share buttons with their dialogs. */
export default function ArtistActions({ artist, currentUserId, shareUrl }: Props) {
  const [open, setOpen] = useState<'support' | 'message' | 'share' | null>(null);
  const [copied, markCopied] = useCopiedFlag();
  const close = () => setOpen(null);

  return (
    <>
      <button type="button" className="btn btn-outline-light" onClick={() => setOpen('support')}>
        <Icon name="coins" size={18} /> Support with Credits
      </button>
      <button type="button" className="btn btn-outline-light" onClick={() => setOpen('message')}>
        <Icon name="mail" size={18} /> Message
      </button>
      <button type="button" className="btn btn-outline-light" onClick={() => setOpen('share')}>
        <Icon name={copied ? 'check' : 'share'} size={18} /> {copied ? 'Link copied!' : 'Share'}
      </button>
      <SupportDialog artist={artist} show={open === 'support'} onHide={close} signedIn={currentUserId !== null} />
      <MessageDialog artist={artist} show={open === 'message'} onHide={close} currentUserId={currentUserId} />
      <ShareDialog
        show={open === 'share'}
        onHide={close}
        url={shareUrl}
        title={artist.name}
        copiedText="Artist profile link copied to clipboard"
        onCopied={markCopied}
      />
    </>
  );
}
