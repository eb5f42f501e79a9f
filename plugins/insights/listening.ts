import type { Knex } from 'knex';
import type { FanPlays, ListeningSource } from '../credits/listening.ts';
import { monthOf } from '../credits/months.ts';

// Members' counted plays per artist and month, which credits' split follows for unallocated
// credits (credits/listening.ts). A play counts here exactly when its `thirty` event counts in
// play_events: after a counted start, once per listener, track and 30-minute window, never for a
// crawler; plays of a member's own tracks are kept out when read.

/** One more counted play of `artistId` by member `userId`, in the month of `at`. */
export async function countMemberPlay(knex: Knex, userId: number, artistId: number, at: number): Promise<void> {
  await knex('member_plays')
    .insert({ userId, month: monthOf(new Date(at)), artistId, plays: 1 })
    .onConflict(['userId', 'month', 'artistId'])
    .merge({ plays: knex.raw('?? + 1', ['member_plays.plays']) });
}

export function memberListening(knex: Knex): ListeningSource {
  /** A month's plays, without those of a member's own artist record. */
  const counted = (month: string) =>
    knex('member_plays as mp')
      .join('artists as a', 'a.id', 'mp.artistId')
      .where('mp.month', month)
      .whereRaw('a.user_id <> mp.user_id');
  return {
    async plays(month, fans) {
      const read = async (ids?: number[]) => {
        const q = counted(month);
        if (ids) q.whereIn('mp.userId', ids);
        const rows = await q.select('mp.userId', 'mp.artistId', 'mp.plays');
        return rows.map((r: FanPlays) => ({ userId: r.userId, artistId: r.artistId, plays: Number(r.plays) }));
      };
      if (!fans) return read();
      const rows: FanPlays[] = [];
      for (let i = 0; i < fans.length; i += 500) rows.push(...(await read(fans.slice(i, i + 500))));
      return rows;
    },
    async listenersOf(month, artistId) {
      const rows = await counted(month).where('mp.artistId', artistId).select('mp.userId');
      return rows.map((r: { userId: number }) => r.userId);
    },
    async monthsPlayed(artistId) {
      const rows = await knex('member_plays').where({ artistId }).distinct('month');
      return rows.map((r: { month: string }) => r.month);
    },
  };
}

/**
 * The insights part of "Your data": the member's counted plays per artist and month (play_events
 * name nobody). Deleting the account keeps them, like the credit ledger they pay from: the month's
 * figures are computed from both, and they are anonymous once the account row is wiped.
 */
export async function exportListening(knex: Knex, userId: number) {
  const rows = await knex('member_plays as mp')
    .join('artists as a', 'a.id', 'mp.artistId')
    .where('mp.userId', userId)
    .orderBy([{ column: 'mp.month' }, { column: 'a.name' }])
    .select('mp.month', 'a.name as artist', 'mp.plays');
  return {
    plays: rows.map((r: { month: string; artist: string; plays: unknown }) => ({ ...r, plays: Number(r.plays) })),
  };
}
