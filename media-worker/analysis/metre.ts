// What a candidate beat period looks like on the onset envelope: a grid of that period laid at its
// best phase in each 8-second window (so a drifting or changing tempo keeps its phase), and how
// strong the envelope is on the grid, half-way between (a duple subdivision), at the thirds (a
// triple one) and at the quarters. These are the metrical cues of Klapuri, Eronen & Astola (2006):
// a beat level has a weaker subdivision below it and no equally strong beats between its own.

const WINDOW_SECONDS = 8;
const HOP_SECONDS = 4;

export interface GridStrength {
  /** Mean envelope above its own mean, on the grid's points. */
  onBeat: number;
  /** Strength half-way between grid points, at the thirds and at the quarters, relative to onBeat (0..1). */
  half: number;
  thirds: number;
  quarters: number;
  /** The phase chosen in each window (frames), to read other envelopes on the same grid. */
  phases: number[];
}

/** Envelope at fractional frame t: the largest of the nearest frame and its neighbours (onsets jitter by a frame). */
function near(e: Float64Array, t: number): number {
  const i = Math.round(t);
  return Math.max(e[i - 1] ?? 0, e[i] ?? 0, e[i + 1] ?? 0);
}

/** Grid strength of period `period` (frames) on `e`; with `phases`, on that grid instead of the best one. */
export function gridStrength(e: Float64Array, period: number, frameRate: number, phases?: number[]): GridStrength {
  const window = Math.round(WINDOW_SECONDS * frameRate);
  const hop = Math.round(HOP_SECONDS * frameRate);
  let mean = 0;
  for (let i = 0; i < e.length; i++) mean += e[i];
  mean /= e.length || 1;
  const offsets = [0, 0.5, 1 / 3, 2 / 3, 0.25, 0.75];
  const sums = new Float64Array(offsets.length);
  const used: number[] = [];
  for (let start = 0; ; start += hop) {
    const end = Math.min(e.length, start + window);
    const onGrid = (phase: number) => {
      let sum = 0;
      let count = 0;
      for (let t = start + phase; t < end - 1; t += period) {
        sum += near(e, t);
        count++;
      }
      return count ? sum / count : 0;
    };
    let phase = 0;
    if (phases) phase = phases[used.length] ?? 0;
    else {
      let best = -1;
      for (let p = 0; p < period; p++) {
        const value = onGrid(p);
        if (value > best) {
          best = value;
          phase = p;
        }
      }
    }
    used.push(phase);
    offsets.forEach((offset, k) => (sums[k] += onGrid(phase + offset * period)));
    if (end >= e.length) break;
  }
  const [on, half, third, twoThirds, quarter, threeQuarters] = Array.from(sums, (s) =>
    Math.max(0, s / used.length - mean),
  );
  const relative = (v: number) => (on > 0 ? Math.min(1.5, v / on) : 0);
  return {
    onBeat: on,
    half: relative(half),
    thirds: relative((third + twoThirds) / 2),
    quarters: relative((quarter + threeQuarters) / 2),
    phases: used,
  };
}
