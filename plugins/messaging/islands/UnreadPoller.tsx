// Keeps the sidebar and top-bar unread badges fresh (spec §9: messages are stale after 30 s).
// Mounted once in the app layout for signed-in users; renders nothing.
import { useEffect } from 'react';
import { apiGetOrNull } from '../../../site/lib/api.ts';
import { $unreadMessages } from '../../../site/stores/shell.ts';

export const UNREAD_POLL_MS = 30_000;

export async function refreshUnread(): Promise<void> {
  const answer = await apiGetOrNull<{ count: number }>('/api/messages/unread-count').catch(() => undefined);
  if (answer !== undefined) $unreadMessages.set(answer?.count ?? 0);
}

export default function UnreadPoller() {
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnread();
    }, UNREAD_POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refreshUnread();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return null;
}
