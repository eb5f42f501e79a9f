// Contract for the artist page (catalog): the messaging plugin owns this dialog.
// Props: artist {id, name, userId}, show, onHide, currentUserId. Until the messages API exists it cannot succeed.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export interface MessageDialogProps {
  artist: { id: number; name: string; userId: number };
  show: boolean;
  onHide(): void;
  currentUserId: number | null;
}

export default function MessageDialog({ artist, show, onHide }: MessageDialogProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="message-title">
      <Modal.Header closeButton>
        <Modal.Title id="message-title">Message {artist.name}</Modal.Title>
      </Modal.Header>
      <Modal.Body>Messaging is not open yet.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>Close</Button>
      </Modal.Footer>
    </Modal>
  );
}
