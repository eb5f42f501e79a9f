// The payout formula's arithmetic (docs/payouts.md): whole-cent splitting and a month's totals from
// its fan lines, which split.ts makes, so the same figures serve every statement and the tests.

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
  /** Net fees of listeners who neither allocated nor played anything: nobody is paid from them. */
  unallocatedCents: number;
  artistsCents: number;
  /** Of artistsCents, what followed fans' listening (credits they left unallocated); the rest was chosen. */
  listeningCents: number;
  artists: ArtistPayout[];
}

export interface ArtistPayout {
  artistId: number;
  credits: number;
  fans: number;
  amountCents: number;
  /** Of amountCents, what came from fans' listening rather than their credits. */
  listeningCents: number;
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

/** One fan's part for one artist in a month: what a fan's statement lists and an artist's sums up (split.ts). */
export interface FanLine {
  userId: number;
  artistId: number;
  /** Credits this fan gave this artist in the month. */
  credits: number;
  /** Credits this fan allocated in the month, to anyone: the denominator of their chosen part. */
  fanCredits: number;
  /** The fan's counted plays of this artist that their unallocated credits followed (0 when none did). */
  plays: number;
  /** All the fan's counted plays those credits followed: the denominator of their listening part. */
  fanPlays: number;
  amountCents: number;
  /** Of amountCents, what followed the fan's listening. */
  listeningCents: number;
}

/** The month's totals and artist payouts from its fan lines. */
export function summarise(terms: PayoutTerms, payingFans: number, lines: FanLine[]): MonthPayouts {
  const net = terms.feeCents - platformCut(terms);
  const artists = new Map<number, ArtistPayout>();
  for (const { artistId, credits, amountCents, listeningCents } of lines) {
    const line = artists.get(artistId) ?? { artistId, credits: 0, fans: 0, amountCents: 0, listeningCents: 0 };
    line.credits += credits;
    line.fans += 1;
    line.amountCents += amountCents;
    line.listeningCents += listeningCents;
    artists.set(artistId, line);
  }
  // Only fans with a grant have lines (split.ts fansOf), so they are among payingFans.
  const fansPaying = new Set(lines.map((line) => line.userId)).size;
  return {
    feeCents: terms.feeCents,
    platformShare: terms.platformShare,
    payingFans,
    grossCents: payingFans * terms.feeCents,
    platformCents: payingFans * platformCut(terms),
    unallocatedCents: (payingFans - fansPaying) * net,
    artistsCents: fansPaying * net,
    listeningCents: lines.reduce((sum, line) => sum + line.listeningCents, 0),
    artists: [...artists.values()].sort((a, b) => b.amountCents - a.amountCents || a.artistId - b.artistId),
  };
}
