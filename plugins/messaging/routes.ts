import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { blockRules, messageRequired, messageRules } from './rules.ts';
import type { SendInput } from './service.ts';

const parseMessage = bodyValidator<SendInput>(messageRules, messageRequired);
const parseBlock = bodyValidator<{ userId: number }>(blockRules, ['userId']);

export function messagingRoutes(router: ApiRouter, kernel: Kernel) {
  const messaging = kernel.services.messaging;

  router.get('/messages', async (ctx) => {
    ctx.body = await messaging.list(requireUser(ctx).id);
  });

  // What the badges poll: one count instead of the whole inbox.
  router.get('/messages/unread-count', async (ctx) => {
    ctx.body = { count: await messaging.unreadCount(requireUser(ctx).id) };
  });

  router.post('/messages', async (ctx) => {
    const user = requireUser(ctx, 'Please log in to send messages');
    await kernel.services.accounts.recovery.requireVerified(user.id, 'send messages');
    const input = parseMessage(ctx.request.body);
    ctx.status = 201;
    ctx.body = await messaging.send(user.id, input);
  });

  router.get('/blocks', async (ctx) => {
    ctx.body = await messaging.blocked(requireUser(ctx).id);
  });

  router.post('/blocks', async (ctx) => {
    const user = requireUser(ctx, 'Please log in to block someone');
    const { userId } = parseBlock(ctx.request.body);
    await messaging.block(user.id, userId);
    ctx.status = 201;
    ctx.body = await messaging.blocked(user.id);
  });

  router.delete('/blocks/:userId', async (ctx) => {
    const user = requireUser(ctx);
    await messaging.unblock(user.id, idParam(ctx.params.userId, 'User'));
    ctx.body = await messaging.blocked(user.id);
  });

  router.patch('/messages/:id/read', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await messaging.markRead(user.id, idParam(ctx.params.id, 'Message'));
  });
}
