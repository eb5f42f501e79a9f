// Keeps the bell's unread count fresh while a page stays open (a drop's job or a message may add one).
// Mounted once in the app layout for signed-in users; renders nothing.
import { apiGetOrNull } from '../../../site/lib/api.ts';
import { useVisiblePoll } from '../../../site/lib/useVisiblePoll.ts';
import { $unreadNotifications } from '../../../site/stores/shell.ts';
import { BELL_POLL_MS } from '../rules.ts';

async function refreshBell(): Promise<void> {
  const answer = await apiGetOrNull<{ count: number }>('/api/notifications/unread-count').catch(() => undefined);
  if (answer !== undefined) $unreadNotifications.set(answer?.count ?? 0);
}

export default function BellPoller() {
  useVisiblePoll(refreshBell, BELL_POLL_MS);
  return null;
}
