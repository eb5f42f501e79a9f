import type { Knex } from 'knex';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { notFound } from '../../api/errors.ts';
import { userTag } from '../../api/cache/tags.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { createMailer } from '../../api/mail.ts';
import { jsonColumn } from '../../api/db/jsonColumn.ts';
import { inLocale, say, type Said } from '../../api/i18n.ts';
import { isLocale, localePath } from '../../lib/i18n/locales.ts';
import * as m from '../../lib/i18n/messages.ts';
import type { SentMessage } from '../messaging/service.ts';
import { NOT_YOURS, PAGE_SIZE, type NotificationKind } from './rules.ts';

export const EMAIL_JOB = 'notifications.email';

/** One event for one user. `key` names the event (e.g. `drop:42`): the same key is kept once per user. */
export interface NotificationEvent {
  userId: number;
  key: string;
  kind: NotificationKind;
  /** As written, or a message (said in each reader's language when read, kept in English too). */
  title: string | Said;
  body: string | Said;
  /** A path on the site, e.g. /tracks/42. */
  link: string;
}

/** The messages of a row's title and body (the `texts` column), where they were messages. */
interface Texts {
  title?: Said;
  body?: Said;
}

interface Row {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  texts?: string | null;
  createdAt: number;
  readAt: number | null;
}

const english = (text: string | Said) =>
  typeof text === 'string' ? text : inLocale('en', () => say(text) ?? text.key);

/** Words of the message a notification quotes (its body column holds 500 characters). */
const PREVIEW_LENGTH = 140;

/** What a message's notification says: its subject and the start of the text, so a reply says more than "Re:". */
function messagePreview(message: SentMessage): string {
  const text = message.content.replace(/\s+/g, ' ');
  const excerpt = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : text;
  return message.subject ? `${message.subject}: ${excerpt}` : excerpt;
}

/** A row's title and body in the current language (as stored when they were not messages). */
function textsOf(row: Pick<Row, 'title' | 'body' | 'texts'>): { title: string; body: string } {
  const texts = jsonColumn<Texts>(row.texts);
  return {
    title: (texts?.title && say(texts.title)) || row.title,
    body: (texts?.body && say(texts.body)) || row.body,
  };
}

const present = (row: Row) => ({
  id: Number(row.id),
  kind: row.kind,
  ...textsOf(row),
  link: row.link,
  createdAt: new Date(Number(row.createdAt)).toISOString(),
  read: row.readAt != null,
});

export type NotificationJson = ReturnType<typeof present>;

export function createNotificationsService(kernel: Kernel) {
  const { knex } = kernel;
  const mailer = kernel.config.mail ? createMailer(kernel.config.mail, kernel.config) : null;

  /** The two switches of Preferences (both on when the user never saved them). */
  async function switches(db: Knex | Knex.Transaction, userIds: number[]) {
    const rows = await db('user_preferences')
      .whereIn('userId', userIds)
      .select('userId', 'emailNotifications', 'inAppNotifications');
    const byUser = new Map(
      rows.map((r) => [
        Number(r.userId),
        { email: Boolean(r.emailNotifications), inApp: Boolean(r.inAppNotifications) },
      ]),
    );
    return (userId: number) => byUser.get(userId) ?? { email: true, inApp: true };
  }

  const service = {
    /** The person's notifications (their data export); they are deleted with the account. */
    async exportOf(userId: number) {
      const rows = await knex('notifications')
        .where({ userId })
        .orderBy('createdAt')
        .select('kind', 'title', 'body', 'link', 'createdAt', 'readAt');
      const iso = (ms: unknown) => (ms === null ? null : new Date(Number(ms)).toISOString());
      return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), readAt: iso(r.readAt) }));
    },

    /**
     * Records events (in the caller's transaction when given one) and queues their e-mails, each at
     * most once per user and key: announcing an event again (a retried job) changes nothing.
     */
    async notify(db: Knex | Knex.Transaction, events: NotificationEvent[]): Promise<void> {
      if (events.length === 0) return;
      const prefs = await switches(db, [...new Set(events.map((e) => e.userId))]);
      const now = kernel.now().getTime();
      for (const event of events) {
        const { email, inApp } = prefs(event.userId);
        const mail = email && mailer !== null;
        if (!inApp && !mail) continue;
        const { key, title, body, ...fields } = event;
        const texts: Texts = {
          ...(typeof title === 'string' ? {} : { title }),
          ...(typeof body === 'string' ? {} : { body }),
        };
        const seen = await db('notifications').where({ userId: event.userId, eventKey: key }).first('id');
        if (seen) continue;
        let id: number;
        try {
          [id] = await db('notifications').insert({
            ...fields,
            title: english(title),
            body: english(body),
            texts: texts.title || texts.body ? JSON.stringify(texts) : null,
            eventKey: key,
            inApp: inApp ? 1 : 0,
            createdAt: now,
            readAt: null,
          });
        } catch (error) {
          // The same event announced at the same moment elsewhere: that one is kept.
          if (isUniqueViolation(error)) continue;
          throw error;
        }
        if (mail) await kernel.jobs.enqueue(db, EMAIL_JOB, { id: Number(id) }, { uniqueKey: `${EMAIL_JOB}:${id}` });
      }
    },

    /** The bell's page: in-app notifications, newest first. */
    async list(userId: number): Promise<NotificationJson[]> {
      const rows: Row[] = await knex('notifications')
        .where({ userId, inApp: 1 })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(PAGE_SIZE);
      return rows.map(present);
    },

    async unreadCount(userId: number): Promise<number> {
      const [{ n }] = await knex('notifications').where({ userId, inApp: 1 }).whereNull('readAt').count({ n: '*' });
      return Number(n);
    },

    /** Marks one of the user's notifications read; anyone else's is unknown (404). */
    async markRead(userId: number, id: number): Promise<void> {
      const row = await knex('notifications').where({ id, userId, inApp: 1 }).first('id');
      if (!row) throw notFound(NOT_YOURS);
      const changed = await knex('notifications')
        .where({ id })
        .whereNull('readAt')
        .update({ readAt: kernel.now().getTime() });
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
    },

    async markAllRead(userId: number): Promise<void> {
      const changed = await knex('notifications')
        .where({ userId, inApp: 1 })
        .whereNull('readAt')
        .update({ readAt: kernel.now().getTime() });
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
    },

    /** The `notifications.email` job: one message per notification (the job's unique key). */
    async sendEmail(id: number): Promise<void> {
      // An e-mail changes nothing any page shows.
      await kernel.cache.changed([]);
      if (!mailer) return;
      const row = await knex('notifications as n')
        .join('users as u', 'u.id', 'n.userId')
        .leftJoin('user_preferences as p', 'p.userId', 'n.userId')
        .where('n.id', id)
        .first('n.title', 'n.body', 'n.texts', 'n.link', 'u.email', 'u.deletedAt', 'p.locale');
      if (!row || row.deletedAt || !row.email) return;
      // In the recipient's language (Settings), English when they chose none: a mail has no page around it.
      const locale = isLocale(row.locale) ? row.locale : 'en';
      const link = (path: string) => mailer.link(localePath(locale, path));
      await mailer.send(
        inLocale(locale, () => {
          const { title, body } = textsOf(row);
          const footer = m.mail_notification_footer({ link: link('/profile?tab=preferences') });
          return { to: row.email, subject: title, text: `${body}\n\n${link(row.link)}\n\n${footer}\n` };
        }),
      );
    },
  };

  // A release's public moment (the releases.public job): those who pre-saved it hear that it is in
  // their collection, its artist's other subscribers that it is out.
  kernel.services.releases.onPublic(async (release) => {
    const artist = await knex('artists').where({ id: release.artistId }).first('name');
    if (!artist) return;
    const presavers = await kernel.services.releases.presaves.presavers(release.trackId);
    const fans = (await knex('subscriptions').where({ artistId: release.artistId, active: 1 }).select('userId'))
      .map((row) => Number(row.userId))
      .filter((userId) => !presavers.includes(userId));
    const link = `/tracks/${release.trackId}`;
    await service.notify(knex, [
      ...presavers.map((userId): NotificationEvent => ({
        userId,
        key: `presave:${release.trackId}`,
        kind: 'drop',
        title: { key: 'notif_presave_title', values: { title: release.title } },
        body: { key: 'notif_presave_body', values: { name: artist.name } },
        link,
      })),
      ...fans.map((userId): NotificationEvent => ({
        userId,
        key: `drop:${release.trackId}`,
        kind: 'drop',
        title: { key: 'notif_drop_title', values: { name: artist.name } },
        body: { key: 'notif_drop_body', values: { title: release.title } },
        link,
      })),
    ]);
  });

  kernel.services.messaging.onSent(async (trx, message) => {
    await service.notify(trx, [
      {
        userId: message.recipientId,
        key: `message:${message.id}`,
        kind: 'message',
        title: { key: 'notif_message_title', values: { name: message.senderName } },
        body: messagePreview(message),
        link: '/messages',
      },
    ]);
  });

  // Without mail, a link the accounts plugin would have mailed (verification) shows here instead.
  kernel.services.accounts.recovery.onUndeliveredMail(async (db, mail) => {
    await service.notify(db, [{ ...mail, kind: 'account' }]);
  });

  // "Your data": an export ready to download shows here (and by e-mail, per the preferences).
  kernel.services.accounts.exports.onReady(async (trx, ready) => {
    const days = Math.round((ready.expiresAt - kernel.now().getTime()) / 86_400_000);
    await service.notify(trx, [
      {
        userId: ready.userId,
        key: `export:${ready.exportId}`,
        kind: 'account',
        title: { key: 'notif_export_title' },
        body: { key: 'notif_export_body', values: { days } },
        link: '/profile?tab=data',
      },
    ]);
  });

  return service;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    notifications: NotificationsService;
  }
}
