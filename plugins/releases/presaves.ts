import type { Knex } from 'knex';
import { conflict, forbidden, notFound } from '../../api/errors.ts';
import { PRESAVE_MESSAGES } from './rules.ts';

// Pre-save (spec §2 step 4's Enable Pre-Save): before a scheduled release is out, a fan asks for
// it; at its public moment (the releases.public job) it lands in their collection as a like, and
// the notification centre tells them (plugins/notifications listens to the same moment).

export function createPresaves(knex: Knex, now: () => Date) {
  /** The release a pre-save may be asked for: known, scheduled with Pre-Save on, not out, not the fan's own. */
  async function presavable(userId: number, trackId: number) {
    const track = await knex('tracks as t')
      .join('artists as a', 'a.id', 't.artistId')
      .where('t.id', trackId)
      .first('t.uploadDate', 't.enablePreSave', 'a.userId');
    if (!track) throw notFound('Track not found');
    if (Number(track.userId) === userId) throw forbidden(PRESAVE_MESSAGES.own);
    if (Number(track.uploadDate) <= now().getTime()) throw conflict(PRESAVE_MESSAGES.out);
    if (!track.enablePreSave) throw conflict(PRESAVE_MESSAGES.off);
  }

  const presaverIds = async (trackId: number) =>
    (await knex('presaves').where({ trackId }).select('userId')).map((row) => Number(row.userId));

  return {
    /** Pre-saves once: asking again keeps the one row. */
    async presave(userId: number, trackId: number): Promise<{ presaved: true }> {
      await presavable(userId, trackId);
      await knex('presaves')
        .insert({ userId, trackId, createdAt: now().getTime() })
        .onConflict(['userId', 'trackId'])
        .ignore();
      return { presaved: true };
    },

    /** Withdraws a pre-save until the release is out (then it is a like, which the fan can remove). */
    async cancel(userId: number, trackId: number): Promise<{ presaved: false }> {
      await presavable(userId, trackId);
      await knex('presaves').where({ userId, trackId }).delete();
      return { presaved: false };
    },

    /** Ending a subscription cancels the fan's pre-saves of that artist's releases not out yet. */
    async cancelForArtist(userId: number, artistId: number): Promise<number> {
      const coming = knex('tracks').select('id').where({ artistId }).andWhere('uploadDate', '>', now().getTime());
      return knex('presaves').where({ userId }).whereIn('trackId', coming).delete();
    },

    async presaved(userId: number, trackId: number): Promise<boolean> {
      return !!(await knex('presaves').where({ userId, trackId }).first('trackId'));
    },

    /** Who pre-saved the release (the notification centre tells them it is out). */
    async presavers(trackId: number): Promise<number[]> {
      return presaverIds(trackId);
    },

    /** The public moment: every pre-save becomes a like, dated then; safe to run twice. Returns the pre-savers. */
    async land(trackId: number, at: number): Promise<number[]> {
      const userIds = await presaverIds(trackId);
      if (userIds.length)
        await knex('likes')
          .insert(userIds.map((userId) => ({ userId, trackId, createdAt: at })))
          .onConflict(['userId', 'trackId'])
          .ignore();
      return userIds;
    },
  };
}
