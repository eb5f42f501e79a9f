import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { userTag } from '../../../api/cache/tags.ts';
import { isUniqueViolation } from '../../../api/db/connection.ts';
import { AppError, conflict, invalid } from '../../../api/errors.ts';
import type { Kernel } from '../../../api/plugins/types.ts';
import { creditsTag, PAYOUTS_TAG } from '../cacheTags.ts';
import type { createMemberships } from '../membership.ts';
import { isSettled, monthOf } from '../months.ts';
import { BILLING_NOT_STARTED, MONTH_STILL_OPEN, PROVIDER_UNREACHABLE, SIGNATURE_REFUSED } from './messages.ts';
import { providerFor } from './index.ts';
import { createPayouts } from './payouts.ts';
import { reconcile } from './reconcile.ts';
import { recordReturns, returnTarget } from './refunds.ts';
import type { MonthPayoutsView } from '../statements.ts';
import type { ProviderEvent, ProviderPayment, ProviderSubscription } from './provider.ts';

/** A subscription in these states is being paid for; any other stops at what was paid. */
const RUNNING = new Set(['active', 'trialing']);

/**
 * The last month a period ending at `endMs` covers (a period ending at midnight on the 1st covers the month before).
 */
const lastMonthOf = (endMs: number) => monthOf(new Date(endMs - 1));

type Change = (trx: Knex.Transaction) => Promise<number[]>;

export function createPayments(
  kernel: Kernel,
  memberships: ReturnType<typeof createMemberships>,
  monthPayouts: (month: string) => Promise<MonthPayoutsView>,
  openGrant: (userId: number, month: string) => Promise<unknown>,
) {
  const { knex } = kernel;
  const provider = providerFor(kernel.settings.credits);
  const payouts = createPayouts(kernel, provider, monthPayouts);
  const customerOf = (userId: number) => knex('payment_customers').where({ userId }).first();

  /** The provider is the other side of a network: its failure is a 503 the caller (or Stripe) retries. */
  async function ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The SDK's message names the request, never the key.
      kernel.log.warn('payment provider failed', { error: (error as Error).message });
      throw new AppError('unavailable', PROVIDER_UNREACHABLE, 30);
    }
  }

  /** Stores what the provider says of a subscription and lets the membership follow it; the users it changed. */
  async function follow(trx: Knex.Transaction, subscription: ProviderSubscription): Promise<number[]> {
    const row = await trx('payment_customers').where({ customerId: subscription.customerId }).first('userId');
    if (!row) return [];
    const userId = Number(row.userId);
    await trx('payment_customers').where({ userId }).update({
      subscriptionId: subscription.id,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      periodEnd: subscription.currentPeriodEnd,
      updatedAt: kernel.now().getTime(),
    });
    const running = RUNNING.has(subscription.status);
    let paidThrough: string | null;
    if (running) paidThrough = lastMonthOf(subscription.currentPeriodEnd);
    else {
      const [last] = await trx('payment_charges').where({ userId }).max({ end: 'periodEnd' });
      paidThrough = last?.end ? lastMonthOf(Number(last.end)) : null;
    }
    await memberships.follow(userId, running && !subscription.cancelAtPeriodEnd, paidThrough, trx);
    return [userId];
  }

  async function recordPayment(trx: Knex.Transaction, payment: ProviderPayment): Promise<number[]> {
    const row = await trx('payment_customers').where({ customerId: payment.customerId }).first('userId');
    const userId = row ? Number(row.userId) : null;
    // A closed month's figures never change: a payment reported after its month closed enters this one.
    const paidIn = monthOf(new Date(payment.paidAt));
    const month = isSettled(paidIn, kernel.now()) ? monthOf(kernel.now()) : paidIn;
    await trx('payment_charges')
      .insert({
        invoiceId: payment.invoiceId,
        userId,
        chargeId: payment.chargeId,
        month,
        amountCents: payment.amountCents,
        feeCents: payment.feeCents,
        currency: payment.currency,
        periodEnd: payment.periodEnd,
        paidAt: payment.paidAt,
      })
      .onConflict('invoiceId')
      .ignore();
    if (userId !== null) await trx('payment_customers').where({ userId }).update({ paymentFailedAt: null });
    // The month this money entered is paid out once it closes.
    await payouts.schedule(trx, month);
    return userId === null ? [] : [userId];
  }

  const subscriptionIdOf = (object: Record<string, unknown>): string | null => {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const id =
      object.object === 'subscription'
        ? object.id
        : (object.subscription ?? parent?.subscription_details?.subscription);
    return typeof id === 'string' ? id : null;
  };

  /**
   * What an event changes, read from the provider now (deliveries come in any order and may be
   * old: the object's current state decides, not the event's copy of it).
   */
  async function changeFor(event: ProviderEvent): Promise<Change | null> {
    const subscriptionId = subscriptionIdOf(event.object);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        if (!subscriptionId) return null;
        const subscription = await ask(() => provider.subscription(subscriptionId));
        return (trx) => follow(trx, subscription);
      }
      case 'invoice.paid': {
        const payment = await ask(() => provider.payment(event.objectId));
        const subscription = subscriptionId ? await ask(() => provider.subscription(subscriptionId)) : null;
        return async (trx) => [
          ...(payment ? await recordPayment(trx, payment) : []),
          ...(subscription ? await follow(trx, subscription) : []),
        ];
      }
      case 'invoice.payment_failed': {
        const customerId = typeof event.object.customer === 'string' ? event.object.customer : null;
        const subscription = subscriptionId ? await ask(() => provider.subscription(subscriptionId)) : null;
        return async (trx) => {
          const row = customerId && (await trx('payment_customers').where({ customerId }).first('userId'));
          if (!row) return [];
          const userId = Number(row.userId);
          await trx('payment_customers').where({ userId }).update({ paymentFailedAt: kernel.now().getTime() });
          // The fan is told by e-mail too (when mail is configured); the provider retries the charge.
          await kernel.jobs.enqueue(
            trx,
            'credits.payment-failed',
            { userId, eventId: event.id },
            { uniqueKey: `payment-failed:${event.id}` },
          );
          return [userId, ...(subscription ? await follow(trx, subscription) : [])];
        };
      }
      case 'charge.refunded':
      case 'charge.refund.updated':
      case 'refund.created':
      case 'refund.updated':
      case 'charge.dispute.created':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.funds_reinstated': {
        const target = returnTarget(event.type, event.object);
        const returns = target.dispute
          ? await ask(() => provider.dispute(target.dispute!))
          : target.charge
            ? await ask(() => provider.refunds(target.charge!))
            : [];
        return (trx) => recordReturns(kernel, trx, returns);
      }
      case 'account.updated': {
        const account = await ask(() => provider.account(event.objectId));
        return (trx) => payouts.accountUpdated(trx, account);
      }
      default:
        return null;
    }
  }

  const announce = (userIds: number[]) =>
    kernel.cache.changed([...new Set(userIds)].flatMap((id) => [userTag(id), creditsTag(id)]).concat(PAYOUTS_TAG));

  return {
    provider,
    payouts,
    /** A closed month's money against its statement (admin's payouts view); null while the month is open. */
    async reconciliation(month: string) {
      const statement = await monthPayouts(month);
      if (!statement.final) return null;
      const sum = async (table: string, column: string, where: Record<string, unknown>) => {
        const [row] = await knex(table)
          .where({ month, ...where })
          .sum({ total: column });
        return Number(row?.total ?? 0);
      };
      const money = {
        grossCents: statement.grossCents,
        fundedCents: statement.trialFans * statement.feeCents,
        platformCents: statement.platformCents,
        artistsCents: statement.artistsCents,
        unallocatedCents: statement.unallocatedCents,
        collectedCents: await sum('payment_charges', 'amountCents', {}),
        feesCents: (await sum('payment_charges', 'feeCents', {})) + (await sum('payment_refunds', 'feeCents', {})),
        refundsCents: await sum('payment_refunds', 'amountCents', {}),
        poolRefundsCents: await sum('payment_refunds', 'amountCents', { fromPool: true }),
        sentCents: await sum('payout_transfers', 'amountCents', { status: 'sent' }),
        heldCents:
          (await sum('payout_transfers', 'amountCents', { status: 'held' })) +
          (await sum('payout_transfers', 'amountCents', { status: 'failed' })),
      };
      return { month, currency: statement.currency, takesMoney: provider.takesMoney, ...money, ...reconcile(money) };
    },

    /**
     * Each month's provider fees and money given back (refunds, disputes), for /transparency; a
     * closed month's rows never change (a late payment or refund enters the open month).
     */
    async moneyByMonth(): Promise<Map<string, { feesCents: number; refundsCents: number; absorbedCents: number }>> {
      const [charges, refunds] = await Promise.all([
        knex('payment_charges').groupBy('month').select('month', knex.raw('SUM(fee_cents) AS fees')),
        knex('payment_refunds')
          .groupBy('month')
          .select(
            'month',
            knex.raw(
              'SUM(fee_cents) AS fees, SUM(amount_cents) AS back, ' +
                'SUM(CASE WHEN from_pool THEN amount_cents ELSE 0 END) AS pool',
            ),
          ),
      ]);
      const months = new Map<string, { feesCents: number; refundsCents: number; absorbedCents: number }>();
      const of = (month: string) => {
        if (!months.has(month)) months.set(month, { feesCents: 0, refundsCents: 0, absorbedCents: 0 });
        return months.get(month)!;
      };
      for (const row of charges) of(row.month).feesCents += Number(row.fees ?? 0);
      for (const row of refunds) {
        const money = of(row.month);
        money.feesCents += Number(row.fees ?? 0);
        money.refundsCents = Number(row.back ?? 0);
        // What OneTrack absorbed: the month had closed, part of a payment, or (negative) a won dispute.
        money.absorbedCents = money.refundsCents - Number(row.pool ?? 0);
      }
      return months;
    },

    /** /admin/payouts: a closed month's reconciliation and its transfers per artist (an open one has neither). */
    async adminMonth(month: string) {
      if (!isSettled(month, kernel.now())) throw conflict(MONTH_STILL_OPEN);
      kernel.cache.dependsOn([PAYOUTS_TAG]);
      const [reconciliation, transfers] = await Promise.all([this.reconciliation(month), payouts.ofMonth(month)]);
      return {
        month,
        takesMoney: provider.takesMoney,
        reconciliation,
        transfers,
      };
    },

    /** Sends a closed month's failed (or held) transfers again now, as the job's next attempt would. */
    async retry(month: string) {
      if (!isSettled(month, kernel.now())) throw conflict(MONTH_STILL_OPEN);
      try {
        await payouts.runMonth(month);
      } catch (error) {
        // The refusals are recorded on their rows (status failed, why); the page shows them.
        kernel.log.warn('payout retry left failures', { month, error: (error as Error).message });
      }
      return this.adminMonth(month);
    },

    /** Runs a question to the provider: its failure is a 503 (a refusal of ours stays what it is). */
    ask,

    /** A hosted checkout for the monthly fee; the membership starts when the provider confirms the payment. */
    async checkout(userId: number): Promise<string> {
      const [user, customer] = await Promise.all([
        knex('users').where({ id: userId }).first('email'),
        customerOf(userId),
      ]);
      const { monthlyFeeCents, currency } = kernel.settings.credits;
      const origin = kernel.config.publicUrl;
      const { url, customerId } = await ask(() =>
        provider.startCheckout({
          userId,
          email: user.email,
          customerId: customer?.customerId ?? null,
          feeCents: monthlyFeeCents,
          currency,
          successUrl: `${origin}/credits?checkout=done`,
          cancelUrl: `${origin}/profile?tab=billing`,
          idempotencyKey: `checkout:${userId}:${randomUUID()}`,
        }),
      );
      if (!customer)
        await knex('payment_customers')
          .insert({ userId, customerId, updatedAt: kernel.now().getTime() })
          .onConflict('userId')
          .ignore();
      return url;
    },

    /** The provider's customer portal: change the card, see invoices, cancel at the period's end. */
    async portal(userId: number): Promise<string> {
      const customer = await customerOf(userId);
      if (!customer) throw conflict(BILLING_NOT_STARTED);
      return ask(() => provider.portal(customer.customerId, `${kernel.config.publicUrl}/profile?tab=billing`));
    },

    /** Settings › Billing's real state: next charge, card, invoices, a failed renewal. */
    async billing(userId: number) {
      const customer = await customerOf(userId);
      const details = customer
        ? await ask(() => provider.billing(customer.customerId, customer.subscriptionId ?? null))
        : { subscription: null, card: null, invoices: [] };
      const subscription = details.subscription;
      return {
        provider: provider.name,
        takesMoney: provider.takesMoney,
        paymentFailed: !!customer?.paymentFailedAt,
        nextChargeAt:
          subscription && RUNNING.has(subscription.status) && !subscription.cancelAtPeriodEnd
            ? new Date(subscription.currentPeriodEnd).toISOString()
            : null,
        endsAt: subscription?.cancelAtPeriodEnd ? new Date(subscription.currentPeriodEnd).toISOString() : null,
        status: subscription?.status ?? null,
        card: details.card,
        invoices: details.invoices.map((i) => ({ ...i, createdAt: new Date(i.createdAt).toISOString() })),
      };
    },

    /** Cancels at the end of the paid period: the provider answers with the subscription as it now is. */
    async cancel(userId: number): Promise<boolean> {
      const customer = await customerOf(userId);
      if (!customer?.subscriptionId) return false;
      const subscription = await ask(() =>
        provider.cancelAtPeriodEnd(customer.subscriptionId, `cancel:${customer.subscriptionId}`),
      );
      const changed = await knex.transaction((trx) => follow(trx, subscription));
      await announce(changed);
      return true;
    },

    /**
     * A webhook delivery: verified over its raw bytes, then applied once. The event's id is inserted
     * in the transaction that applies it: a second delivery, or the same one on another node at the
     * same moment, fails that insert and changes nothing. False for an event already applied.
     */
    async receive(raw: Buffer, signature: string): Promise<{ applied: boolean; type: string }> {
      let event: ProviderEvent;
      try {
        event = provider.verifyEvent(raw, signature, kernel.now().getTime());
      } catch {
        throw invalid(SIGNATURE_REFUSED);
      }
      const seen = () => knex('payment_events').where({ eventId: event.id }).first('eventId');
      if (await seen()) return { applied: false, type: event.type };
      const change = await changeFor(event);
      let changed: number[] | null;
      try {
        changed = await knex.transaction(async (trx) => {
          await trx('payment_events').insert({
            eventId: event.id,
            type: event.type,
            receivedAt: kernel.now().getTime(),
          });
          return change ? change(trx) : [];
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        changed = null;
      }
      if (changed === null) return { applied: false, type: event.type };
      // A paying member is in the pool of the month their money entered, whether or not they open
      // OneTrack that month (their credits then follow their listening, or stay unallocated).
      if (event.type === 'invoice.paid') {
        const charge = await knex('payment_charges').where({ invoiceId: event.objectId }).first('userId', 'month');
        if (charge?.userId && !isSettled(charge.month, kernel.now()))
          await openGrant(Number(charge.userId), charge.month);
      }
      await announce(changed);
      return { applied: true, type: event.type };
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
