// The artist page's Message dialog (rendered by the catalog's artist page).
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { signInToast } from '../../../site/lib/session.ts';
import { signInPath } from '../../../lib/nextPath.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { MESSAGE_MAX_LENGTH } from '../rules.ts';
import { sendMessage } from './send.ts';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

export interface MessageDialogProps {
  artist: { id: number; name: string; userId: number };
  show: boolean;
  onHide(): void;
  currentUserId: number | null;
}

export default function MessageDialog({ artist, show, onHide, currentUserId }: MessageDialogProps) {
  const [content, setContent] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §5 Message, in the spec's order; the server refuses the same cases.
    if (currentUserId === null) return signInToast('Please log in to send messages');
    if (!content.trim())
      return toast({ title: 'Message incomplete', description: 'Please write a message', variant: 'destructive' });
    if (currentUserId === artist.userId) {
      return toast({
        title: 'Cannot send message',
        description: 'You cannot send messages to yourself',
        variant: 'destructive',
      });
    }
    setPending(true);
    const sent = await sendMessage({ recipientId: artist.userId, content }, 'Failed to send message');
    setPending(false);
    if (!sent) return;
    toast({ title: 'Message sent!', description: `Your message has been sent to ${artist.name}`, variant: 'success' });
    setContent('');
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="message-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="message-title">Message {artist.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* Said before anything is typed (issue 44 point 14): a visitor gets no box to fill in vain. */}
          {currentUserId === null ? (
            <p className="text-secondary mb-0" data-testid="message-sign-in">
              Log in to send {artist.name} a message; you come back here afterwards.
            </p>
          ) : (
            <Form.Group controlId="message-content">
              <Form.Label>Your message</Form.Label>
              <LimitedText rows={5} max={MESSAGE_MAX_LENGTH} value={content} onChange={setContent} />
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            Cancel
          </Button>
          {currentUserId === null ? (
            <a className="btn btn-gold" href={signInPath(location.pathname + location.search)}>
              Log In
            </a>
          ) : (
            <Button type="submit" className="btn-gold" disabled={pending}>
              {pending ? 'Sending…' : 'Send Message'}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
