import type { Knex } from 'knex';
import { userTag } from '../../api/cache/tags.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { AppError, forbidden, invalid, notFound } from '../../api/errors.ts';
import { User } from '../accounts/models.ts';
import { Message, messageJson, type MessageRow } from './models.ts';
import { BLOCKED_YOU, CANNOT_BLOCK_SELF, subjectOf } from './rules.ts';

/**
 * A user's messages, sent and received (the inbox), and apart from them their unread count, which
 * every page's top bar shows: a message sent announces the sender's inbox, not their every view.
 */
const inboxTag = (userId: number) => `inbox:${userId}`;
const unreadTag = (userId: number) => `unread:${userId}`;

export interface SendInput {
  recipientId: number;
  content: string;
  subject?: string | null;
}

/** A message just stored, for listeners (notifications) that act in the same transaction. */
export interface SentMessage {
  id: number;
  senderId: number;
  senderName: string;
  recipientId: number;
  subject: string | null;
  content: string;
}

export type SentListener = (trx: Knex.Transaction, message: SentMessage) => Promise<void>;

/** Generous for a person, tight for a script: nobody writes 20 messages a minute by hand. */
export const SENDS_PER_MINUTE = 20;

export function createMessagingService(kernel: Kernel) {
  /** Messages (alias m) whose sender this user blocked: hidden from their inbox and unread count. */
  const blockedSender = (userId: number) =>
    kernel
      .knex('blocks as bl')
      .select(kernel.knex.raw('1'))
      .where('bl.blocker_id', userId)
      .whereRaw('bl.blocked_id = m.sender_id');

  // Counted by every app node together (kernel.limits), one atomic step per send, so neither
  // another node nor messages sent at the same moment get past it.
  const sends = kernel.limits.create('message-sends', { points: SENDS_PER_MINUTE, windowMs: 60_000 });
  const sentListeners: SentListener[] = [];

  const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

  const service = {
    /** The person's conversations and blocks (their data export). */
    async exportOf(userId: number) {
      const rows = await kernel
        .knex('messages as m')
        .join('users as s', 's.id', 'm.sender_id')
        .join('users as r', 'r.id', 'm.recipient_id')
        .where('m.sender_id', userId)
        .orWhere('m.recipient_id', userId)
        .orderBy('m.created_at')
        .select(
          'm.id',
          's.username as from',
          'r.username as to',
          'm.subject',
          'm.content',
          'm.is_read',
          'm.created_at',
        );
      const blocks = await kernel
        .knex('blocks as b')
        .join('users as u', 'u.id', 'b.blocked_id')
        .where('b.blocker_id', userId)
        .select('u.username', 'b.created_at');
      return {
        messages: rows.map(({ isRead, createdAt, ...m }) => ({
          ...m,
          id: Number(m.id),
          read: Boolean(isRead),
          sentAt: iso(createdAt),
        })),
        blocks: blocks.map((b) => ({ username: b.username, since: iso(b.createdAt) })),
      };
    },

    /** Deleting an account deletes the conversations it took part in (its personal data) and its blocks. */
    async forget(userId: number, trx: Knex.Transaction): Promise<void> {
      await Message.query(trx).where({ senderId: userId }).orWhere({ recipientId: userId }).delete();
      await trx('blocks').where({ blockerId: userId }).orWhere({ blockedId: userId }).delete();
    },

    /** The user's received and sent messages, newest first. Nobody else's. */
    // One query of plain rows (the inbox is read on every visit to /messages).
    async list(userId: number) {
      kernel.cache.dependsOn([inboxTag(userId)]);
      const rows: MessageRow[] = await kernel
        .knex('messages as m')
        .leftJoin('users as s', 's.id', 'm.sender_id')
        .leftJoin('users as r', 'r.id', 'm.recipient_id')
        .select('m.*', 's.name as sender_name', 'r.name as recipient_name')
        .where((q) => q.where('m.sender_id', userId).orWhere('m.recipient_id', userId))
        .whereNotExists(blockedSender(userId))
        .orderBy([
          { column: 'm.created_at', order: 'desc' },
          { column: 'm.id', order: 'desc' },
        ]);
      return rows.map((row) => messageJson(row, userId));
    },

    async unreadCount(userId: number): Promise<number> {
      kernel.cache.dependsOn([unreadTag(userId)]);
      return Message.query()
        .alias('m')
        .where({ recipientId: userId, isRead: false })
        .whereNotExists(blockedSender(userId))
        .resultSize();
    },

    async send(senderId: number, input: SendInput) {
      if (input.recipientId === senderId) throw invalid('You cannot send messages to yourself');
      const recipient = await User.query().findById(input.recipientId);
      if (!recipient || recipient.deletedAt) throw notFound('Recipient not found');
      if (await kernel.knex('blocks').where({ blockerId: recipient.id, blockedId: senderId }).first('blockerId'))
        throw forbidden(BLOCKED_YOU);
      const wait = await sends.take(String(senderId));
      if (wait > 0) throw new AppError('too_many', 'You are sending messages too fast. Please wait a minute.', wait);
      const subject = subjectOf(input.subject);
      const content = input.content.trim();
      const message = await kernel.knex.transaction(async (trx) => {
        const stored = await Message.query(trx).insertAndFetch({
          senderId,
          recipientId: recipient.id,
          subject,
          content,
          isRead: false,
          createdAt: kernel.now().getTime(),
        });
        const sender = await User.query(trx).findById(senderId).select('name');
        for (const listener of sentListeners)
          await listener(trx, {
            id: stored.id,
            senderId,
            senderName: sender?.name ?? '',
            recipientId: recipient.id,
            subject,
            content,
          });
        return stored;
      });
      // The sender's inbox; the recipient's every view (the top bar's unread counts, and the
      // notification written in the same transaction).
      await kernel.cache.changed([inboxTag(senderId), userTag(recipient.id)]);
      return (await Message.withNames().findById(message.id))!.toJSONFor(senderId);
    },

    /** The people this user blocked, by name, most recent first. */
    async blocked(userId: number) {
      const rows = await kernel
        .knex('blocks as b')
        .join('users as u', 'u.id', 'b.blocked_id')
        .where('b.blocker_id', userId)
        .orderBy('b.created_at', 'desc')
        .select('u.id', 'u.name');
      return rows.map((row: { id: number; name: string }) => ({ id: Number(row.id), name: row.name }));
    },

    /** Blocks a person (again: no change): they can no longer message this user, whose inbox hides them. */
    async block(userId: number, blockedId: number): Promise<void> {
      if (blockedId === userId) throw invalid(CANNOT_BLOCK_SELF);
      const blocked = await User.query().findById(blockedId);
      if (!blocked || blocked.deletedAt) throw notFound('User not found');
      await kernel
        .knex('blocks')
        .insert({ blockerId: userId, blockedId, createdAt: kernel.now().getTime() })
        .onConflict(['blockerId', 'blockedId'])
        .ignore();
    },

    async unblock(userId: number, blockedId: number): Promise<void> {
      await kernel.knex('blocks').where({ blockerId: userId, blockedId }).delete();
    },

    /** Other plugins act on every message sent, inside its transaction (a failure keeps it unsent). */
    onSent(listener: SentListener): void {
      sentListeners.push(listener);
    },

    /** Only the recipient may mark a message read; others learn only that it is not theirs. */
    async markRead(userId: number, id: number) {
      const message = await Message.query().findById(id);
      if (!message) throw notFound('Message not found');
      if (message.recipientId !== userId) throw forbidden('You can only mark messages sent to you as read');
      const unread = !message.isRead;
      if (unread) await message.$query().patch({ isRead: true });
      // Both inboxes show whether it was read; the reader's unread count is in every view of theirs.
      await kernel.cache.changed(unread ? [inboxTag(userId), unreadTag(userId), inboxTag(message.senderId)] : []);
      return (await Message.withNames().findById(id))!.toJSONFor(userId);
    },
  };

  return service;
}

export type MessagingService = ReturnType<typeof createMessagingService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    messaging: MessagingService;
  }
}
