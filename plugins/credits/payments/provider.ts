// The payment provider port: the credits plugin asks these questions and never a provider's SDK
// (as api/storage has local and S3 drivers). none.ts takes no money; stripe.ts is Stripe.

/** A subscription as the provider holds it now (webhooks may arrive in any order: this is read, not inferred). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's word: active, trialing, past_due, unpaid, canceled, incomplete… */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** End of the paid period (epoch ms): the next charge when it renews. */
  currentPeriodEnd: number;
}

export interface ProviderInvoice {
  id: string;
  number: string | null;
  /** paid, open, void, uncollectible, draft */
  status: string;
  amountCents: number;
  currency: string;
  createdAt: number;
  /** The provider's page of the invoice (receipt, PDF); null while a draft. */
  url: string | null;
}

/** What Settings › Billing shows from the provider. */
export interface ProviderBilling {
  subscription: ProviderSubscription | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  invoices: ProviderInvoice[];
}

/** A verified event: its id (recorded once), type and the id of the object it is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  objectId: string;
  /** The event's object as sent (only what cannot be read back, e.g. an invoice's paid amount, is taken from it). */
  object: Record<string, unknown>;
  createdAt: number;
}

/** A paid invoice: money collected for a member's period. */
export interface ProviderPayment {
  invoiceId: string;
  customerId: string;
  subscriptionId: string | null;
  chargeId: string | null;
  amountCents: number;
  currency: string;
  /** The provider's fee on this payment (cents), when it says. */
  feeCents: number;
  periodEnd: number;
  paidAt: number;
}

/**
 * Money that went back from a payment, as the provider's ledger holds it now: a refund that
 * succeeded, or one movement of a dispute's funds (withdrawn: positive; reinstated when the
 * dispute was won: negative), each with its own id and the provider's fee on it.
 */
export interface ProviderReturn {
  id: string;
  kind: 'refund' | 'dispute';
  chargeId: string;
  amountCents: number;
  feeCents: number;
  createdAt: number;
}

export interface CheckoutRequest {
  userId: number;
  email: string;
  customerId: string | null;
  feeCents: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** One per attempt: a retried call creates one session. */
  idempotencyKey: string;
}

/** An artist's connected account (Stripe Connect Express) as the provider holds it now. */
export interface ProviderAccount {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

export interface TransferRequest {
  amountCents: number;
  currency: string;
  destination: string;
  /** All of a month's transfers share it (the provider groups them). */
  transferGroup: string;
  /** Per artist and month: a retried or repeated run makes one transfer. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  /** 'none' takes no money; the app then says so. */
  readonly name: 'none' | 'stripe';
  readonly takesMoney: boolean;
  /** A hosted checkout for the flat fee (the price is found or created by its lookup key). */
  startCheckout(request: CheckoutRequest): Promise<{ url: string; customerId: string }>;
  /** The provider's customer portal (change card, invoices, cancel at period end). */
  portal(customerId: string, returnUrl: string): Promise<string>;
  billing(customerId: string, subscriptionId: string | null): Promise<ProviderBilling>;
  subscription(id: string): Promise<ProviderSubscription>;
  /** Cancels at the end of the paid period; the subscription as it now is. */
  cancelAtPeriodEnd(id: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** A paid invoice's money, read back from the provider (amount, fee, period). */
  payment(invoiceId: string): Promise<ProviderPayment | null>;
  /** A charge's succeeded refunds. */
  refunds(chargeId: string): Promise<ProviderReturn[]>;
  /** A dispute's movements of funds so far (withdrawn, and reinstated if it was won). */
  dispute(id: string): Promise<ProviderReturn[]>;
  /** A connected account for an artist (one per artist: the key is the artist's). */
  createAccount(artistUserId: number, email: string): Promise<ProviderAccount>;
  account(id: string): Promise<ProviderAccount>;
  /** The provider's hosted onboarding of a connected account. */
  onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /** Sends money from the platform's balance to a connected account (separate charges and transfers). */
  transfer(request: TransferRequest): Promise<{ id: string }>;
  /**
   * Checks a webhook's signature over the raw bytes and its age against `nowMs`; throws on a
   * forged, altered or stale one.
   */
  verifyEvent(raw: Buffer, signature: string, nowMs: number): ProviderEvent;
}
