// The notification centre's list: newest first, unread marked, read one by one or all at once.
import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { plural } from '../../../lib/format.ts';
import { $unreadNotifications } from '../../../site/stores/shell.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { NotificationJson } from '../service.ts';
import { EMPTY_TEXT, EMPTY_TITLE } from '../rules.ts';

interface Props {
  initial: NotificationJson[];
  renderedAt: string;
}

/** "5 minutes ago", "3 days ago" (the page's clock, so server and browser render the same). */
function ago(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

export default function NotificationList({ initial, renderedAt }: Props) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState(false);
  const unread = items.filter((n) => !n.read).length;
  const now = Date.parse(renderedAt);

  useEffect(() => $unreadNotifications.set(unread), [unread]);

  const markRead = async (id: number) => {
    setItems((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)));
    await apiRequest('POST', `/api/notifications/${id}/read`).catch(() => undefined);
  };

  const open = async (id: number, link: string) => {
    await markRead(id);
    await navigate(link);
  };

  const markAll = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/notifications/read-all');
      setItems((list) => list.map((n) => ({ ...n, read: true })));
    } catch (error) {
      toast({
        title: 'Could not mark them read',
        description: messageOf(error, 'Please try again'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  if (items.length === 0) {
    return (
      <div className="empty-state surface-card" data-testid="notifications-empty">
        <h2 className="h5 fw-bold">{EMPTY_TITLE}</h2>
        <p className="text-secondary mb-0">{EMPTY_TEXT}</p>
      </div>
    );
  }

  return (
    <section aria-labelledby="notifications-count">
      <div className="d-flex align-items-center justify-content-between gap-3 mb-3">
        <p id="notifications-count" className="text-secondary mb-0" aria-live="polite">
          {unread ? `${plural(unread, 'unread notification')}` : 'All caught up'}
        </p>
        <button
          type="button"
          className="btn btn-outline-light btn-sm"
          onClick={() => void markAll()}
          disabled={busy || unread === 0}
        >
          {busy ? 'Marking…' : 'Mark all read'}
        </button>
      </div>
      <ul className="list-unstyled notification-list surface-card" data-testid="notification-list">
        {items.map((n) => (
          <li key={n.id} className={`notification-item${n.read ? '' : ' unread'}`} data-kind={n.kind}>
            <div className="notification-text">
              <a
                href={n.link}
                className="notification-title"
                onClick={(event) => {
                  event.preventDefault();
                  void open(n.id, n.link);
                }}
              >
                {!n.read && <span className="visually-hidden">Unread: </span>}
                {n.title}
              </a>
              <p className="text-secondary small mb-0">{n.body}</p>
              <time className="text-secondary small" dateTime={n.createdAt}>
                {ago(n.createdAt, now)}
              </time>
            </div>
            {!n.read && (
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => void markRead(n.id)}
                aria-label={`Mark “${n.title}” read`}
              >
                Mark read
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
