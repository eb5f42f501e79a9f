import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, integer, object } from '../../api/openapi/schema.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { BLOCKED_YOU, CANNOT_BLOCK_SELF, blockRules, messageRequired, messageRules } from './rules.ts';
import { BlockedPeople, Message } from './schemas.ts';
import type { SendInput } from './service.ts';

const parseMessage = bodyValidator<SendInput>(messageRules, messageRequired);
const parseBlock = bodyValidator<{ userId: number }>(blockRules, ['userId']);
const SEND_LOGIN = 'Please log in to send messages';
const BLOCK_LOGIN = 'Please log in to block someone';

export function messagingRoutes(router: ApiRouter, kernel: Kernel) {
  const messaging = kernel.services.messaging;
  const api = described(router);

  api.get(
    '/messages',
    { summary: 'The inbox and sent messages, newest first', session: 'required', responses: { 200: arrayOf(Message) } },
    async (ctx) => {
      ctx.body = await messaging.list(requireUser(ctx).id);
    },
  );

  // What the badges poll: one count instead of the whole inbox.
  api.get(
    '/messages/unread-count',
    {
      summary: 'How many received messages are unread',
      session: 'required',
      responses: { 200: object({ count: integer }) },
    },
    async (ctx) => {
      ctx.body = { count: await messaging.unreadCount(requireUser(ctx).id) };
    },
  );

  api.post(
    '/messages',
    {
      summary: 'Send a message',
      session: 'required',
      login: SEND_LOGIN,
      body: parseMessage,
      responses: { 201: Message },
      errors: {
        400: 'to oneself',
        403: ['the e-mail address is not verified yet', `“${BLOCKED_YOU}”`],
        404: 'no such recipient',
        429: 'sending too fast',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, SEND_LOGIN);
      await kernel.services.accounts.recovery.requireVerified(user.id, 'send messages');
      const input = parseMessage(ctx.request.body);
      ctx.status = 201;
      ctx.body = await messaging.send(user.id, input);
    },
  );

  api.get(
    '/blocks',
    { summary: 'The people the caller blocked', session: 'required', responses: { 200: BlockedPeople } },
    async (ctx) => {
      ctx.body = await messaging.blocked(requireUser(ctx).id);
    },
  );

  api.post(
    '/blocks',
    {
      summary: 'Block a person: their messages are refused and left out of the inbox',
      session: 'required',
      login: BLOCK_LOGIN,
      body: parseBlock,
      responses: { 201: BlockedPeople },
      errors: { 400: `“${CANNOT_BLOCK_SELF}”`, 404: 'no such person' },
    },
    async (ctx) => {
      const user = requireUser(ctx, BLOCK_LOGIN);
      const { userId } = parseBlock(ctx.request.body);
      await messaging.block(user.id, userId);
      ctx.status = 201;
      ctx.body = await messaging.blocked(user.id);
    },
  );

  api.delete(
    '/blocks/:userId',
    { summary: 'Unblock a person', session: 'required', responses: { 200: BlockedPeople } },
    async (ctx) => {
      const user = requireUser(ctx);
      await messaging.unblock(user.id, idParam(ctx.params.userId, 'User'));
      ctx.body = await messaging.blocked(user.id);
    },
  );

  api.patch(
    '/messages/:id/read',
    {
      summary: 'Mark a received message read',
      session: 'required',
      responses: { 200: Message },
      errors: { 403: 'the message was not sent to the caller', 404: 'no such message' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await messaging.markRead(user.id, idParam(ctx.params.id, 'Message'));
    },
  );
}
