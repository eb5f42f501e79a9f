import {
  MONTH,
  arrayOf,
  boolean,
  component,
  dateTime,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
} from '../../api/openapi/schema.ts';

export const Allocation = component(
  'Allocation',
  object({
    id: integer,
    artistId: integer,
    credits: integer,
    allocationDate: dateTime,
    artist: object({ name: string, genre: nullable(string) }),
  }),
);

/** An artist the Allocate dialog offers. */
export const AllocationChoice = component(
  'AllocationChoice',
  object({ id: integer, name: string, genre: nullable(string) }),
);

const membership = {
  state: oneOf('trial', 'member', 'cancelled'),
  trialMonth: nullable(MONTH),
  paidThrough: nullable(MONTH),
  month: MONTH,
  creditsThisMonth: boolean,
  creditsNextMonth: boolean,
  reason: nullable(string),
};
export const Membership = component('Membership', object(membership));
export const MembershipUpgraded = object({ ...membership, notice: string, checkoutUrl: optional(string) });

/** Settings: whether unallocated credits follow the fan's listening, and whether plays are counted here. */
export const ListeningPreference = component(
  'ListeningPreference',
  object({ followListening: boolean, available: boolean }),
);

export const CreditsSummary = object({
  credits: integer,
  monthlyCredits: integer,
  noCredits: nullable(string),
  month: MONTH,
  nextRefillAt: dateTime,
  allocatedThisMonth: integer,
  totalAllocated: integer,
  artistsSupported: integer,
});

export const ArtistPayouts = object({
  artistId: integer,
  feeCents: integer,
  platformShare: number,
  currency: string,
  statements: arrayOf(
    object({
      month: MONTH,
      final: boolean,
      credits: integer,
      fans: integer,
      amountCents: integer,
      listeningCents: integer,
    }),
  ),
});

export const MonthPayouts = object({
  month: MONTH,
  final: boolean,
  feeCents: integer,
  platformShare: number,
  payingFans: integer,
  grossCents: integer,
  platformCents: integer,
  unallocatedCents: integer,
  artistsCents: integer,
  listeningCents: integer,
  artists: arrayOf(
    object({
      artistId: integer,
      credits: integer,
      fans: integer,
      amountCents: integer,
      listeningCents: integer,
      name: string,
    }),
  ),
  currency: string,
  trialFans: integer,
});

export const FanStatement = object({
  month: MONTH,
  final: boolean,
  months: arrayOf(MONTH),
  currency: string,
  feeCents: integer,
  platformShare: number,
  platformCents: integer,
  netCents: integer,
  monthlyCredits: integer,
  trial: boolean,
  allocatedCredits: integer,
  pledgedCredits: integer,
  unallocatedCredits: integer,
  followsListening: boolean,
  artistsCents: integer,
  listeningCents: integer,
  unallocatedCents: integer,
  /** The fee came back to the fan (refund, dispute) before the month closed: these credits count for nothing. */
  voided: boolean,
  lines: arrayOf(
    object({
      artistId: integer,
      name: string,
      credits: integer,
      plays: integer,
      amountCents: integer,
      listeningCents: integer,
    }),
  ),
});

/** How evenly one split's money reached artists (docs/payouts.md, "Fairness figures"). */
const Distribution = object({ top10Share: number, top1PercentShare: number, gini: number, medianCents: integer });

export const Transparency = object({
  months: arrayOf(
    object({
      month: MONTH,
      currency: string,
      feeCents: integer,
      platformShare: number,
      payingFans: integer,
      trialFans: integer,
      members: integer,
      grossCents: integer,
      platformCents: integer,
      artistsCents: integer,
      unallocatedCents: integer,
      artistsPaid: integer,
      medianCents: integer,
      top10Cents: integer,
      top10Share: number,
      listeningCents: integer,
      /** The payment provider's fees on the month's payments (and disputes). */
      feesCents: integer,
      /** Money given back (refunds, disputes; net of won disputes), and of it what OneTrack absorbed. */
      refundsCents: integer,
      absorbedCents: integer,
      fairness: nullable(
        object({
          plays: integer,
          poolCents: integer,
          artists: integer,
          oneTrack: Distribution,
          prorata: Distribution,
          betterOffShare: number,
          worseOffShare: number,
        }),
      ),
    }),
  ),
});

export const ArtistStatement = object({
  month: MONTH,
  final: boolean,
  months: arrayOf(MONTH),
  artist: object({ id: integer, name: string }),
  currency: string,
  feeCents: integer,
  platformShare: number,
  platformCents: integer,
  netCents: integer,
  fans: integer,
  credits: integer,
  amountCents: integer,
  creditsCents: integer,
  listeningCents: integer,
  plays: integer,
  lines: arrayOf(
    object({
      fan: integer,
      credits: integer,
      fanCredits: integer,
      plays: integer,
      fanPlays: integer,
      amountCents: integer,
      creditsCents: integer,
      listeningCents: integer,
    }),
  ),
  explanation: string,
});
