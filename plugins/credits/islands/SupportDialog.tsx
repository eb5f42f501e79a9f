// Contract for the artist page (catalog): the credits plugin owns this dialog.
// Props: artist {id, name}, show, onHide, signedIn. Until the credits API exists it cannot succeed.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface SupportDialogProps {
  artist: { id: number; name: string };
  show: boolean;
  onHide(): void;
  signedIn: boolean;
}

export default function SupportDialog({ artist, show, onHide }: SupportDialogProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="support-title">
      <Modal.Header closeButton>
        <Modal.Title id="support-title">Support {artist.name} with Credits</Modal.Title>
      </Modal.Header>
      <Modal.Body>Credit allocation is not open yet.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>Close</Button>
      </Modal.Footer>
    </Modal>
  );
}
