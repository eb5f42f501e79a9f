import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { LOGIN_REQUIRED } from './rules.ts';

export function notificationsRoutes(router: ApiRouter, kernel: Kernel) {
  const notifications = kernel.services.notifications;

  router.get('/notifications', async (ctx) => {
    const user = requireUser(ctx, LOGIN_REQUIRED);
    const [items, unread] = await Promise.all([notifications.list(user.id), notifications.unreadCount(user.id)]);
    ctx.body = { notifications: items, unread };
  });

  // What the bell polls: one count.
  router.get('/notifications/unread-count', async (ctx) => {
    ctx.body = { count: await notifications.unreadCount(requireUser(ctx).id) };
  });

  router.post('/notifications/read-all', async (ctx) => {
    const user = requireUser(ctx);
    await notifications.markAllRead(user.id);
    ctx.body = { unread: 0 };
  });

  router.post('/notifications/:id/read', async (ctx) => {
    const user = requireUser(ctx);
    await notifications.markRead(user.id, idParam(ctx.params.id, 'Notification'));
    ctx.body = { unread: await notifications.unreadCount(user.id) };
  });
}
