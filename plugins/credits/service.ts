import type { Knex } from 'knex';
import { userTag } from '../../api/cache/tags.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { conflict, forbidden, gone, invalid, notFound } from '../../api/errors.ts';
import { ARTIST_DELETED } from '../accounts/rules.ts';
import { createListeningPreference } from './listeningPreference.ts';
import { createMemberships, entitled, noCreditsReason, noCreditsText, type MembershipView } from './membership.ts';
import { Artist } from '../accounts/models.ts';
import { creditsTag } from './cacheTags.ts';
import { Allocation } from './models.ts';
import { isSettled, monthOf, nextMonthStart } from './months.ts';
import type { ListeningSource } from './listening.ts';
import { createStatements } from './statements.ts';
import { createPayments } from './payments/service.ts';
import { CREDITS_VOID, MONTH_CLOSED, MONTHLY_CREDITS, NOTHING_TO_CANCEL, insufficientCredits } from './rules.ts';

export function createCreditsService(kernel: Kernel) {
  const { knex } = kernel;
  /** Where fans' counted plays come from (insights, when enabled): see listening.ts. */
  let listening: ListeningSource | null = null;
  const monthly = createStatements(kernel, () => listening);
  const { monthPayouts } = monthly;
  const memberships = createMemberships(kernel);
  const payments = createPayments(kernel, memberships, monthPayouts, (userId, month) => grantFor(userId, month));
  const preference = createListeningPreference(kernel, () => listening !== null);
  /** Artists but the user's own whose account is not deleted. */
  const allocatable = (userId: number) =>
    Artist.query().whereNot({ userId }).whereNotIn('userId', knex('users').select('id').whereNotNull('deletedAt'));

  /**
   * This month's grant, created on first access. INSERT … ON CONFLICT DO NOTHING (INSERT IGNORE on
   * MySQL) makes concurrent first accesses create exactly one row. Unspent credits of earlier
   * months stay on those months' rows: a new month always starts at exactly 100. No grant (null)
   * for a month the membership does not cover; a trial's grant is marked as OneTrack-funded.
   */
  async function grantFor(userId: number, month: string): Promise<{ remaining: number } | null> {
    // A plain row: the Credit Vault reads it on every visit.
    const read = () => knex('credit_grants').where({ userId, month }).first('remaining');
    const existing = await read();
    if (existing) return { remaining: Number(existing.remaining) };
    const membership = await memberships.of(userId);
    if (!entitled(membership, month)) return null;
    await monthly.recordTerms(month);
    const trial = membership.state === 'trial';
    await knex('credit_grants')
      .insert({
        userId,
        month,
        credits: MONTHLY_CREDITS,
        remaining: MONTHLY_CREDITS,
        trial,
        followListening: await preference.follows(userId),
        createdAt: kernel.now().getTime(),
      })
      .onConflict(['userId', 'month'])
      .ignore();
    return { remaining: Number((await read()).remaining) };
  }

  const service = {
    /** A plugin that counts plays supplies fans' listening, which their unallocated credits follow. */
    useListening(source: ListeningSource): void {
      listening = source;
    },

    /** Whether the fan's unallocated credits follow their listening (Settings). */
    listeningPreference: preference.view,
    setListeningPreference: preference.set,

    /** The one membership's terms (Settings › Billing): what every member pays and receives. */
    terms() {
      return {
        feeCents: kernel.settings.credits.monthlyFeeCents,
        currency: kernel.settings.credits.currency,
        monthlyCredits: MONTHLY_CREDITS,
        /** Whether a payment provider takes the fee (PAYMENT_PROVIDER), or no money is taken. */
        takesMoney: payments.provider.takesMoney,
      };
    },

    /** The account's membership and whether it gets credits now and next month (Billing, top bar). */
    membership: memberships.view,

    /** Money through the payment provider (payments/): checkout, billing, portal, webhooks. */
    payments,

    /**
     * Starts the membership; idempotent. With a provider that takes money, nothing changes here:
     * the answer carries the hosted checkout's address, and the provider's confirmation (webhook) starts it.
     */
    async upgrade(userId: number): Promise<MembershipView & { checkoutUrl?: string }> {
      if (payments.provider.takesMoney) {
        const view = await memberships.view(userId);
        return view.state === 'member' ? view : { ...view, checkoutUrl: await payments.checkout(userId) };
      }
      const changed = await memberships.upgrade(userId);
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      return memberships.view(userId);
    },

    /** Cancels the membership: this month's credits stay, none after it; idempotent. */
    async cancel(userId: number) {
      // The provider's subscription ends at its period's end; the membership follows what it answers.
      if (payments.provider.takesMoney && (await payments.cancel(userId))) return memberships.view(userId);
      const changed = await memberships.cancel(userId);
      if (changed === null) throw conflict(NOTHING_TO_CANCEL);
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      return memberships.view(userId);
    },

    /** The Credit Vault's numbers: spec §2 Credits, plus when the next refill happens. */
    async summary(userId: number) {
      kernel.cache.dependsOn([creditsTag(userId)]);
      const now = kernel.now();
      const month = monthOf(now);
      const [grant, [totals]] = await Promise.all([
        grantFor(userId, month),
        knex('credit_allocations')
          .where({ userId })
          .select(
            knex.raw('COALESCE(SUM(credits), 0) AS total_allocated'),
            knex.raw('COALESCE(SUM(CASE WHEN month = ? THEN credits ELSE 0 END), 0) AS allocated_this_month', [month]),
            knex.raw('COUNT(DISTINCT artist_id) AS artists_supported'),
          ),
      ]);
      return {
        credits: grant?.remaining ?? 0,
        monthlyCredits: MONTHLY_CREDITS,
        /** Why there are no credits this month (trial ended, membership cancelled); null otherwise. */
        noCredits: grant ? null : noCreditsText(await memberships.of(userId), month),
        month,
        nextRefillAt: nextMonthStart(now).toISOString(),
        allocatedThisMonth: Number(totals.allocatedThisMonth),
        totalAllocated: Number(totals.totalAllocated),
        artistsSupported: Number(totals.artistsSupported),
      };
    },

    /** The user's allocations with the artist's name and genre, newest first. */
    async allocations(userId: number) {
      kernel.cache.dependsOn([creditsTag(userId)]);
      const rows = await Allocation.query()
        .where({ userId })
        .withGraphFetched('artist')
        .orderBy([
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
      if (await kernel.knex('users').where({ id: artist.userId }).whereNotNull('deletedAt').first('id'))
        throw gone(ARTIST_DELETED.allocation);
      if (artist.userId === userId) throw invalid('You cannot allocate credits to yourself');
      const now = kernel.now();
      const month = await service.openGrant(userId);
      const result = await knex.transaction(async (trx) => {
        const remaining = await service.debit(trx, userId, month, credits);
        const allocation = await Allocation.query(trx).insertAndFetch({
          userId,
          artistId,
          month,
          credits,
          createdAt: now.getTime(),
        });
        // A settled month's statements are stored and final: nothing may land in it any more.
        if (isSettled(month, kernel.now())) throw conflict(MONTH_CLOSED);
        allocation.artist = artist;
        return { allocation: allocation.toJSONForUser(), credits: remaining };
      });
      // The fan's balance and the artist's statement; the month's totals elsewhere are counters.
      await kernel.cache.changed([creditsTag(userId), userTag(artist.userId)]);
      return result;
    },

    /**
     * Opens this month's grant of a member who uses OneTrack without visiting their vault (a counted
     * play): their fee is in the month's pool and their credits follow their listening. Nothing for
     * an account whose membership does not cover the month.
     */
    async openMonth(userId: number): Promise<void> {
      await grantFor(userId, monthOf(kernel.now()));
    },

    /**
     * A month's key (this month's by default), its grant made: call before a transaction that
     * debits it. Pledges to next month's drop open next month's grant early.
     */
    async openGrant(userId: number, month = monthOf(kernel.now())): Promise<string> {
      if (!(await grantFor(userId, month)))
        throw forbidden(noCreditsReason(await memberships.of(userId), month, monthOf(kernel.now()))!);
      return month;
    },

    /**
     * The ledger's one way to take credits (allocations, pledge holds): a conditional decrement
     * inside the caller's transaction, 400 with the balance when it is short. Returns what is left.
     */
    async debit(trx: Knex.Transaction, userId: number, month: string, credits: number): Promise<number> {
      const spent = await trx('credit_grants')
        .where({ userId, month, voided: false })
        .andWhere('remaining', '>=', credits)
        .decrement('remaining', credits);
      const { remaining, voided } = await trx('credit_grants').where({ userId, month }).first('remaining', 'voided');
      if (voided) throw forbidden(CREDITS_VOID);
      if (spent !== 1) throw invalid(() => insufficientCredits(remaining));
      return remaining as number;
    },

    /** Gives back credits a hold took from that month's balance (a cancelled or released pledge). */
    async refund(trx: Knex.Transaction, userId: number, month: string, credits: number): Promise<void> {
      await trx('credit_grants').where({ userId, month }).increment('remaining', credits);
    },

    /** Ledger rows for credits already debited (held pledges that landed), dated by the caller. */
    async recordAllocations(
      trx: Knex.Transaction,
      rows: Array<{ userId: number; artistId: number; month: string; credits: number; createdAt: number }>,
    ): Promise<void> {
      // As for allocate: a settled month's statements are final.
      if (rows.some((row) => isSettled(row.month, kernel.now()))) throw conflict(MONTH_CLOSED);
      if (rows.length) await trx('credit_allocations').insert(rows);
    },

    /** Artists this user may allocate to (never their own artist record), by name: the Allocate dialog's choices. */
    async artistChoices(userId: number) {
      const rows = await allocatable(userId).orderBy('name').select('id', 'name', 'genre');
      return rows.map(({ id, name, genre }) => ({ id, name, genre }));
    },

    /** Whether artistChoices has anyone, for the vault's Allocate button (the page does not carry the list). */
    async hasArtistChoices(userId: number): Promise<boolean> {
      return (await allocatable(userId).select('id').limit(1).first()) !== undefined;
    },

    /** Every artist's payout for a month, with the money that came in and where it went. */
    async payouts(month: string) {
      const payouts = await monthPayouts(month);
      const names = new Map(
        (
          await Artist.query()
            .findByIds(payouts.artists.map((a) => a.artistId))
            .select('id', 'name')
        ).map((a) => [a.id, a.name]),
      );
      return {
        ...payouts,
        artists: payouts.artists.map((line) => ({ ...line, name: names.get(line.artistId) ?? '' })),
      };
    },

    /** The signed-in artist's monthly statements, newest first; 403 for users without an artist record. */
    async statementsOfUser(userId: number) {
      const artist = await Artist.query().findOne({ userId });
      if (!artist) throw forbidden('Only artist accounts have payout statements');
      const allocated: string[] = (
        await knex('credit_allocations').where({ artistId: artist.id }).distinct('month')
      ).map((r: { month: string }) => r.month);
      const played = (await listening?.monthsPlayed(artist.id)) ?? [];
      const months = [...new Set([...allocated, ...played])].sort().reverse();
      const statements = [];
      for (const month of months) {
        const payouts = await monthPayouts(month);
        const line = payouts.artists.find((a) => a.artistId === artist.id);
        // Played only by fans whose credits all went elsewhere (or who turned the fallback off): nothing to show.
        if (!line) continue;
        statements.push({
          month,
          final: payouts.final,
          credits: line.credits,
          fans: line.fans,
          amountCents: line.amountCents,
          listeningCents: line.listeningCents,
        });
      }
      return { artistId: artist.id, ...(await monthly.termsOf(monthOf(kernel.now()))), statements };
    },

    /** A fan's statement of `month` (the current month's exists as soon as they ask for it). */
    async fanStatement(userId: number, month: string) {
      if (month === monthOf(kernel.now())) await grantFor(userId, month);
      return monthly.fanStatement(userId, month);
    },
    artistStatement: monthly.artistStatement,
    /** The public figures of every settled month, with the provider's fees and the money given back. */
    async transparency() {
      const [months, money] = await Promise.all([monthly.transparency(), payments.moneyByMonth()]);
      return months.map((month) => ({
        ...month,
        ...(money.get(month.month) ?? { feesCents: 0, refundsCents: 0, absorbedCents: 0 }),
      }));
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
