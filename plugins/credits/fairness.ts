// How evenly a month's money reached artists, for OneTrack's split and for what a pro-rata service
// would have paid from the same month's plays (docs/payouts.md, "Fairness figures"). Pure: the
// transparency figures and the tests share it.
import { splitProportionally } from './payouts.ts';

export interface Distribution {
  /** What the ten best-paid artists received, as a fraction of all paid. */
  top10Share: number;
  /** What the best-paid 1 % of artists (at least one) received, as a fraction of all paid. */
  top1PercentShare: number;
  /** 0 when every artist received the same, towards 1 when one received everything. */
  gini: number;
  /** The middle payout (the mean of the two middle ones, rounded to the cent, for an even number). */
  medianCents: number;
}

/**
 * Pro-rata: every fan's net in one pool, split over artists by their share of all the month's
 * counted plays (whole cents, largest remainder). No plays: nobody is paid.
 */
export function prorata(poolCents: number, plays: Map<number, number>): Map<number, number> {
  const counted = new Map([...plays].filter(([, n]) => n > 0));
  return counted.size ? splitProportionally(poolCents, counted) : new Map();
}

/** The figures of one split's payouts (zeros included: an artist the other split paid and this one did not). */
export function distribution(amounts: number[]): Distribution {
  const sorted = [...amounts].sort((a, b) => b - a);
  const n = sorted.length;
  const sum = sorted.reduce((a, b) => a + b, 0);
  const share = (k: number) => (sum ? sorted.slice(0, k).reduce((a, b) => a + b, 0) / sum : 0);
  // Gini from the ascending order: G = 2 Σ i·x(i) / (n Σ x) − (n + 1) / n.
  const weighted = sorted.reduce((acc, x, i) => acc + (n - i) * x, 0);
  const middle = n >> 1;
  return {
    top10Share: share(10),
    top1PercentShare: share(Math.max(1, Math.ceil(n / 100))),
    gini: sum && n ? (2 * weighted) / (n * sum) - (n + 1) / n : 0,
    medianCents: n === 0 ? 0 : n % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2),
  };
}

export interface Comparison {
  /** Artists paid by either split: the population of both distributions. */
  artists: number;
  oneTrack: Distribution;
  prorata: Distribution;
  /** Of those artists, the fraction OneTrack paid more than pro-rata would have, and less. */
  betterOffShare: number;
  worseOffShare: number;
}

/** OneTrack's actual payouts against the pro-rata counterfactual, over the artists either paid. */
export function compare(actual: Map<number, number>, counterfactual: Map<number, number>): Comparison {
  const ids = [...new Set([...actual.keys(), ...counterfactual.keys()])].filter(
    (id) => (actual.get(id) ?? 0) > 0 || (counterfactual.get(id) ?? 0) > 0,
  );
  const ours = ids.map((id) => actual.get(id) ?? 0);
  const theirs = ids.map((id) => counterfactual.get(id) ?? 0);
  const count = (better: (a: number, b: number) => boolean) =>
    ids.length ? ours.filter((a, i) => better(a, theirs[i])).length / ids.length : 0;
  return {
    artists: ids.length,
    oneTrack: distribution(ours),
    prorata: distribution(theirs),
    betterOffShare: count((a, b) => a > b),
    worseOffShare: count((a, b) => a < b),
  };
}
