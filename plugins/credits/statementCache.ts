import type { Knex } from 'knex';
import type { MonthPayouts, PayoutTerms } from './payouts.ts';

// Closed months' payouts, kept in payout_statements / payout_statement_lines. Allocations are only
// ever written into the current month, so once a month is over its figures cannot change: the
// first read computes them (payouts.ts) and stores them here, later reads come from here. The
// figures stay derived (nothing here is typed in), and they are keyed by the terms they were
// computed with: a changed fee or platform share recomputes the month instead of serving stale money.

/**
 * The stored payouts of `month` for these terms; 'none' when the month was never stored, 'stale'
 * when it was stored for other terms.
 */
export async function readStatement(knex: Knex, month: string, terms: PayoutTerms): Promise<MonthPayouts | 'none' | 'stale'> {
  const row = await knex('payoutStatements').where({ month }).first();
  if (!row) return 'none';
  if (Number(row.feeCents) !== terms.feeCents || Number(row.platformShare) !== terms.platformShare) return 'stale';
  const lines = await knex('payoutStatementLines')
    .where({ month })
    .orderBy([{ column: 'amountCents', order: 'desc' }, { column: 'artistId' }])
    .select('artistId', 'credits', 'fans', 'amountCents');
  return {
    feeCents: terms.feeCents,
    platformShare: terms.platformShare,
    payingFans: Number(row.payingFans),
    grossCents: Number(row.grossCents),
    platformCents: Number(row.platformCents),
    unallocatedCents: Number(row.unallocatedCents),
    artistsCents: Number(row.artistsCents),
    artists: lines.map((line) => ({
      artistId: line.artistId,
      credits: Number(line.credits),
      fans: Number(line.fans),
      amountCents: Number(line.amountCents),
    })),
  };
}

/**
 * Stores a closed month's payouts; `replace` drops figures computed with other terms first. Two
 * first readers of one month race to insert the same figures: the loser's unique violation is
 * thrown, for the caller to ignore.
 */
export async function storeStatement(knex: Knex, month: string, payouts: MonthPayouts, computedAt: number, replace: boolean): Promise<void> {
  await knex.transaction(async (trx) => {
    if (replace) {
      await trx('payoutStatementLines').where({ month }).delete();
      await trx('payoutStatements').where({ month }).delete();
    }
    await trx('payoutStatements').insert({
      month,
      feeCents: payouts.feeCents,
      platformShare: payouts.platformShare,
      payingFans: payouts.payingFans,
      grossCents: payouts.grossCents,
      platformCents: payouts.platformCents,
      unallocatedCents: payouts.unallocatedCents,
      artistsCents: payouts.artistsCents,
      computedAt,
    });
    const lines = payouts.artists.map(({ artistId, credits, fans, amountCents }) => ({ month, artistId, credits, fans, amountCents }));
    for (let i = 0; i < lines.length; i += 500) await trx('payoutStatementLines').insert(lines.slice(i, i + 500));
  });
}
