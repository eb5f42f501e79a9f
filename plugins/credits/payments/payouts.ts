import type { Knex } from 'knex';
import { userTag } from '../../../api/cache/tags.ts';
import { forbidden } from '../../../api/errors.ts';
import type { Kernel } from '../../../api/plugins/types.ts';
import { PAYOUTS_TAG } from '../cacheTags.ts';
import { formatCents } from '../money.ts';
import { isSettled, nextMonthStart, SETTLE_MS } from '../months.ts';
import type { MonthPayoutsView } from '../statements.ts';
import type { PaymentProvider, ProviderAccount } from './provider.ts';

export const NOT_ONBOARDED = 'Held: set up your payout account under Get paid';
export const ARTISTS_ONLY = 'Only artist accounts are paid out';
const underMinimum = (min: string) => `Held: under the minimum payout of ${min}; sent with a later month`;

/** What the provider's answer says, for the artist's status line. */
export const accountState = (a: { payoutsEnabled: boolean } | null) =>
  a === null ? 'none' : a.payoutsEnabled ? 'payouts-on' : 'details-needed';

/** The SDK's errors of a request Stripe answered (the transfer certainly was not made), by their type. */
const answered = (error: unknown) =>
  typeof (error as { type?: unknown }).type === 'string' &&
  (error as { type: string }).type !== 'StripeConnectionError';

/**
 * Artists are paid (separate charges and transfers): when a month has closed, one transfer per
 * artist of what the month's statement says, plus what was held before; held while the artist has
 * no payout account or the sum is under MIN_PAYOUT_CENTS; a failed one is retried by the job's backoff.
 * A month's row per artist is inserted once and a sent row never changes, so a month is never paid twice.
 */
export function createPayouts(
  kernel: Kernel,
  provider: PaymentProvider,
  monthPayouts: (month: string) => Promise<MonthPayoutsView>,
) {
  const { knex } = kernel;
  const accountOf = (userId: number) => knex('payout_accounts').where({ userId }).first();

  async function remember(db: Knex | Knex.Transaction, userId: number, account: ProviderAccount) {
    await db('payout_accounts').where({ userId }).update({
      detailsSubmitted: account.detailsSubmitted,
      payoutsEnabled: account.payoutsEnabled,
      updatedAt: kernel.now().getTime(),
    });
  }

  return {
    /** The job that pays `month`, due once it has settled; enqueued with the month's first payment. */
    schedule(trx: Knex.Transaction, month: string) {
      const [year, m] = month.split('-').map(Number);
      const runAt = nextMonthStart(new Date(Date.UTC(year, m - 1, 1))).getTime() + SETTLE_MS;
      return kernel.jobs.enqueue(
        trx,
        'credits.payouts',
        { month },
        { uniqueKey: `payouts:${month}`, runAt, maxAttempts: 8 },
      );
    },

    /** The provider's hosted onboarding for an artist (a connected account made once). */
    async onboard(userId: number): Promise<string> {
      const artist = await knex('artists').where({ userId }).first('id');
      if (!artist) throw forbidden(ARTISTS_ONLY);
      let account = await accountOf(userId);
      if (!account) {
        const user = await knex('users').where({ id: userId }).first('email');
        const created = await provider.createAccount(userId, user.email);
        await knex('payout_accounts')
          .insert({ userId, accountId: created.id, updatedAt: kernel.now().getTime() })
          .onConflict('userId')
          .ignore();
        account = await accountOf(userId);
      }
      const origin = kernel.config.publicUrl;
      return provider.onboardingLink(
        account.accountId,
        `${origin}/dashboard?onboarding=done`,
        `${origin}/dashboard?onboarding=again`,
      );
    },

    /** An artist's payout status (read again from the provider) and every month's held / sent / failed. */
    async status(userId: number) {
      const artist = await knex('artists').where({ userId }).first('id');
      if (!artist) throw forbidden(ARTISTS_ONLY);
      const row = await accountOf(userId);
      let account: { payoutsEnabled: boolean } | null = row ? { payoutsEnabled: !!row.payoutsEnabled } : null;
      if (row && provider.takesMoney) {
        const fresh = await provider.account(row.accountId);
        await remember(knex, userId, fresh);
        account = fresh;
      }
      const months = await knex('payout_transfers').where({ artistId: artist.id }).orderBy('month', 'desc');
      return {
        takesMoney: provider.takesMoney,
        account: accountState(account),
        months: months.map((t) => ({
          month: t.month,
          amountCents: Number(t.amountCents),
          currency: t.currency,
          status: t.status as 'held' | 'sent' | 'failed',
          reason: t.reason ?? null,
          transferId: t.transferId ?? null,
          sentWith: t.sentWith ?? null,
          sentAt: t.sentAt ? new Date(Number(t.sentAt)).toISOString() : null,
        })),
      };
    },

    /** Which transfer carried the caller's money to each artist they gave credits to in `month`. */
    async carried(userId: number, month: string) {
      return (
        await knex('credit_allocations as a')
          .join('artists as ar', 'ar.id', 'a.artistId')
          .join('payout_transfers as t', (j) => j.on('t.artistId', 'a.artistId').andOnVal('t.month', month))
          .where('a.userId', userId)
          .where('a.month', month)
          .distinct('a.artistId', 'ar.name', 't.status', 't.transferId', 't.sentAt', 't.sentWith')
          .orderBy('ar.name')
      ).map((r) => ({
        artistId: Number(r.artistId),
        name: r.name,
        status: r.status,
        transferId: r.transferId ?? null,
        sentAt: r.sentAt ? new Date(Number(r.sentAt)).toISOString() : null,
        sentWith: r.sentWith ?? null,
      }));
    },

    /** A closed month's transfers, one per artist, with their status (admin's /admin/payouts). */
    async ofMonth(month: string) {
      const rows = await knex('payout_transfers as t')
        .leftJoin('artists as a', 'a.id', 't.artistId')
        .where('t.month', month)
        .orderBy('t.amountCents', 'desc')
        .orderBy('t.artistId')
        .select('t.*', 'a.name');
      return rows.map((t) => ({
        artistId: Number(t.artistId),
        name: t.name ?? '',
        amountCents: Number(t.amountCents),
        currency: t.currency,
        status: t.status as 'held' | 'sent' | 'failed',
        reason: t.reason ?? null,
        transferId: t.transferId ?? null,
        sentWith: t.sentWith ?? null,
        sentAt: t.sentAt ? new Date(Number(t.sentAt)).toISOString() : null,
        attempts: Number(t.attempts),
      }));
    },

    /** A connected account changed (webhook account.updated): what the provider says now. */
    async accountUpdated(trx: Knex.Transaction, account: ProviderAccount): Promise<number[]> {
      const row = await trx('payout_accounts').where({ accountId: account.id }).first('userId');
      if (!row) return [];
      await remember(trx, Number(row.userId), account);
      return [Number(row.userId)];
    },

    /** Pays a closed month; throws after recording failures, so the job retries them with backoff. */
    async runMonth(month: string) {
      if (!isSettled(month, kernel.now())) throw new Error(`${month} has not closed yet`);
      const payouts = await monthPayouts(month);
      const { currency } = payouts;
      const lines = payouts.artists.filter((a) => a.amountCents > 0);
      for (let i = 0; i < lines.length; i += 500)
        await knex('payout_transfers')
          .insert(
            lines
              .slice(i, i + 500)
              .map((a) => ({ artistId: a.artistId, month, amountCents: a.amountCents, currency, status: 'held' })),
          )
          .onConflict(['artistId', 'month'])
          .ignore();
      const min = kernel.settings.credits.minPayoutCents;
      const failures: string[] = [];
      const due = await knex('payout_transfers').where({ month }).whereNot({ status: 'sent' });
      const changed: number[] = [];
      for (const row of due) {
        const artist = await knex('artists').where({ id: row.artistId }).first('userId');
        const account = artist && (await accountOf(Number(artist.userId)));
        const open = await knex('payout_transfers')
          .where({ artistId: row.artistId })
          .where('month', '<=', month)
          .whereIn('status', ['held', 'failed']);
        const total = open.reduce((sum, t) => sum + Number(t.amountCents), 0);
        const hold = (reason: string) =>
          knex('payout_transfers')
            .where({ artistId: row.artistId, month })
            .whereNot({ status: 'sent' })
            .update({ status: 'held', reason });
        if (!account?.payoutsEnabled) {
          await hold(NOT_ONBOARDED);
          continue;
        }
        if (total < min) {
          await hold(underMinimum(formatCents(min, currency)));
          continue;
        }
        try {
          const transfer = await provider.transfer({
            amountCents: total,
            currency,
            destination: account.accountId,
            transferGroup: `onetrack-${month}`,
            // Per artist and month; a new key only after Stripe refused one (nothing was sent then).
            idempotencyKey: `payout:${row.artistId}:${month}:${row.attempts}`,
            metadata: { artistId: String(row.artistId), month, months: open.map((t) => t.month).join(',') },
          });
          await knex('payout_transfers')
            .where({ artistId: row.artistId })
            .whereIn(
              'month',
              open.map((t) => t.month),
            )
            .whereNot({ status: 'sent' })
            .update({
              status: 'sent',
              reason: null,
              transferId: transfer.id,
              sentWith: month,
              sentAt: kernel.now().getTime(),
            });
          changed.push(Number(artist.userId));
        } catch (error) {
          const reason = `Failed: ${(error as Error).message}`.slice(0, 255);
          await knex('payout_transfers')
            .where({ artistId: row.artistId, month })
            .update({ status: 'failed', reason, attempts: Number(row.attempts) + (answered(error) ? 1 : 0) });
          failures.push(`artist ${row.artistId}: ${reason}`);
        }
      }
      await kernel.cache.changed([...changed.map(userTag), PAYOUTS_TAG]);
      if (failures.length) throw new Error(`Payouts of ${month} to retry: ${failures.join('; ')}`);
    },
  };
}
