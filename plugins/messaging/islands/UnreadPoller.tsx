// Keeps the sidebar and top-bar unread badges fresh (spec §9: messages are stale after 30 s).
// Mounted once in the app layout for signed-in users; renders nothing.
import { apiGetOrNull } from '../../../site/lib/api.ts';
import { useVisiblePoll } from '../../../site/lib/useVisiblePoll.ts';
import { $unreadMessages } from '../../../site/stores/shell.ts';

export const UNREAD_POLL_MS = 30_000;

export async function refreshUnread(): Promise<void> {
  const answer = await apiGetOrNull<{ count: number }>('/api/messages/unread-count').catch(() => undefined);
  if (answer !== undefined) $unreadMessages.set(answer?.count ?? 0);
}

export default function UnreadPoller() {
  useVisiblePoll(refreshUnread, UNREAD_POLL_MS);
  return null;
}
