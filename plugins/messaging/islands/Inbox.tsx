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
import * as m from '../../../lib/i18n/messages.ts';

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
  for (const msg of messages) {
    const withId = msg.isSentByCurrentUser ? msg.recipientId : msg.senderId;
    const withName = msg.isSentByCurrentUser ? msg.recipientName : msg.senderName;
    const conversation = byPerson.get(withId) ?? { withId, withName, messages: [], unread: 0 };
    conversation.messages.push(msg);
    if (!msg.isSentByCurrentUser && !msg.isRead) conversation.unread += 1;
    byPerson.set(withId, conversation);
  }
  return [...byPerson.values()];
}

const unreadOf = (messages: MessageJSON[]) => messages.filter((msg) => !msg.isSentByCurrentUser && !msg.isRead);

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
      return toast({ title: m.messages_incomplete(), description: m.api_write_message(), variant: 'destructive' });
    setPending(true);
    const sent = await sendMessage({ recipientId: to.senderId, content, subject }, m.messages_reply_failed());
    setPending(false);
    if (!sent) return;
    toast({
      title: m.messages_reply_sent(),
      description: m.messages_reply_sent_text({ name: to.senderName }),
      variant: 'success',
    });
    onSent(sent);
  };

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="inbox-reply"
      aria-label={m.messages_reply_to({ name: to.senderName })}
    >
      {subject && <p className="small text-secondary mb-2">{m.messages_subject({ subject })}</p>}
      <Form.Group controlId={`reply-${to.id}`}>
        <Form.Label className="visually-hidden">{m.messages_your_reply()}</Form.Label>
        <LimitedText
          rows={3}
          max={MESSAGE_MAX_LENGTH}
          placeholder={m.messages_write_reply()}
          value={content}
          onChange={setContent}
        />
      </Form.Group>
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" className="btn-gold" size="sm" disabled={pending}>
          {pending ? m.common_sending() : m.messages_send_reply()}
        </Button>
        <Button variant="outline-light" size="sm" onClick={onCancel}>
          {m.common_cancel()}
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
        {m.messages_blocked()}
      </h2>
      <p className="small text-secondary">{m.messages_blocked_text()}</p>
      <ul className="list-unstyled mb-0 d-flex flex-wrap gap-2">
        {people.map((person) => (
          <li key={person.id} className="d-flex align-items-center gap-2">
            <span>{person.name}</span>
            <Button
              variant="outline-light"
              size="sm"
              onClick={() => onUnblock(person)}
              aria-label={m.messages_unblock_name({ name: person.name })}
            >
              {m.messages_unblock()}
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
      targets.map((msg) => apiRequest<MessageJSON>('PATCH', `/api/messages/${msg.id}/read`).catch(() => null)),
    );
    const read = new Set(updated.filter((msg) => msg?.isRead).map((msg) => msg!.id));
    setMessages((current) => current.map((msg) => (read.has(msg.id) ? { ...msg, isRead: true } : msg)));
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
      setMessages((current) => current.filter((msg) => msg.isSentByCurrentUser || msg.senderId !== person.id));
      toast({
        title: m.messages_is_blocked({ name: person.name }),
        description: m.messages_is_blocked_text(),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: m.messages_block_failed(),
        description: error instanceof ApiError ? error.serverMessage : String(error),
        variant: 'destructive',
      });
    }
  };

  const unblock = async (person: Person) => {
    try {
      setBlocked(await apiRequest<Person[]>('DELETE', `/api/blocks/${person.id}`));
      setMessages(await apiRequest<MessageJSON[]>('GET', '/api/messages'));
      toast({ title: m.messages_is_unblocked({ name: person.name }), variant: 'success' });
    } catch (error) {
      toast({
        title: m.messages_unblock_failed(),
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
          <h2 className="h5">{m.messages_empty()}</h2>
          <p className="text-secondary mb-0">{m.messages_empty_text()}</p>
        </div>
        {blockedList}
      </>
    );
  }

  return (
    <>
      <div className={`inbox${open ? ' inbox-open' : ''}`}>
        <nav className="inbox-list surface-card" aria-label={m.messages_conversations()}>
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
                    <span className="badge rounded-pill text-bg-warning">{m.messages_unread({ count: c.unread })}</span>
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0"
                      onClick={() => void markRead(unreadOf(c.messages))}
                    >
                      {m.messages_mark_read()}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <section
          className="inbox-detail surface-card"
          aria-label={open ? m.messages_conversation_with({ name: open.withName }) : m.messages_conversation()}
        >
          {!open ? (
            <p className="text-secondary m-0 p-4">{m.messages_select()}</p>
          ) : (
            <>
              <header className="d-flex align-items-center gap-2 p-3 border-bottom">
                <Button variant="outline-light" size="sm" className="d-md-none" onClick={() => setOpenId(null)}>
                  {m.messages_back()}
                </Button>
                <h2 className="h5 m-0 me-auto">{open.withName}</h2>
                {!blocked.some((p) => p.id === open.withId) && (
                  <Button
                    variant="outline-light"
                    size="sm"
                    onClick={() => void block({ id: open.withId, name: open.withName })}
                  >
                    {m.messages_block()}
                  </Button>
                )}
              </header>
              <ol className="list-unstyled p-3 m-0 inbox-thread">
                {[...open.messages].reverse().map((msg) => (
                  <li key={msg.id} className={`inbox-message${msg.isSentByCurrentUser ? ' mine' : ''}`}>
                    <p className="small text-secondary mb-1">
                      {msg.isSentByCurrentUser ? m.messages_you() : msg.senderName} ·{' '}
                      <time dateTime={msg.createdAt}>{format(msg.createdAt, MESSAGE_TIME_FORMAT)}</time>
                    </p>
                    {msg.subject && <p className="fw-bold mb-1">{msg.subject}</p>}
                    <p className="mb-2 inbox-content">{msg.content}</p>
                    {!msg.isSentByCurrentUser && replyTo !== msg.id && (
                      <span className="d-flex align-items-center gap-2">
                        <Button variant="outline-light" size="sm" onClick={() => setReplyTo(msg.id)}>
                          {m.messages_reply()}
                        </Button>
                        <IslandSlot slot="message.actions" fillers={messageActions} message={msg} />
                      </span>
                    )}
                    {replyTo === msg.id && (
                      <ReplyForm
                        to={msg}
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
