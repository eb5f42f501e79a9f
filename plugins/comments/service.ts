import type { Knex } from 'knex';
import { forbidden, invalid, notFound, tooMany } from '../../api/errors.ts';
import { userTag } from '../../api/cache/tags.ts';
import type { SessionUser } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { formatDuration } from '../../lib/time.ts';
import type { Viewer } from '../catalog/viewer.ts';
import { COMMENTS_PER_HOUR, COMMENTS_SHOWN, MESSAGES, NOTIFY_WINDOW_MS, type CommentSort } from './rules.ts';

// Fans' comments at a moment of a released track. Everyone sees those of a track the catalog shows
// them, but none hidden (by the track's artist or a moderator), none by a suspended or deleted
// account, and none by a person the viewer blocked (messaging's blocks, when it is enabled). The
// artist hears of them through notifications, at most once per track and hour.

export interface CommentJson {
  id: number;
  trackId: number;
  /** Milliseconds from the track's start. */
  at: number;
  body: string;
  createdAt: string;
  author: { id: number; name: string; profileImage: string | null };
  pinned: boolean;
}

/** What a read of one track's comments depends on: its writes announce it. */
export const commentsTag = (trackId: number) => `comments:${trackId}`;

type Row = Record<string, unknown>;

const present = (row: Row, pinnedId: number | null): CommentJson => ({
  id: Number(row.id),
  trackId: Number(row.trackId),
  at: Number(row.atMs),
  body: String(row.body),
  createdAt: new Date(Number(row.createdAt)).toISOString(),
  author: { id: Number(row.userId), name: String(row.name), profileImage: (row.profileImage as string | null) ?? null },
  pinned: Number(row.id) === pinnedId,
});

export function createCommentsService(kernel: Kernel) {
  const { knex } = kernel;
  const { catalog } = kernel.services;
  const posts = kernel.limits.create('comment-posts', { points: COMMENTS_PER_HOUR, windowMs: 3_600_000 });

  /** Comments shown to anyone: not hidden, their author neither suspended nor deleted. */
  const shown = () =>
    knex('track_comments as c')
      .join('users as u', 'u.id', 'c.user_id')
      .whereNull('c.hidden_at')
      .whereNull('u.suspended_at')
      .whereNull('u.deleted_at');

  /** A comment with its track's artist's account, or 404. */
  async function withOwner(commentId: number) {
    const row = await knex('track_comments as c')
      .join('tracks as t', 't.id', 'c.track_id')
      .join('artists as a', 'a.id', 't.artist_id')
      .where('c.id', commentId)
      .first('c.id', 'c.track_id', 'c.user_id', 'c.hidden_at', 'a.user_id as owner_id');
    if (!row) throw notFound(MESSAGES.notFound);
    return {
      id: Number(row.id),
      trackId: Number(row.trackId),
      userId: Number(row.userId),
      ownerId: Number(row.ownerId),
      hidden: row.hiddenAt != null,
    };
  }

  async function ownersComment(userId: number, commentId: number) {
    const comment = await withOwner(commentId);
    if (comment.ownerId !== userId) throw forbidden(MESSAGES.notYourTrack);
    return comment;
  }

  async function pinnedOf(trackId: number): Promise<number | null> {
    const pin = await knex('track_comment_pins').where({ trackId }).first('commentId');
    return pin ? Number(pin.commentId) : null;
  }

  const service = {
    /** The comments of a track the viewer may see (404 or 410 as the catalog answers otherwise). */
    async list(trackId: number, viewer: Viewer, sort: CommentSort = 'time'): Promise<CommentJson[]> {
      await catalog.track(trackId, viewer);
      return service.ofShownTrack(trackId, viewer.id, sort);
    },

    /** The comments of a track the page already showed the viewer (its slots render only then). */
    async ofShownTrack(trackId: number, viewerId: number | null, sort: CommentSort = 'time'): Promise<CommentJson[]> {
      kernel.cache.dependsOn([commentsTag(trackId)]);
      const blocked = viewerId ? ((await kernel.services.messaging?.blocked(viewerId)) ?? []).map((b) => b.id) : [];
      const query = shown()
        .where('c.track_id', trackId)
        .select('c.id', 'c.track_id', 'c.user_id', 'c.at_ms', 'c.body', 'c.created_at', 'u.name', 'u.profile_image')
        .limit(COMMENTS_SHOWN);
      if (blocked.length) query.whereNotIn('c.user_id', blocked);
      query.orderBy(
        sort === 'newest'
          ? [
              { column: 'c.created_at', order: 'desc' },
              { column: 'c.id', order: 'desc' },
            ]
          : ['c.at_ms', 'c.id'],
      );
      const pinned = await pinnedOf(trackId);
      return (await query).map((row: Row) => present(row, pinned));
    },

    /** A signed-in fan's comment at a moment of a released track; the artist hears of it (grouped by the hour). */
    async post(
      user: SessionUser,
      trackId: number,
      viewer: Viewer,
      input: { at: number; body: string },
    ): Promise<CommentJson> {
      const track = await catalog.track(trackId, viewer);
      const body = input.body.trim().replace(/\s+/g, ' ');
      if (!body) throw invalid(MESSAGES.blank);
      if (input.at > track.duration * 1000) throw invalid(MESSAGES.pastEnd);
      const wait = await posts.take(String(user.id));
      if (wait > 0) throw tooMany(MESSAGES.tooMany, wait);
      const at = kernel.now().getTime();
      const owner = await knex('artists').where({ id: track.artistId }).first('userId');
      const ownerId = Number(owner.userId);
      const id = await knex.transaction(async (trx) => {
        const [id] = await trx('track_comments').insert({
          trackId,
          userId: user.id,
          atMs: input.at,
          body,
          createdAt: at,
        });
        if (ownerId !== user.id)
          await kernel.services.notifications?.notify(trx, [
            {
              userId: ownerId,
              // One per track and hour: later comments in the window join it, no further e-mail.
              key: `comments:${trackId}:${Math.floor(at / NOTIFY_WINDOW_MS)}`,
              kind: 'comment',
              title: MESSAGES.notificationTitle(track.title),
              body: `${user.name} at ${formatDuration(input.at / 1000)}: ${body}`,
              link: `/tracks/${trackId}#comments`,
            },
          ]);
        return Number(id);
      });
      await kernel.cache.changed(
        ownerId !== user.id ? [commentsTag(trackId), userTag(ownerId)] : [commentsTag(trackId)],
      );
      const [row] = await shown().where('c.id', id).select('c.*', 'u.name', 'u.profile_image');
      return present(row, null);
    },

    /** The author takes their comment back. */
    async remove(userId: number, commentId: number): Promise<void> {
      const comment = await withOwner(commentId);
      if (comment.userId !== userId) throw notFound(MESSAGES.notFound);
      await knex('track_comments').where({ id: commentId }).delete();
      await kernel.cache.changed([commentsTag(comment.trackId)]);
    },

    /** The track's artist pins one comment (replacing the last pin), or unpins it. */
    async pin(userId: number, commentId: number, pinned: boolean): Promise<void> {
      const comment = await ownersComment(userId, commentId);
      if (comment.hidden) throw notFound(MESSAGES.notFound);
      const current = await pinnedOf(comment.trackId);
      if (pinned === (current === commentId)) return void (await kernel.cache.changed([]));
      if (!pinned) await knex('track_comment_pins').where({ trackId: comment.trackId }).delete();
      else
        await knex('track_comment_pins')
          .insert({ trackId: comment.trackId, commentId })
          .onConflict('trackId')
          .merge({ commentId });
      await kernel.cache.changed([commentsTag(comment.trackId)]);
    },

    /** The track's artist hides a comment for everyone (and its pin with it). */
    async hide(userId: number, commentId: number): Promise<void> {
      const comment = await ownersComment(userId, commentId);
      await knex.transaction((trx) => service.moderate(trx, commentId, true));
      await kernel.cache.changed(comment.hidden ? [] : [commentsTag(comment.trackId)]);
    },

    /** Hides or shows a comment again (the artist, or a moderator's action inside its transaction). */
    async moderate(trx: Knex.Transaction, commentId: number, hidden: boolean): Promise<number> {
      const query = trx('track_comments').where({ id: commentId });
      const changed = hidden
        ? await query.whereNull('hiddenAt').update({ hiddenAt: kernel.now().getTime() })
        : await query.whereNotNull('hiddenAt').update({ hiddenAt: null });
      if (hidden) await trx('track_comment_pins').where({ commentId }).delete();
      return changed;
    },

    /** Comments as moderation's queue shows a reported one: its text, author and track. */
    async reportTargets(ids: number[]) {
      if (!ids.length) return [];
      const rows: Row[] = await knex('track_comments as c')
        .join('users as u', 'u.id', 'c.user_id')
        .join('tracks as t', 't.id', 'c.track_id')
        .whereIn('c.id', ids)
        .select(
          'c.id',
          'c.body',
          'c.at_ms',
          'c.track_id',
          'c.hidden_at',
          't.title',
          'u.id as owner_id',
          'u.name as owner_name',
          'u.suspended_at',
          'u.suspension_reason',
        );
      return rows.map((row) => ({
        id: Number(row.id),
        label: `Comment by ${row.ownerName} on ${row.title} at ${formatDuration(Number(row.atMs) / 1000)}`,
        detail: String(row.body),
        link: `/tracks/${row.trackId}#comments`,
        hidden: row.hiddenAt != null,
        ownerId: Number(row.ownerId),
        ownerName: String(row.ownerName),
        suspendedAt: row.suspendedAt,
        suspensionReason: (row.suspensionReason as string | null) ?? null,
      }));
    },

    /** The person's comments ("Your data"). */
    async exportOf(userId: number) {
      const rows = await knex('track_comments as c')
        .join('tracks as t', 't.id', 'c.track_id')
        .where('c.user_id', userId)
        .orderBy('c.created_at')
        .select('c.track_id', 't.title', 'c.at_ms', 'c.body', 'c.created_at', 'c.hidden_at');
      return rows.map((r: Row) => ({
        trackId: Number(r.trackId),
        title: r.title,
        at: formatDuration(Number(r.atMs) / 1000),
        body: r.body,
        createdAt: new Date(Number(r.createdAt)).toISOString(),
        hidden: r.hiddenAt != null,
      }));
    },

    /** A deleted account's comments go with it (their pins too, by the foreign key). */
    async forget(userId: number, trx: Knex.Transaction): Promise<void> {
      await trx('track_comments').where({ userId }).delete();
    },
  };
  return service;
}

export type CommentsService = ReturnType<typeof createCommentsService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    comments: CommentsService;
  }
}
