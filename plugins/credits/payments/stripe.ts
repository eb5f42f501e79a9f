import Stripe from 'stripe';
import type {
  CheckoutRequest,
  PaymentProvider,
  ProviderAccount,
  ProviderBilling,
  ProviderInvoice,
  ProviderPayment,
  ProviderSubscription,
} from './provider.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another origin for the API (tests' stand-in); null: api.stripe.com. */
  apiBase: string | null;
  automaticTax: boolean;
}

/** Events older than this (by their signed timestamp) are refused: a replay of an old delivery. */
export const WEBHOOK_TOLERANCE_S = 300;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The one price: a monthly fee in a currency, found again by this key wherever it was created from. */
export const priceLookupKey = (feeCents: number, currency: string) =>
  `onetrack-premium-${currency.toLowerCase()}-${feeCents}`;

function subscriptionOf(s: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the period lives on each item; the one price is the one item.
  const periodEnd = s.items.data[0]?.current_period_end ?? 0;
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodEnd: periodEnd * 1000,
  };
}

function accountOf(a: Stripe.Account): ProviderAccount {
  return { id: a.id, detailsSubmitted: !!a.details_submitted, payoutsEnabled: !!a.payouts_enabled };
}

function invoiceOf(i: Stripe.Invoice): ProviderInvoice {
  return {
    id: i.id!,
    number: i.number ?? null,
    status: i.status ?? 'draft',
    amountCents: i.status === 'paid' ? i.amount_paid : i.amount_due,
    currency: i.currency.toUpperCase(),
    createdAt: i.created * 1000,
    url: i.hosted_invoice_url ?? null,
  };
}

export function stripeProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol.replace(':', '') as 'http' | 'https',
    }),
  });

  async function priceId(feeCents: number, currency: string): Promise<string> {
    const lookupKey = priceLookupKey(feeCents, currency);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await stripe.prices.create(
      {
        currency: currency.toLowerCase(),
        unit_amount: feeCents,
        recurring: { interval: 'month' },
        product_data: { name: 'OneTrack Premium' },
        lookup_key: lookupKey,
        ...(options.automaticTax && { tax_behavior: 'exclusive' as const }),
      },
      // Two nodes creating it at once make one price.
      { idempotencyKey: `price:${lookupKey}` },
    );
    return created.id;
  }

  return {
    name: 'stripe',
    takesMoney: true,

    async startCheckout(request: CheckoutRequest) {
      const customerId =
        request.customerId ??
        (
          await stripe.customers.create(
            { email: request.email, metadata: { userId: String(request.userId) } },
            { idempotencyKey: `customer:${request.userId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: String(request.userId),
          line_items: [{ price: await priceId(request.feeCents, request.currency), quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: { userId: String(request.userId) },
          subscription_data: { metadata: { userId: String(request.userId) } },
          ...(options.automaticTax && { automatic_tax: { enabled: true }, customer_update: { address: 'auto' } }),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { url: session.url!, customerId };
    },

    async portal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async billing(customerId, subscriptionId): Promise<ProviderBilling> {
      const [subscription, customer, invoices] = await Promise.all([
        subscriptionId ? stripe.subscriptions.retrieve(subscriptionId) : null,
        stripe.customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] }),
        stripe.invoices.list({ customer: customerId, limit: 12 }),
      ]);
      const method =
        !customer.deleted && typeof customer.invoice_settings?.default_payment_method === 'object'
          ? customer.invoice_settings.default_payment_method
          : null;
      return {
        subscription: subscription && subscriptionOf(subscription),
        card: method?.card
          ? {
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
            }
          : null,
        invoices: invoices.data.map(invoiceOf),
      };
    },

    async subscription(id) {
      return subscriptionOf(await stripe.subscriptions.retrieve(id));
    },

    async cancelAtPeriodEnd(id, idempotencyKey) {
      return subscriptionOf(await stripe.subscriptions.update(id, { cancel_at_period_end: true }, { idempotencyKey }));
    },

    async payment(invoiceId): Promise<ProviderPayment | null> {
      const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
      if (invoice.status !== 'paid') return null;
      const paymentIntentId = idOf(invoice.payments?.data.find((p) => p.status === 'paid')?.payment.payment_intent);
      let chargeId: string | null = null;
      let feeCents = 0;
      if (paymentIntentId) {
        const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
          expand: ['latest_charge.balance_transaction'],
        });
        const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
        chargeId = charge?.id ?? idOf(intent.latest_charge);
        const balance = charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
        feeCents = balance?.fee ?? 0;
      }
      return {
        invoiceId,
        customerId: idOf(invoice.customer)!,
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
        chargeId,
        amountCents: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        feeCents,
        periodEnd: (invoice.lines.data[0]?.period.end ?? invoice.period_end) * 1000,
        paidAt: (invoice.status_transitions.paid_at ?? invoice.created) * 1000,
      };
    },

    async refunds(chargeId) {
      const refunds = await stripe.refunds.list({ charge: chargeId, limit: 100 });
      return refunds.data
        .filter((r) => r.status === 'succeeded')
        .map((r) => ({
          id: r.id,
          kind: 'refund' as const,
          chargeId,
          amountCents: r.amount,
          feeCents: 0,
          createdAt: r.created * 1000,
        }));
    },

    async dispute(id) {
      const dispute = await stripe.disputes.retrieve(id);
      const chargeId = idOf(dispute.charge)!;
      // Each movement of the dispute's funds is a balance transaction: its amount is negative when
      // the money left the platform's balance, positive when a won dispute brought it back.
      return dispute.balance_transactions.map((t) => ({
        id: t.id,
        kind: 'dispute' as const,
        chargeId,
        amountCents: -t.amount,
        feeCents: t.fee,
        createdAt: t.created * 1000,
      }));
    },

    async createAccount(artistUserId, email) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId: String(artistUserId) },
        },
        { idempotencyKey: `account:${artistUserId}` },
      );
      return accountOf(account);
    },

    async account(id) {
      return accountOf(await stripe.accounts.retrieve(id));
    },

    async onboardingLink(accountId, returnUrl, refreshUrl) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async transfer(request) {
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          destination: request.destination,
          transfer_group: request.transferGroup,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: transfer.id };
    },

    verifyEvent(raw, signature, nowMs) {
      const event = stripe.webhooks.constructEvent(
        raw,
        signature,
        options.webhookSecret,
        WEBHOOK_TOLERANCE_S,
        undefined,
        nowMs,
      );
      const object = event.data.object as unknown as Record<string, unknown>;
      return { id: event.id, type: event.type, objectId: String(object.id), object, createdAt: event.created * 1000 };
    },
  };
}
