// Seeded randomness for the corpus: every case draws from its own stream, so a case renders the
// same audio on every machine and in every run, and adding a case never changes another one.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [from, to). */
  range(from: number, to: number): number;
  /** Integer in [from, to]. */
  int(from: number, to: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Uniform in [-1, 1): noise samples. */
  noise(): number;
}

/** mulberry32 over a seed hashed from a string (FNV-1a), e.g. the case's id. */
export function randomFor(seed: string): Random {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (from, to) => from + (to - from) * next(),
    int: (from, to) => from + Math.floor((to - from + 1) * next()),
    pick: (items) => items[Math.floor(items.length * next())],
    chance: (p) => next() < p,
    noise: () => next() * 2 - 1,
  };
}
