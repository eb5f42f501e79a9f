import { arrayOf, boolean, dateTime, integer, nullable, object, oneOf, string } from '../../../api/openapi/schema.ts';

export const Billing = object({
  provider: oneOf('none', 'stripe'),
  takesMoney: boolean,
  paymentFailed: boolean,
  nextChargeAt: nullable(dateTime),
  endsAt: nullable(dateTime),
  status: nullable(string),
  card: nullable(object({ brand: string, last4: string, expMonth: integer, expYear: integer })),
  invoices: arrayOf(
    object({
      id: string,
      number: nullable(string),
      status: string,
      amountCents: integer,
      currency: string,
      createdAt: dateTime,
      url: nullable(string),
    }),
  ),
});

export const PayoutStatus = object({
  takesMoney: boolean,
  account: oneOf('none', 'details-needed', 'payouts-on'),
  months: arrayOf(
    object({
      month: string,
      amountCents: integer,
      currency: string,
      status: oneOf('held', 'sent', 'failed'),
      reason: nullable(string),
      transferId: nullable(string),
      sentWith: nullable(string),
      sentAt: nullable(dateTime),
    }),
  ),
});

export const Carried = object({
  artistId: integer,
  name: string,
  status: oneOf('held', 'sent', 'failed'),
  transferId: nullable(string),
  sentAt: nullable(dateTime),
  sentWith: nullable(string),
});

export const PortalLink = object({ url: string });

export const WebhookReceived = object({ applied: boolean, type: string });

const Reconciliation = object({
  month: string,
  currency: string,
  takesMoney: boolean,
  grossCents: integer,
  fundedCents: integer,
  platformCents: integer,
  artistsCents: integer,
  unallocatedCents: integer,
  collectedCents: integer,
  feesCents: integer,
  refundsCents: integer,
  poolRefundsCents: integer,
  sentCents: integer,
  heldCents: integer,
  left: integer,
  right: integer,
  differenceCents: integer,
  platformNetCents: integer,
  unpaidCents: integer,
});

export const AdminPayoutMonth = object({
  month: string,
  takesMoney: boolean,
  reconciliation: nullable(Reconciliation),
  transfers: arrayOf(
    object({
      artistId: integer,
      name: string,
      amountCents: integer,
      currency: string,
      status: oneOf('held', 'sent', 'failed'),
      reason: nullable(string),
      transferId: nullable(string),
      sentWith: nullable(string),
      sentAt: nullable(dateTime),
      attempts: integer,
    }),
  ),
});
