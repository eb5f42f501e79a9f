import type { Knex } from 'knex';
import type { ExportedData, Kernel } from '../../api/plugins/types.ts';

// The credits' part of "Your data": the membership, the ledger (monthly grants, allocations) and
// the statements (a fan's per month; an artist's payouts). Deleting the account keeps the ledger
// and payout rows — other artists' statements and the month's totals are computed from them — and
// they are anonymous once the account row is wiped; a fan's lines of settled months lose their fan.

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

export async function exportCredits(kernel: Kernel, userId: number): Promise<ExportedData> {
  const { knex } = kernel;
  const credits = kernel.services.credits;
  const grants = await knex('credit_grants')
    .where({ userId })
    .orderBy('month')
    .select('month', 'credits', 'remaining', 'trial', 'createdAt');
  const allocations = await knex('credit_allocations as c')
    .join('artists as a', 'a.id', 'c.artist_id')
    .where('c.user_id', userId)
    .orderBy('c.created_at')
    .select('c.month', 'a.name as artist', 'c.credits', 'c.created_at');
  const statements = [];
  for (const { month } of grants) statements.push(await credits.fanStatement(userId, month));
  const artist = await knex('artists').where({ userId }).first('id');
  return {
    membership: await credits.membership(userId),
    ledger: {
      grants: grants.map((g) => ({ ...g, trial: Boolean(g.trial), createdAt: iso(g.createdAt) })),
      allocations: allocations.map(({ createdAt, ...a }) => ({ ...a, at: iso(createdAt) })),
    },
    statements,
    ...(artist ? { payouts: await credits.statementsOfUser(userId) } : {}),
  };
}

export async function deleteCreditsData(_kernel: Kernel, userId: number, trx: Knex.Transaction): Promise<void> {
  await trx('payout_fan_lines').where({ userId }).update({ userId: null });
  await trx('memberships').where({ userId }).delete();
}
