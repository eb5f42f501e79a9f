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
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { splitLocalePath } from '../../../lib/i18n/locales.ts';

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
    if (currentUserId === null) return signInToast(m.api_send_login());
    if (!content.trim())
      return toast({ title: m.messages_incomplete(), description: m.api_write_message(), variant: 'destructive' });
    if (currentUserId === artist.userId) {
      return toast({
        title: m.messages_cannot_send(),
        description: m.api_message_self(),
        variant: 'destructive',
      });
    }
    setPending(true);
    const sent = await sendMessage({ recipientId: artist.userId, content }, m.messages_send_failed());
    setPending(false);
    if (!sent) return;
    toast({ title: m.messages_sent(), description: m.messages_sent_text({ name: artist.name }), variant: 'success' });
    setContent('');
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="message-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="message-title">{m.messages_dialog_title({ name: artist.name })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* Said before anything is typed (issue 44 point 14): a visitor gets no box to fill in vain. */}
          {currentUserId === null ? (
            <p className="text-secondary mb-0" data-testid="message-sign-in">
              {m.messages_dialog_sign_in({ name: artist.name })}
            </p>
          ) : (
            <Form.Group controlId="message-content">
              <Form.Label>{m.messages_your_message()}</Form.Label>
              <LimitedText rows={5} max={MESSAGE_MAX_LENGTH} value={content} onChange={setContent} />
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            {m.common_cancel()}
          </Button>
          {currentUserId === null ? (
            <a
              className="btn btn-gold"
              href={localeHref(signInPath(splitLocalePath(location.pathname).path + location.search))}
            >
              {m.notlogged_login()}
            </a>
          ) : (
            <Button type="submit" className="btn-gold" disabled={pending}>
              {pending ? m.common_sending() : m.messages_send()}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
