import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../../../site/components/Icon.tsx';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';

interface Props {
  show: boolean;
  onHide(): void;
  /** The embed player's iframe snippet. */
  snippet: string;
  title: string;
}

/** The track page's Embed dialog: the iframe snippet, selected on focus, and a copy button. */
export default function EmbedDialog({ show, onHide, snippet, title }: Props) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({
        title: m.embed_copied(),
        description: m.embed_copied_text(),
        variant: 'success',
      });
      onHide();
    } catch {
      toast({ title: m.share_copy_failed(), variant: 'destructive' });
    }
  }

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="embed-title">
      <Modal.Header closeButton closeLabel={m.dialog_close()}>
        <Modal.Title id="embed-title">{m.embed_title({ title })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <label htmlFor="embed-code" className="form-label">
          {m.embed_code()}
        </label>
        <textarea
          id="embed-code"
          className="form-control mb-3"
          rows={4}
          value={snippet}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="warning" className="btn-gold" onClick={() => void copy()}>
          <Icon name="link" size={18} /> {m.embed_copy()}
        </Button>
      </Modal.Body>
    </Modal>
  );
}
