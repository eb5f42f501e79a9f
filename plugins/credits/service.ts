import type { Kernel } from '../../api/plugins/types.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { errorFields } from '../../api/log.ts';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import { Artist } from '../accounts/models.ts';
import { Allocation } from './models.ts';
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
  async function grantFor(userId: number, month: string): Promise<{ remaining: number }> {
    // A plain row: the Credit Vault reads it on every visit.
    const read = () => knex('credit_grants').where({ userId, month }).first('remaining');
    const existing = await read();
    if (existing) return { remaining: Number(existing.remaining) };
    await knex('credit_grants')
      .insert({ userId, month, credits: MONTHLY_CREDITS, remaining: MONTHLY_CREDITS, createdAt: kernel.now().getTime() })
      .onConflict(['userId', 'month'])
      .ignore();
    return { remaining: Number((await read()).remaining) };
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
      const month = monthOf(now);
      await grantFor(userId, month);
      return knex.transaction(async (trx) => {
        const spent = await trx('credit_grants').where({ userId, month }).andWhere('remaining', '>=', credits).decrement('remaining', credits);
        if (spent !== 1) {
          const { remaining } = await trx('credit_grants').where({ userId, month }).first('remaining');
          throw invalid(insufficientCredits(remaining));
        }
        const allocation = await Allocation.query(trx).insertAndFetch({ userId, artistId, month, credits, createdAt: now.getTime() });
        allocation.artist = artist;
        const { remaining } = await trx('credit_grants').where({ userId, month }).first('remaining');
        return { allocation: allocation.toJSONForUser(), credits: remaining as number };
      });
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
