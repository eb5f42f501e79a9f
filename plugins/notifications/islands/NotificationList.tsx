// The notification centre's list: newest first, unread marked, read one by one or all at once.
import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { perLocale } from '../../../lib/i18n/format.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { $unreadNotifications } from '../../../site/stores/shell.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { NotificationJson } from '../service.ts';

interface Props {
  initial: NotificationJson[];
  renderedAt: string;
}

const relative = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));

/** "5 minutes ago", "3 days ago" (the page's clock, so server and browser render the same). */
function ago(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return m.notifications_just_now();
  if (minutes < 60) return relative().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative().format(-hours, 'hour');
  return relative().format(-Math.floor(hours / 24), 'day');
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
    await navigate(localeHref(link));
  };

  const markAll = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/notifications/read-all');
      setItems((list) => list.map((n) => ({ ...n, read: true })));
    } catch (error) {
      toast({
        title: m.notifications_mark_failed(),
        description: messageOf(error, m.notifications_try_again()),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  if (items.length === 0) {
    return (
      <div className="empty-state surface-card" data-testid="notifications-empty">
        <h2 className="h5 fw-bold">{m.notifications_empty()}</h2>
        <p className="text-secondary mb-0">{m.notifications_empty_text()}</p>
      </div>
    );
  }

  return (
    <section aria-labelledby="notifications-count">
      <div className="d-flex align-items-center justify-content-between gap-3 mb-3">
        <p id="notifications-count" className="text-secondary mb-0" aria-live="polite">
          {unread ? m.notifications_unread({ count: unread }) : m.notifications_caught_up()}
        </p>
        <button
          type="button"
          className="btn btn-outline-light btn-sm"
          onClick={() => void markAll()}
          disabled={busy || unread === 0}
        >
          {busy ? m.notifications_marking() : m.notifications_mark_all()}
        </button>
      </div>
      <ul className="list-unstyled notification-list surface-card" data-testid="notification-list">
        {items.map((n) => (
          <li key={n.id} className={`notification-item${n.read ? '' : ' unread'}`} data-kind={n.kind}>
            <div className="notification-text">
              <a
                href={localeHref(n.link)}
                className="notification-title"
                onClick={(event) => {
                  event.preventDefault();
                  void open(n.id, n.link);
                }}
              >
                {!n.read && <span className="visually-hidden">{m.notifications_unread_label()} </span>}
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
                aria-label={m.notifications_mark_one_label({ title: n.title })}
              >
                {m.notifications_mark_one()}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
