// The credits plugin's extension point for listening (docs/payouts.md, "The payout formula"): a
// fan's unallocated credits follow the plays another plugin counts. Credits depends on no such
// plugin; one that counts plays (insights) puts its source in through `credits.useListening` when
// its service is built. Without one, no credit follows listening and a fan's net splits over their
// allocations alone.

/** A fan's counted plays of one artist in a month. */
export interface FanPlays {
  userId: number;
  artistId: number;
  plays: number;
}

export interface ListeningSource {
  /**
   * Counted plays per fan and artist in `month` (30 s or more, a listener's repeats inside the
   * counting window once, crawlers never, a fan's own tracks never): of `fans`, or of everyone.
   */
  plays(month: string, fans?: number[]): Promise<FanPlays[]>;
  /** The fans with counted plays of `artistId` in `month`. */
  listenersOf(month: string, artistId: number): Promise<number[]>;
  /** The months in which some fan's plays of `artistId` counted, in any order. */
  monthsPlayed(artistId: number): Promise<string[]>;
}

/**
 * A fan's listening that this month's figures read (their statement, the vault's "follow your
 * listening"): announced by the source's writer for the fan when a play of theirs counts.
 */
export const listeningTag = (userId: number) => `listening:${userId}`;
