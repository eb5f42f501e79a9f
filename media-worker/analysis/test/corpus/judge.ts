// How the corpus is scored, shared by the unit tests and the bench.

/** ±2 BPM of the notated beat. */
export const BPM_TOLERANCE = 2;
/** Metrical relatives that Accuracy2 forgives (the MIREX convention). */
const RELATIVES = [1, 2, 0.5, 3, 1 / 3];

/**
 * Accuracy1: within ±BPM_TOLERANCE, an octave error is wrong. Accuracy2: also right at a metrical
 * relative. A case with no beat (truth null) is right only when no tempo was given.
 */
export function judgeTempo(truth: number | null, got: number | null): { acc1: boolean; acc2: boolean } {
  if (truth === null) return { acc1: got === null, acc2: got === null };
  if (got === null) return { acc1: false, acc2: false };
  return {
    acc1: Math.abs(got - truth) <= BPM_TOLERANCE,
    acc2: RELATIVES.some((k) => Math.abs(got - truth * k) <= BPM_TOLERANCE * k),
  };
}

export function judgeKey(truth: string, got: string | null): { acc1: boolean; acc2: boolean } {
  const right = got === truth;
  return { acc1: right, acc2: right };
}
