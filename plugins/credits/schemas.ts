import {
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
import { MONTH } from '../catalog/schemas.ts';

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
  statements: arrayOf(object({ month: MONTH, final: boolean, credits: integer, fans: integer, amountCents: integer })),
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
  artists: arrayOf(object({ artistId: integer, credits: integer, fans: integer, amountCents: integer, name: string })),
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
  artistsCents: integer,
  unallocatedCents: integer,
  lines: arrayOf(object({ artistId: integer, name: string, credits: integer, amountCents: integer })),
});

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
  lines: arrayOf(object({ fan: integer, credits: integer, fanCredits: integer, amountCents: integer })),
  explanation: string,
});
