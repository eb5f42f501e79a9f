// Every cent of a closed month accounted for (issue 41, "Every cent reconciles"):
//   collected + platform-funded − refunds − provider fees
//     = platform share (net of the fees and refunds it absorbs) + sent + held + unallocated
// A refund of an open month takes the fan out of the pool (their grant is void, so the statement's
// gross no longer counts them): it is on the left only. One of a closed month OneTrack absorbs.
// The platform's share is what is left to it after Stripe's fees and absorbed refunds, so the two
// sides differ only when money and statements disagree: a member counted but never paid, a payment
// nobody was counted for, a transfer of another amount than the statement's, a month not yet paid out.

export interface MonthMoney {
  /** Paying members × fee, the statement's gross (included first months among them). */
  grossCents: number;
  /** Included first months × fee: what OneTrack pays into the pool itself. */
  fundedCents: number;
  platformCents: number;
  artistsCents: number;
  unallocatedCents: number;
  /** Paid invoices whose money entered this month. */
  collectedCents: number;
  feesCents: number;
  /** Net of won disputes (the money that came back); includes poolRefundsCents. */
  refundsCents: number;
  /** Refunds of open months that took the fan's fee out of the pool (their credits void). */
  poolRefundsCents: number;
  /** The month's payout rows by status (held includes failed: not sent yet). */
  sentCents: number;
  heldCents: number;
}

export interface Reconciliation {
  left: number;
  right: number;
  /** left − right; anything but 0 is flagged. */
  differenceCents: number;
  platformNetCents: number;
  /** Statement money of artists with no payout row yet (the month's job has not run). */
  unpaidCents: number;
}

export function reconcile(m: MonthMoney): Reconciliation {
  // A refund from the pool left the statement already (the fan's grant was void); OneTrack absorbs the rest.
  const platformNetCents = m.platformCents - m.feesCents - (m.refundsCents - m.poolRefundsCents);
  const left = m.collectedCents + m.fundedCents - m.refundsCents - m.feesCents;
  const right = platformNetCents + m.sentCents + m.heldCents + m.unallocatedCents;
  return {
    left,
    right,
    differenceCents: left - right,
    platformNetCents,
    unpaidCents: m.artistsCents - m.sentCents - m.heldCents,
  };
}
