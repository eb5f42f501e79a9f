import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../../../site/components/Icon.tsx';
import { toast } from '../../../site/stores/toasts.ts';

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
        title: 'Embed code copied!',
        description: 'Paste it into any web page to play this track there',
        variant: 'success',
      });
      onHide();
    } catch {
      toast({ title: 'Failed to copy', variant: 'destructive' });
    }
  }

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="embed-title">
      <Modal.Header closeButton>
        <Modal.Title id="embed-title">Embed {title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <label htmlFor="embed-code" className="form-label">
          Embed code
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
          <Icon name="link" size={18} /> Copy embed code
        </Button>
      </Modal.Body>
    </Modal>
  );
}
