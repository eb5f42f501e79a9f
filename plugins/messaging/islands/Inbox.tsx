import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError, apiRequest } from '../../../site/lib/api.ts';
import { IslandSlot } from '../../../site/components/IslandSlot.tsx';
import messageActions from 'virtual:onetrack/islands/message.actions';
import { MESSAGE_TIME_FORMAT, useLocalFormat } from '../../../site/lib/dates.ts';
import { $unreadMessages } from '../../../site/stores/shell.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { toast } from '../../../site/stores/toasts.ts';
import { MESSAGE_MAX_LENGTH, replySubject } from '../rules.ts';
import { sendMessage, type MessageJSON } from './send.ts';
import { UNREAD_POLL_MS } from './UnreadPoller.tsx';

interface Conversation {
  withId: number;
  withName: string;
  /** Newest first. */
  messages: MessageJSON[];
  unread: number;
}

/** One conversation per other person, the most recent first. */
function conversationsOf(messages: MessageJSON[]): Conversation[] {
  const byPerson = new Map<number, Conversation>();
  for (const m of messages) {
    const withId = m.isSentByCurrentUser ? m.recipientId : m.senderId;
    const withName = m.isSentByCurrentUser ? m.recipientName : m.senderName;
    const conversation = byPerson.get(withId) ?? { withId, withName, messages: [], unread: 0 };
    conversation.messages.push(m);
    if (!m.isSentByCurrentUser && !m.isRead) conversation.unread += 1;
    byPerson.set(withId, conversation);
  }
  return [...byPerson.values()];
}

const unreadOf = (messages: MessageJSON[]) => messages.filter((m) => !m.isSentByCurrentUser && !m.isRead);

function ReplyForm({
  to,
  onSent,
  onCancel,
}: {
  to: MessageJSON;
  onSent(message: MessageJSON): void;
  onCancel(): void;
}) {
  const [content, setContent] = useState('');
  const [pending, setPending] = useState(false);
  const subject = replySubject(to.subject);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim())
      return toast({ title: 'Message incomplete', description: 'Please write a message', variant: 'destructive' });
    setPending(true);
    const sent = await sendMessage({ recipientId: to.senderId, content, subject }, 'Failed to send reply');
    setPending(false);
    if (!sent) return;
    toast({ title: 'Reply sent', description: `Your reply has been sent to ${to.senderName}`, variant: 'success' });
    onSent(sent);
  };

  return (
    <Form noValidate onSubmit={submit} className="inbox-reply" aria-label={`Reply to ${to.senderName}`}>
      {subject && <p className="small text-secondary mb-2">Subject: {subject}</p>}
      <Form.Group controlId={`reply-${to.id}`}>
        <Form.Label className="visually-hidden">Your reply</Form.Label>
        <LimitedText
          rows={3}
          max={MESSAGE_MAX_LENGTH}
          placeholder="Write your reply"
          value={content}
          onChange={setContent}
        />
      </Form.Group>
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" className="btn-gold" size="sm" disabled={pending}>
          {pending ? 'Sending…' : 'Send Reply'}
        </Button>
        <Button variant="outline-light" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

interface Person {
  id: number;
  name: string;
}

/** The people this user blocked, each with Unblock. */
function BlockedList({ people, onUnblock }: { people: Person[]; onUnblock(person: Person): void }) {
  if (people.length === 0) return null;
  return (
    <section className="surface-card p-3 mt-3" aria-labelledby="blocked-title">
      <h2 id="blocked-title" className="h6">
        Blocked
      </h2>
      <p className="small text-secondary">They cannot message you, and you do not see their messages.</p>
      <ul className="list-unstyled mb-0 d-flex flex-wrap gap-2">
        {people.map((person) => (
          <li key={person.id} className="d-flex align-items-center gap-2">
            <span>{person.name}</span>
            <Button
              variant="outline-light"
              size="sm"
              onClick={() => onUnblock(person)}
              aria-label={`Unblock ${person.name}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Inbox({ initial, blocked: initialBlocked }: { initial: MessageJSON[]; blocked: Person[] }) {
  const [messages, setMessages] = useState(initial);
  const [blocked, setBlocked] = useState(initialBlocked);
  const [openId, setOpenId] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const format = useLocalFormat();
  const conversations = useMemo(() => conversationsOf(messages), [messages]);
  const open = conversations.find((c) => c.withId === openId) ?? null;

  // The badge counts what this list shows; the list itself refreshes as often as the badge.
  useEffect(() => $unreadMessages.set(unreadOf(messages).length), [messages]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible')
        apiRequest<MessageJSON[]>('GET', '/api/messages').then(setMessages, () => undefined);
    }, UNREAD_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const markRead = async (targets: MessageJSON[]) => {
    const updated = await Promise.all(
      targets.map((m) => apiRequest<MessageJSON>('PATCH', `/api/messages/${m.id}/read`).catch(() => null)),
    );
    const read = new Set(updated.filter((m) => m?.isRead).map((m) => m!.id));
    setMessages((current) => current.map((m) => (read.has(m.id) ? { ...m, isRead: true } : m)));
  };

  const openConversation = (conversation: Conversation) => {
    setOpenId(conversation.withId);
    setReplyTo(null);
    // Spec §4: a message becomes read when opened.
    const unread = unreadOf(conversation.messages);
    if (unread.length) void markRead(unread);
  };

  // Blocking hides their messages here at once; the server refuses their new ones.
  const block = async (person: Person) => {
    try {
      setBlocked(await apiRequest<Person[]>('POST', '/api/blocks', { userId: person.id }));
      setMessages((current) => current.filter((m) => m.isSentByCurrentUser || m.senderId !== person.id));
      toast({ title: `${person.name} is blocked`, description: 'They can no longer message you.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Could not block',
        description: error instanceof ApiError ? error.serverMessage : String(error),
        variant: 'destructive',
      });
    }
  };

  const unblock = async (person: Person) => {
    try {
      setBlocked(await apiRequest<Person[]>('DELETE', `/api/blocks/${person.id}`));
      setMessages(await apiRequest<MessageJSON[]>('GET', '/api/messages'));
      toast({ title: `${person.name} is unblocked`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Could not unblock',
        description: error instanceof ApiError ? error.serverMessage : String(error),
        variant: 'destructive',
      });
    }
  };

  const blockedList = <BlockedList people={blocked} onUnblock={(person) => void unblock(person)} />;

  if (messages.length === 0) {
    return (
      <>
        <div className="surface-card p-4 text-center">
          <h2 className="h5">No messages yet</h2>
          <p className="text-secondary mb-0">
            Message an artist from their profile page and the conversation appears here.
          </p>
        </div>
        {blockedList}
      </>
    );
  }

  return (
    <>
      <div className={`inbox${open ? ' inbox-open' : ''}`}>
        <nav className="inbox-list surface-card" aria-label="Conversations">
          <ul className="list-unstyled mb-0">
            {conversations.map((c) => (
              <li key={c.withId} className={`inbox-item${c.withId === openId ? ' active' : ''}`}>
                <button
                  type="button"
                  className="inbox-open-button"
                  onClick={() => openConversation(c)}
                  aria-current={c.withId === openId ? 'true' : undefined}
                >
                  <span className="d-flex justify-content-between gap-2">
                    <strong className={c.unread ? 'text-gold' : undefined}>{c.withName}</strong>
                    <time className="small text-secondary text-nowrap" dateTime={c.messages[0].createdAt}>
                      {format(c.messages[0].createdAt, MESSAGE_TIME_FORMAT)}
                    </time>
                  </span>
                  <span className="inbox-preview small text-secondary">
                    {c.messages[0].subject ? `${c.messages[0].subject}: ` : ''}
                    {c.messages[0].content}
                  </span>
                </button>
                {c.unread > 0 && (
                  <span className="d-flex align-items-center gap-2 px-3 pb-2">
                    <span className="badge rounded-pill text-bg-warning">{c.unread} unread</span>
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      onClick={() => void markRead(unreadOf(c.messages))}
                    >
                      Mark as Read
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <section
          className="inbox-detail surface-card"
          aria-label={open ? `Conversation with ${open.withName}` : 'Conversation'}
        >
          {!open ? (
            <p className="text-secondary m-0 p-4">Select a conversation to read it.</p>
          ) : (
            <>
              <header className="d-flex align-items-center gap-2 p-3 border-bottom">
                <Button variant="outline-light" size="sm" className="d-md-none" onClick={() => setOpenId(null)}>
                  Back
                </Button>
                <h2 className="h5 m-0 me-auto">{open.withName}</h2>
                {!blocked.some((p) => p.id === open.withId) && (
                  <Button
                    variant="outline-light"
                    size="sm"
                    onClick={() => void block({ id: open.withId, name: open.withName })}
                  >
                    Block
                  </Button>
                )}
              </header>
              <ol className="list-unstyled p-3 m-0 inbox-thread">
                {[...open.messages].reverse().map((m) => (
                  <li key={m.id} className={`inbox-message${m.isSentByCurrentUser ? ' mine' : ''}`}>
                    <p className="small text-secondary mb-1">
                      {m.isSentByCurrentUser ? 'You' : m.senderName} ·{' '}
                      <time dateTime={m.createdAt}>{format(m.createdAt, MESSAGE_TIME_FORMAT)}</time>
                    </p>
                    {m.subject && <p className="fw-bold mb-1">{m.subject}</p>}
                    <p className="mb-2 inbox-content">{m.content}</p>
                    {!m.isSentByCurrentUser && replyTo !== m.id && (
                      <span className="d-flex align-items-center gap-2">
                        <Button variant="outline-light" size="sm" onClick={() => setReplyTo(m.id)}>
                          Reply
                        </Button>
                        <IslandSlot slot="message.actions" fillers={messageActions} message={m} />
                      </span>
                    )}
                    {replyTo === m.id && (
                      <ReplyForm
                        to={m}
                        onCancel={() => setReplyTo(null)}
                        onSent={(sent) => {
                          setMessages((current) => [sent, ...current]);
                          setReplyTo(null);
                        }}
                      />
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
      </div>
      {blockedList}
    </>
  );
}
