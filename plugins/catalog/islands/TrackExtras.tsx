import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import SupportDialog from '../../credits/islands/SupportDialog.tsx';
import { Icon } from '../../../site/components/Icon.tsx';
import { toast } from '../../../site/stores/toasts.ts';

interface Props {
  artist: { id: number; name: string };
  signedIn: boolean;
  /** The embed player's iframe snippet, or null without the releases feature. */
  embedSnippet: string | null;
  title: string;
}

/** The track page's Support with Credits (for its artist) and Embed, with their dialogs. */
export default function TrackExtras({ artist, signedIn, embedSnippet, title }: Props) {
  const [open, setOpen] = useState<'support' | 'embed' | null>(null);
  const close = () => setOpen(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(embedSnippet ?? '');
      toast({ title: 'Embed code copied!', description: 'Paste it into any web page to play this track there', variant: 'success' });
      close();
    } catch {
      toast({ title: 'Failed to copy', variant: 'destructive' });
    }
  }

  return (
    <>
      <button type="button" className="btn btn-outline-light btn-lg" onClick={() => setOpen('support')}>
        <Icon name="coins" size={18} /> Support with Credits
      </button>
      {embedSnippet && (
        <button type="button" className="btn btn-outline-light btn-lg" onClick={() => setOpen('embed')}>
          <Icon name="link" size={18} /> Embed
        </button>
      )}
      <SupportDialog artist={artist} show={open === 'support'} onHide={close} signedIn={signedIn} />
      {embedSnippet && (
        <Modal show={open === 'embed'} onHide={close} centered aria-labelledby="embed-title">
          <Modal.Header closeButton>
            <Modal.Title id="embed-title">Embed {title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <label htmlFor="embed-code" className="form-label">Embed code</label>
            <textarea id="embed-code" className="form-control mb-3" rows={4} value={embedSnippet} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Button variant="warning" className="btn-gold" onClick={() => void copy()}>
              <Icon name="link" size={18} /> Copy embed code
            </Button>
          </Modal.Body>
        </Modal>
      )}
    </>
  );
}
