import type { Knex } from 'knex';
import type { ListeningSource } from './listening.ts';
import type { FanAllocation } from './payouts.ts';
import { fansOf, type FanMonth } from './split.ts';

// The input of a month's split (split.ts) read from the ledger and the listening source: who paid
// (grants), what they chose (allocations) and, for fans who keep the fallback on, what they played.

/** Everyone, one fan, or the fans whose money may reach one artist (they allocated to or played them). */
export type FansOf = 'all' | { userId: number } | { artistId: number };

/** Bound values per statement, far below SQLite's limit. */
const CHUNK = 500;

async function inChunks<T>(ids: number[] | undefined, read: (ids?: number[]) => Promise<T[]>): Promise<T[]> {
  if (!ids) return read();
  const parts = [];
  for (let i = 0; i < ids.length; i += CHUNK) parts.push(await read(ids.slice(i, i + CHUNK)));
  return parts.flat();
}

export function createFanMonths(knex: Knex, listening: () => ListeningSource | null) {
  const grants = (month: string, fans?: number[]) =>
    inChunks(fans, async (ids) => {
      // A void grant (the fee came back before the month closed) is no part of the pool.
      const q = knex('credit_grants').where({ month, voided: false });
      if (ids) q.whereIn('userId', ids);
      const rows = await q.select('userId', 'credits', 'followListening');
      return rows.map((r: { userId: number; credits: unknown; followListening: unknown }) => ({
        userId: r.userId,
        credits: Number(r.credits),
        follow: Boolean(r.followListening),
      }));
    });

  const allocations = (month: string, fans?: number[]) =>
    inChunks(fans, async (ids) => {
      const q = knex('credit_allocations').where({ month });
      if (ids) q.whereIn('userId', ids);
      const rows = await q
        .groupBy('userId', 'artistId')
        .select('userId', 'artistId', knex.raw('SUM(credits) AS credits'));
      return rows.map((r: FanAllocation) => ({ userId: r.userId, artistId: r.artistId, credits: Number(r.credits) }));
    });

  /** The fans of `month` that `who` names, with their allocations and (fallback on) their plays. */
  async function of(month: string, who: FansOf): Promise<FanMonth[]> {
    const source = listening();
    let fans: number[] | undefined;
    if (who !== 'all' && 'userId' in who) fans = [who.userId];
    else if (who !== 'all') {
      const [supporters, listeners] = await Promise.all([
        knex('credit_allocations').where({ month, artistId: who.artistId }).distinct('userId'),
        source ? source.listenersOf(month, who.artistId) : [],
      ]);
      fans = [...new Set([...supporters.map((r: { userId: number }) => r.userId), ...listeners])];
      if (!fans.length) return [];
    }
    const [granted, chosen, played] = await Promise.all([
      grants(month, fans),
      allocations(month, fans),
      source ? source.plays(month, fans) : [],
    ]);
    // A fan who turned the fallback off for the month: their net splits over their allocations alone.
    const following = new Set(granted.filter((g) => g.follow).map((g) => g.userId));
    return fansOf(
      granted,
      chosen,
      played.filter((p) => following.has(p.userId)),
    );
  }

  return { of, grants };
}
