import type { Knex } from 'knex';
import type { FanLine, MonthPayouts, PayoutTerms } from './payouts.ts';

// Settled months' payouts, kept in payout_statements (totals and the terms they were computed with),
// payout_statement_lines (one per paid artist) and payout_fan_lines (each fan's split, which fans'
// and artists' statements list). Allocations are only ever written into the current month and the
// month's terms are fixed when it begins (credit_month_terms), so once a month has settled its
// figures cannot change: the first read computes them (payouts.ts) and stores them here, every
// later read comes from here. Nothing here is typed in, and nothing here is ever recomputed.

export interface MonthTerms extends PayoutTerms {
  currency: string;
}

/** trialFans: how many of payingFans were in their included first month (OneTrack paid their fee). */
export type StoredMonth = MonthPayouts & { currency: string; trialFans: number };

/** The stored payouts of `month`, or null when it was never stored. */
export async function readStatement(knex: Knex, month: string): Promise<StoredMonth | null> {
  const row = await knex('payoutStatements').where({ month }).first();
  if (!row) return null;
  const lines = await knex('payoutStatementLines')
    .where({ month })
    .orderBy([{ column: 'amountCents', order: 'desc' }, { column: 'artistId' }])
    .select('artistId', 'credits', 'fans', 'amountCents', 'listeningCents');
  return {
    feeCents: Number(row.feeCents),
    platformShare: Number(row.platformShare),
    currency: row.currency,
    payingFans: Number(row.payingFans),
    trialFans: Number(row.trialFans),
    grossCents: Number(row.grossCents),
    platformCents: Number(row.platformCents),
    unallocatedCents: Number(row.unallocatedCents),
    artistsCents: Number(row.artistsCents),
    listeningCents: Number(row.listeningCents),
    artists: lines.map((line) => ({
      artistId: line.artistId,
      credits: Number(line.credits),
      fans: Number(line.fans),
      amountCents: Number(line.amountCents),
      listeningCents: Number(line.listeningCents),
    })),
  };
}

/**
 * Stores a settled month's payouts and fan lines, in one transaction. Two first readers of one
 * month race to insert the same figures: the loser's unique violation is thrown, for the caller to ignore.
 */
export async function storeStatement(
  knex: Knex,
  month: string,
  payouts: StoredMonth,
  fanLines: FanLine[],
  computedAt: number,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('payoutStatements').insert({
      month,
      feeCents: payouts.feeCents,
      platformShare: payouts.platformShare,
      currency: payouts.currency,
      payingFans: payouts.payingFans,
      trialFans: payouts.trialFans,
      grossCents: payouts.grossCents,
      platformCents: payouts.platformCents,
      unallocatedCents: payouts.unallocatedCents,
      artistsCents: payouts.artistsCents,
      listeningCents: payouts.listeningCents,
      computedAt,
    });
    const lines = payouts.artists.map(({ artistId, credits, fans, amountCents, listeningCents }) => ({
      month,
      artistId,
      credits,
      fans,
      amountCents,
      listeningCents,
    }));
    for (let i = 0; i < lines.length; i += 500) await trx('payoutStatementLines').insert(lines.slice(i, i + 500));
    const fans = fanLines.map((line) => ({ month, ...line }));
    for (let i = 0; i < fans.length; i += 500) await trx('payoutFanLines').insert(fans.slice(i, i + 500));
  });
}

/** A stored month's fan lines, of one fan or of one artist. */
export async function readFanLines(
  knex: Knex,
  month: string,
  of: { userId: number } | { artistId: number },
): Promise<FanLine[]> {
  const rows = await knex('payoutFanLines')
    .where({ month, ...of })
    .orderBy('id')
    .select('userId', 'artistId', 'credits', 'fanCredits', 'plays', 'fanPlays', 'amountCents', 'listeningCents');
  return rows.map((row) => ({
    userId: row.userId,
    artistId: row.artistId,
    credits: Number(row.credits),
    fanCredits: Number(row.fanCredits),
    plays: Number(row.plays),
    fanPlays: Number(row.fanPlays),
    amountCents: Number(row.amountCents),
    listeningCents: Number(row.listeningCents),
  }));
}
