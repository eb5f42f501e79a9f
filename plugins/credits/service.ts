import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { errorFields } from '../../api/log.ts';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import { Artist } from '../accounts/models.ts';
import { Allocation, CreditGrant } from './models.ts';
import { monthOf, nextMonthStart } from './months.ts';
import { computePayouts, type FanAllocation, type MonthPayouts } from './payouts.ts';
import { readStatement, storeStatement } from './statementCache.ts';
import { MONTHLY_CREDITS, insufficientCredits } from './rules.ts';

export function createCreditsService(kernel: Kernel) {
  const { knex } = kernel;
  const terms = () => ({ feeCents: kernel.config.monthlyFeeCents, platformShare: kernel.config.platformShare });

  /**
   * This month's grant, created on first access. INSERT … ON CONFLICT DO NOTHING (INSERT IGNORE on
   * MySQL) makes concurrent first accesses create exactly one row. Unspent credits of earlier
   * months stay on those months' rows: a new month always starts at exactly 100.
   */
  async function grantFor(userId: number, month: string): Promise<CreditGrant> {
    const existing = await CreditGrant.query().findOne({ userId, month });
    if (existing) return existing;
    await knex('credit_grants')
      .insert({ userId, month, credits: MONTHLY_CREDITS, remaining: MONTHLY_CREDITS, createdAt: kernel.now().getTime() })
      .onConflict(['userId', 'month'])
      .ignore();
    return (await CreditGrant.query().findOne({ userId, month }))!;
  }

  /** The formula over the month's ledger rows, as they are now. */
  async function computeMonth(month: string): Promise<MonthPayouts> {
    const [{ n }] = await knex('credit_grants').where({ month }).count({ n: '*' });
    const rows: FanAllocation[] = await knex('credit_allocations')
      .where({ month })
      .groupBy('userId', 'artistId')
      .select('userId', 'artistId', knex.raw('SUM(credits) AS credits'));
    return computePayouts(terms(), Number(n), rows.map((r) => ({ ...r, credits: Number(r.credits) })));
  }

  /**
   * A month's payouts. The current month (and any later one) is computed on every read, since fans
   * are still allocating; a closed month is computed once and then read from payout_statements.
   */
  async function monthPayouts(month: string) {
    if (month >= monthOf(kernel.now())) return { month, final: false, ...(await computeMonth(month)) };
    const stored = await readStatement(knex, month, terms());
    if (typeof stored === 'object') return { month, final: true, ...stored };
    const payouts = await computeMonth(month);
    try {
      await storeStatement(knex, month, payouts, kernel.now().getTime(), stored === 'stale');
    } catch (error) {
      // A concurrent first reader stored the same figures; any other failure only costs a recomputation.
      if (!isUniqueViolation(error)) kernel.log.warn('payout statement not cached', { month, ...errorFields(error) });
    }
    return { month, final: true, ...payouts };
  }

  const service = {
    /** The one membership's terms (Settings › Billing): what every member pays and receives. */
    membership() {
      return { feeCents: kernel.config.monthlyFeeCents, monthlyCredits: MONTHLY_CREDITS };
    },

    /** The Credit Vault's numbers: spec §2 Credits, plus when the next refill happens. */
    async summary(userId: number) {
      const now = kernel.now();
      const month = monthOf(now);
      const grant = await grantFor(userId, month);
      const [totals] = await knex('credit_allocations')
        .where({ userId })
        .select(
          knex.raw('COALESCE(SUM(credits), 0) AS total_allocated'),
          knex.raw('COALESCE(SUM(CASE WHEN month = ? THEN credits ELSE 0 END), 0) AS allocated_this_month', [month]),
          knex.raw('COUNT(DISTINCT artist_id) AS artists_supported'),
        );
      return {
        credits: grant.remaining,
        monthlyCredits: MONTHLY_CREDITS,
        month,
        nextRefillAt: nextMonthStart(now).toISOString(),
        allocatedThisMonth: Number(totals.allocatedThisMonth),
        totalAllocated: Number(totals.totalAllocated),
        artistsSupported: Number(totals.artistsSupported),
      };
    },

    /** The user's allocations with the artist's name and genre, newest first. */
    async allocations(userId: number) {
      const rows = await Allocation.query().where({ userId }).withGraphFetched('artist').orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      return rows.map((row) => row.toJSONForUser());
    },

    /**
     * Spends credits on an artist. The balance is decremented only WHERE remaining >= credits, in
     * the same transaction as the ledger row, so concurrent requests can never overspend.
     */
    async allocate(userId: number, artistId: number, credits: number) {
      const artist = await Artist.query().findById(artistId);
      if (!artist) throw notFound('Artist not found');
      if (artist.userId === userId) throw invalid('You cannot allocate credits to yourself');
      const now = kernel.now();
      const month = await service.openGrant(userId);
      return knex.transaction(async (trx) => {
        const remaining = await service.debit(trx, userId, month, credits);
        const allocation = await Allocation.query(trx).insertAndFetch({ userId, artistId, month, credits, createdAt: now.getTime() });
        allocation.artist = artist;
        return { allocation: allocation.toJSONForUser(), credits: remaining };
      });
    },

    /** This month's key, its grant made: call before a transaction that debits it (pledges too). */
    async openGrant(userId: number): Promise<string> {
      const month = monthOf(kernel.now());
      await grantFor(userId, month);
      return month;
    },

    /**
     * The ledger's one way to take credits (allocations, pledge holds): a conditional decrement
     * inside the caller's transaction, 400 with the balance when it is short. Returns what is left.
     */
    async debit(trx: Knex.Transaction, userId: number, month: string, credits: number): Promise<number> {
      const spent = await trx('credit_grants').where({ userId, month }).andWhere('remaining', '>=', credits).decrement('remaining', credits);
      const { remaining } = await trx('credit_grants').where({ userId, month }).first('remaining');
      if (spent !== 1) throw invalid(insufficientCredits(remaining));
      return remaining as number;
    },

    /** Gives back credits a hold took from that month's balance (a cancelled or released pledge). */
    async refund(trx: Knex.Transaction, userId: number, month: string, credits: number): Promise<void> {
      await trx('credit_grants').where({ userId, month }).increment('remaining', credits);
    },

    /** Ledger rows for credits already debited (held pledges that landed), dated by the caller. */
    async recordAllocations(trx: Knex.Transaction, rows: Array<{ userId: number; artistId: number; month: string; credits: number; createdAt: number }>): Promise<void> {
      if (rows.length) await trx('credit_allocations').insert(rows);
    },

    /** Artists this user may allocate to (never their own artist record), by name. */
    async artistChoices(userId: number) {
      const rows = await Artist.query().whereNot({ userId }).orderBy('name').select('id', 'name', 'genre');
      return rows.map(({ id, name, genre }) => ({ id, name, genre }));
    },

    /** Every artist's payout for a month, with the money that came in and where it went. */
    async payouts(month: string) {
      const payouts = await monthPayouts(month);
      const names = new Map(
        (await Artist.query().findByIds(payouts.artists.map((a) => a.artistId)).select('id', 'name')).map((a) => [a.id, a.name]),
      );
      return { ...payouts, artists: payouts.artists.map((line) => ({ ...line, name: names.get(line.artistId) ?? '' })) };
    },

    /** The signed-in artist's monthly statements, newest first; 403 for users without an artist record. */
    async statementsOfUser(userId: number) {
      const artist = await Artist.query().findOne({ userId });
      if (!artist) throw forbidden('Only artist accounts have payout statements');
      const months: string[] = (
        await knex('credit_allocations').where({ artistId: artist.id }).distinct('month').orderBy('month', 'desc')
      ).map((r: { month: string }) => r.month);
      const statements = [];
      for (const month of months) {
        const payouts = await monthPayouts(month);
        const line = payouts.artists.find((a) => a.artistId === artist.id)!;
        statements.push({ month, final: payouts.final, credits: line.credits, fans: line.fans, amountCents: line.amountCents });
      }
      return { artistId: artist.id, feeCents: kernel.config.monthlyFeeCents, platformShare: kernel.config.platformShare, statements };
    },
  };
  return service;
}

export type CreditsService = ReturnType<typeof createCreditsService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    credits: CreditsService;
  }
}
