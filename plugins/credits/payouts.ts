// The payout formula (docs/payouts.md), as pure functions over one month's allocations so the
// same arithmetic serves the artist's statement, the admin summary and the tests.

export interface FanAllocation {
  userId: number;
  artistId: number;
  credits: number;
}

export interface PayoutTerms {
  feeCents: number;
  platformShare: number;
}

export interface MonthPayouts {
  feeCents: number;
  platformShare: number;
  /** Listeners with a credit grant this month: the fees that came in. */
  payingFans: number;
  grossCents: number;
  platformCents: number;
  /** Net fees of listeners who allocated nothing: nobody was chosen, so nobody is paid from them. */
  unallocatedCents: number;
  artistsCents: number;
  artists: Array<{ artistId: number; credits: number; fans: number; amountCents: number }>;
}

export function platformCut({ feeCents, platformShare }: PayoutTerms): number {
  return Math.round(feeCents * platformShare);
}

/**
 * Splits `total` cents over weights in proportion, in whole cents that add up to exactly `total`
 * (largest remainder; ties go to the lower key so the result never depends on row order).
 */
export function splitProportionally(total: number, weights: Map<number, number>): Map<number, number> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0);
  const shares = [...weights].map(([key, weight]) => {
    const exact = (total * weight) / sum;
    return { key, cents: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = total - shares.reduce((a, s) => a + s.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.key - b.key)) {
    if (left-- <= 0) break;
    share.cents += 1;
  }
  return new Map(shares.map((s) => [s.key, s.cents]));
}

/** One fan's part for one artist in a month: what a fan's statement lists and an artist's sums up. */
export interface FanLine {
  userId: number;
  artistId: number;
  /** Credits this fan gave this artist in the month. */
  credits: number;
  /** Credits this fan allocated in the month, to anyone: the denominator of their split. */
  fanCredits: number;
  amountCents: number;
}

/** Each fan's fee, less the platform's cut, split over the artists that fan chose (and no others). */
export function splitFans(terms: PayoutTerms, allocations: FanAllocation[]): FanLine[] {
  const net = terms.feeCents - platformCut(terms);
  const byFan = new Map<number, Map<number, number>>();
  for (const { userId, artistId, credits } of allocations) {
    const fan = byFan.get(userId) ?? new Map<number, number>();
    fan.set(artistId, (fan.get(artistId) ?? 0) + credits);
    byFan.set(userId, fan);
  }
  const lines: FanLine[] = [];
  for (const [userId, weights] of byFan) {
    const fanCredits = [...weights.values()].reduce((a, b) => a + b, 0);
    for (const [artistId, amountCents] of splitProportionally(net, weights)) {
      lines.push({ userId, artistId, credits: weights.get(artistId)!, fanCredits, amountCents });
    }
  }
  return lines;
}

/** The month's totals and artist payouts from its fan lines. */
export function summarise(terms: PayoutTerms, payingFans: number, lines: FanLine[]): MonthPayouts {
  const net = terms.feeCents - platformCut(terms);
  const artists = new Map<number, { artistId: number; credits: number; fans: number; amountCents: number }>();
  for (const { artistId, credits, amountCents } of lines) {
    const line = artists.get(artistId) ?? { artistId, credits: 0, fans: 0, amountCents: 0 };
    line.credits += credits;
    line.fans += 1;
    line.amountCents += amountCents;
    artists.set(artistId, line);
  }
  // Every allocating fan has a grant that month (allocate creates it first), so they are among payingFans.
  const allocatingFans = new Set(lines.map((line) => line.userId)).size;
  return {
    feeCents: terms.feeCents,
    platformShare: terms.platformShare,
    payingFans,
    grossCents: payingFans * terms.feeCents,
    platformCents: payingFans * platformCut(terms),
    unallocatedCents: (payingFans - allocatingFans) * net,
    artistsCents: allocatingFans * net,
    artists: [...artists.values()].sort((a, b) => b.amountCents - a.amountCents || a.artistId - b.artistId),
  };
}

/** User-centric payouts: each fan's fee, less the platform's cut, goes only to the artists that fan chose. */
export function computePayouts(terms: PayoutTerms, payingFans: number, allocations: FanAllocation[]): MonthPayouts {
  return summarise(terms, payingFans, splitFans(terms, allocations));
}
