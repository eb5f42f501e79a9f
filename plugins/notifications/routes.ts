import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, component, dateTime, integer, object, string } from '../../api/openapi/schema.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { LOGIN_REQUIRED } from './rules.ts';

const Notification = component(
  'Notification',
  object({ id: integer, kind: string, title: string, body: string, link: string, createdAt: dateTime, read: boolean }),
);
const UNREAD = object({ unread: integer });

export function notificationsRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const notifications = kernel.services.notifications;

  api.get(
    '/notifications',
    {
      summary: 'The caller’s notifications, newest first, and how many are unread',
      session: 'required',
      login: LOGIN_REQUIRED,
      responses: { 200: object({ notifications: arrayOf(Notification), unread: integer }) },
    },
    async (ctx) => {
      const user = requireUser(ctx, LOGIN_REQUIRED);
      const [items, unread] = await Promise.all([notifications.list(user.id), notifications.unreadCount(user.id)]);
      ctx.body = { notifications: items, unread };
    },
  );

  // What the bell polls: one count.
  api.get(
    '/notifications/unread-count',
    {
      summary: 'How many notifications are unread (what the bell polls)',
      session: 'required',
      responses: { 200: object({ count: integer }) },
    },
    async (ctx) => {
      ctx.body = { count: await notifications.unreadCount(requireUser(ctx).id) };
    },
  );

  api.post(
    '/notifications/read-all',
    { summary: 'Mark every notification read', session: 'required', responses: { 200: UNREAD } },
    async (ctx) => {
      const user = requireUser(ctx);
      await notifications.markAllRead(user.id);
      ctx.body = { unread: 0 };
    },
  );

  api.post(
    '/notifications/:id/read',
    { summary: 'Mark one notification read', session: 'required', responses: { 200: UNREAD } },
    async (ctx) => {
      const user = requireUser(ctx);
      await notifications.markRead(user.id, idParam(ctx.params.id, 'Notification'));
      ctx.body = { unread: await notifications.unreadCount(user.id) };
    },
  );
}
