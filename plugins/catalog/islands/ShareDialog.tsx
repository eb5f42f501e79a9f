import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../../../site/components/Icon.tsx';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';

export interface ShareDialogProps {
  show: boolean;
  onHide(): void;
  /** Absolute URL to share. */
  url: string;
  /** What is shared, e.g. the artist's name. */
  title: string;
  /** The success toast's description, e.g. "Artist profile link copied to clipboard". */
  copiedText: string;
  /** Called after a successful copy (the trigger shows "Link copied!" for 3 s). */
  onCopied(): void;
}

/** Spec §2 share options: copy link, Twitter, Facebook, email, native share (falls back to copy). */
export default function ShareDialog({ show, onHide, url, title, copiedText, onCopied }: ShareDialogProps) {
  const text = m.share_on({ title });
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: m.track_link_copied(), description: copiedText, variant: 'success' });
      onCopied();
      onHide();
    } catch {
      toast({ title: m.share_copy_failed(), variant: 'destructive' });
    }
  }

  async function shareNatively() {
    try {
      await navigator.share({ title: text, url });
      onHide();
    } catch (error) {
      // The fan closed the share sheet: nothing to do. Anything else falls back to copying.
      if ((error as DOMException)?.name !== 'AbortError') await copy();
    }
  }

  const encoded = encodeURIComponent(url);
  const links = [
    {
      label: m.share_twitter(),
      href: `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(text)}`,
    },
    { label: m.share_facebook(), href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { label: m.share_email(), href: `mailto:?subject=${encodeURIComponent(text)}&body=${encoded}` },
  ];

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="share-title">
      <Modal.Header closeButton closeLabel={m.dialog_close()}>
        <Modal.Title id="share-title">{m.share_title({ title })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <label htmlFor="share-url" className="form-label">
          {m.share_link()}
        </label>
        <div className="input-group mb-3">
          <input
            id="share-url"
            className="form-control"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button variant="warning" className="btn-gold" onClick={() => void copy()}>
            <Icon name="link" size={18} /> {m.share_copy_link()}
          </Button>
        </div>
        <div className="d-grid gap-2">
          {links.map((link) => (
            <a
              key={link.label}
              className="btn btn-outline-light"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.label}
            </a>
          ))}
          {canShareNatively && (
            <Button variant="outline-light" onClick={() => void shareNatively()}>
              {m.share_more()}
            </Button>
          )}
        </div>
      </Modal.Body>
    </Modal>
  );
}
