import type { Knex } from 'knex';

// What a pro-rata service would have paid in a settled month, kept once computed (payout_prorata,
// payout_prorata_lines) like the month's own statement: the month's plays and fees are final
// when it settles, so the counterfactual is too, and /transparency reads it from here.

export interface StoredProrata {
  /** All counted plays of the month's paying fans. */
  plays: number;
  /** Every paying fan's net: what a pro-rata service pools. */
  poolCents: number;
  /** artistId → what pro-rata pays them. */
  amounts: Map<number, number>;
}

export async function readProrata(knex: Knex, month: string): Promise<StoredProrata | null> {
  const row = await knex('payoutProrata').where({ month }).first();
  if (!row) return null;
  const lines = await knex('payoutProrataLines').where({ month }).select('artistId', 'amountCents');
  return {
    plays: Number(row.plays),
    poolCents: Number(row.poolCents),
    amounts: new Map(lines.map((l: { artistId: number; amountCents: unknown }) => [l.artistId, Number(l.amountCents)])),
  };
}

/** Stores it in one transaction; a concurrent first reader's unique violation is thrown for the caller to ignore. */
export async function storeProrata(
  knex: Knex,
  month: string,
  figures: StoredProrata,
  plays: Map<number, number>,
  computedAt: number,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('payoutProrata').insert({ month, plays: figures.plays, poolCents: figures.poolCents, computedAt });
    const lines = [...figures.amounts].map(([artistId, amountCents]) => ({
      month,
      artistId,
      plays: plays.get(artistId) ?? 0,
      amountCents,
    }));
    for (let i = 0; i < lines.length; i += 500) await trx('payoutProrataLines').insert(lines.slice(i, i + 500));
  });
}
