// The split rules (docs/payouts.md, "The payout formula"), as one pure function over a month's fans:
// choice first, the fan's own listening second. Statements, the admin summary, /transparency and the
// tests all call it, so there is one arithmetic.
import { platformCut, splitProportionally, type FanAllocation, type FanLine, type PayoutTerms } from './payouts.ts';

/** What one paying fan did in a month: the input of their split. */
export interface FanMonth {
  userId: number;
  /** Credits granted for the month (100): each carries the same part of the fan's net. */
  credits: number;
  /** artistId → credits the fan gave that artist in the month. */
  allocations: Map<number, number>;
  /**
   * artistId → the fan's counted plays of that artist in the month (30 s or more, never of the fan's
   * own tracks). Empty when the fan turned the fallback off or nothing counts plays (insights off).
   */
  plays: Map<number, number>;
}

const total = (weights: Map<number, number>) => [...weights.values()].reduce((a, b) => a + b, 0);

/**
 * One fan's net in whole cents, per artist. Allocated credits go to the artists chosen; credits left
 * unallocated follow the fan's plays in proportion; a fan who played nothing has their whole net
 * split over their allocations (unspent credits hold nothing back); a fan who did neither has no line
 * (their net is unallocated). The parts add up to exactly `net`; no artist outside the fan's
 * allocations and plays is ever paid.
 */
export function splitFan(net: number, fan: FanMonth): FanLine[] {
  const allocations = new Map([...fan.allocations].filter(([, credits]) => credits > 0));
  const plays = new Map([...fan.plays].filter(([, n]) => n > 0));
  const fanCredits = total(allocations);
  const fanPlays = total(plays);
  const unallocated = Math.max(0, fan.credits - fanCredits);
  if (fanCredits === 0 && fanPlays === 0) return [];
  // Whole cents first between the two kinds of money, then within each: both sums stay exact.
  let chosenCents = net;
  let listeningCents = 0;
  if (fanPlays > 0 && fanCredits === 0) [chosenCents, listeningCents] = [0, net];
  else if (fanPlays > 0 && unallocated > 0) {
    const kinds = splitProportionally(
      net,
      new Map([
        [0, fanCredits],
        [1, unallocated],
      ]),
    );
    [chosenCents, listeningCents] = [kinds.get(0)!, kinds.get(1)!];
  }
  const chosen = fanCredits ? splitProportionally(chosenCents, allocations) : new Map<number, number>();
  const listened = listeningCents ? splitProportionally(listeningCents, plays) : new Map<number, number>();
  const lines: FanLine[] = [];
  for (const artistId of new Set([...chosen.keys(), ...listened.keys()])) {
    const fromListening = listened.get(artistId) ?? 0;
    const credits = allocations.get(artistId) ?? 0;
    // A played artist whose share rounded to nothing got nothing: no line, as for an unchosen one.
    if (credits === 0 && fromListening === 0) continue;
    lines.push({
      userId: fan.userId,
      artistId,
      credits,
      fanCredits,
      plays: listeningCents ? (plays.get(artistId) ?? 0) : 0,
      fanPlays: listeningCents ? fanPlays : 0,
      amountCents: (chosen.get(artistId) ?? 0) + fromListening,
      listeningCents: fromListening,
    });
  }
  return lines;
}

/** Every fan's lines of a month (each fan split alone: user-centric). */
export function splitMonth(terms: PayoutTerms, fans: FanMonth[]): FanLine[] {
  const net = terms.feeCents - platformCut(terms);
  return fans.flatMap((fan) => splitFan(net, fan));
}

/**
 * Builds the fans of a month from ledger rows: grants (who paid, with how many credits), grouped
 * allocations and counted plays. Plays and allocations of anyone without a grant are ignored: only a
 * paying fan's money moves, and only by their own actions.
 */
export function fansOf(
  grants: Array<{ userId: number; credits: number }>,
  allocations: FanAllocation[],
  plays: Array<{ userId: number; artistId: number; plays: number }>,
): FanMonth[] {
  const fans = new Map<number, FanMonth>(
    grants.map((g) => [g.userId, { userId: g.userId, credits: g.credits, allocations: new Map(), plays: new Map() }]),
  );
  for (const a of allocations) {
    const fan = fans.get(a.userId);
    if (fan) fan.allocations.set(a.artistId, (fan.allocations.get(a.artistId) ?? 0) + a.credits);
  }
  for (const p of plays) {
    const fan = fans.get(p.userId);
    if (fan) fan.plays.set(p.artistId, (fan.plays.get(p.artistId) ?? 0) + p.plays);
  }
  return [...fans.values()];
}
