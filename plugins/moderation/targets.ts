import type { Knex } from 'knex';
import type { Services } from '../../api/plugins/types.ts';
import type { TargetType } from './rules.ts';

// What can be reported (a track, an artist, a message, and a comment when the comments plugin is
// enabled: its service reads them), read with whom it belongs to: the owner is the account a
// suspension reaches (a track's or artist's user, a message's sender, a comment's author).

export interface Target {
  type: TargetType;
  id: number;
  label: string;
  /** The artist's name of a track, a message's text. */
  detail: string;
  link: string | null;
  ownerId: number;
  ownerName: string;
  /** Only messages: who received it (the only one who may report it). */
  recipientId: number | null;
  hidden: boolean;
  hiddenReason: string | null;
  suspended: boolean;
  suspensionReason: string | null;
}

type Row = Record<string, unknown>;

export const targetKey = (type: string, id: number) => `${type}:${id}`;

/** The track id of a OneTrack track address (any host: the notice names where it appears), or null. */
export function trackIdOfUrl(text: string): number | null {
  const match = /(?:^|\/)tracks\/(\d{1,15})(?:[/?#]|$)/.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const owner = (row: Row) => ({
  ownerId: Number(row.ownerId),
  ownerName: String(row.ownerName ?? ''),
  suspended: row.suspendedAt != null,
  suspensionReason: (row.suspensionReason as string | null) ?? null,
});

/** The targets that exist among these keys, by targetKey; one query per type. */
export async function findTargets(
  knex: Knex,
  keys: Array<{ type: TargetType; id: number }>,
  comments?: Pick<Services['comments'], 'reportTargets'>,
): Promise<Map<string, Target>> {
  const ids = (type: TargetType) => keys.filter((k) => k.type === type).map((k) => k.id);
  const found = new Map<string, Target>();
  const add = (target: Target) => found.set(targetKey(target.type, target.id), target);
  const ownerColumns = ['u.id as owner_id', 'u.name as owner_name', 'u.suspended_at', 'u.suspension_reason'];
  if (ids('track').length) {
    const rows: Row[] = await knex('tracks as t')
      .join('artists as a', 'a.id', 't.artist_id')
      .join('users as u', 'u.id', 'a.user_id')
      .whereIn('t.id', ids('track'))
      .select('t.id', 't.title', 't.hidden_at', 't.hidden_reason', 'a.name as artist_name', ...ownerColumns);
    for (const row of rows) {
      add({
        type: 'track',
        id: Number(row.id),
        label: String(row.title),
        detail: String(row.artistName),
        link: `/tracks/${row.id}`,
        recipientId: null,
        hidden: row.hiddenAt != null,
        hiddenReason: (row.hiddenReason as string | null) ?? null,
        ...owner(row),
      });
    }
  }
  if (ids('artist').length) {
    const rows: Row[] = await knex('artists as a')
      .join('users as u', 'u.id', 'a.user_id')
      .whereIn('a.id', ids('artist'))
      .select('a.id', 'a.name', ...ownerColumns);
    for (const row of rows) {
      add({
        type: 'artist',
        id: Number(row.id),
        label: String(row.name),
        detail: '',
        link: `/artist/${row.id}`,
        recipientId: null,
        hidden: false,
        hiddenReason: null,
        ...owner(row),
      });
    }
  }
  if (ids('message').length) {
    const rows: Row[] = await knex('messages as m')
      .join('users as u', 'u.id', 'm.sender_id')
      .join('users as r', 'r.id', 'm.recipient_id')
      .whereIn('m.id', ids('message'))
      .select('m.id', 'm.subject', 'm.content', 'm.recipient_id', 'r.name as recipient_name', ...ownerColumns);
    for (const row of rows) {
      add({
        type: 'message',
        id: Number(row.id),
        label: `Message from ${row.ownerName} to ${row.recipientName}`,
        detail: String(row.content),
        link: null,
        recipientId: Number(row.recipientId),
        hidden: false,
        hiddenReason: null,
        ...owner(row),
      });
    }
  }
  if (ids('comment').length && comments) {
    for (const { suspendedAt, ...row } of await comments.reportTargets(ids('comment'))) {
      add({ type: 'comment', ...row, recipientId: null, hiddenReason: null, suspended: suspendedAt != null });
    }
  }
  return found;
}
