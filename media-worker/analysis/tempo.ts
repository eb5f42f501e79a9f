// Tempo from an onset-strength envelope: autocorrelation finds the period, the octave (T or 2T)
// is chosen by metrical accent, and multiples of the period refine it to a fraction of a BPM.

export const MIN_BPM = 60;
export const MAX_BPM = 200;
/** Off-beats at least this strong relative to the beats mean the pulse is twice as fast. */
const OFFBEAT_RATIO = 0.6;
/** Below this periodicity (autocorrelation at the period over that at lag 0) there is no beat. */
const MIN_CONFIDENCE = 0.2;
/** Standard deviation of the onset envelope (mean dB rise per band) below which nothing happens. */
const MIN_ONSET_DEVIATION = 0.2;
/** The longest lag used (seconds): multiples of the beat up to here refine the period. */
const MAX_LAG_SECONDS = 4;

export interface TempoEstimate {
  bpm: number | null;
  confidence: number;
}

/** Unbiased autocorrelation of the mean-removed envelope for lags 0..maxLag. */
function autocorrelation(x: Float64Array, maxLag: number): Float64Array {
  const r = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = lag; i < x.length; i++) sum += x[i] * x[i - lag];
    r[lag] = sum / (x.length - lag);
  }
  return r;
}

/** Local maximum of r around `center` (±radius), refined by a parabola through its neighbours. */
function peakNear(r: Float64Array, center: number, radius: number): { lag: number; value: number } {
  let best = Math.max(1, Math.round(center - radius));
  const last = Math.min(r.length - 2, Math.round(center + radius));
  for (let l = best; l <= last; l++) if (r[l] > r[best]) best = l;
  const a = r[best - 1];
  const b = r[best];
  const c = r[best + 1] ?? b;
  const denom = a - 2 * b + c;
  const shift = denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denom)) : 0;
  return { lag: best + shift, value: b };
}

/** Mean (raw, non-negative) envelope on a beat grid of this period: best phase, and the grid half a period later. */
function accents(x: Float64Array, period: number): { onBeat: number; offBeat: number } {
  let onBeat = -Infinity;
  let bestPhase = 0;
  const sampleGrid = (phase: number) => {
    let sum = 0;
    let count = 0;
    for (let t = phase; t < x.length; t += period) {
      // An onset may fall one frame either side of the ideal grid point.
      const i = Math.round(t);
      sum += Math.max(x[i - 1] ?? 0, x[i], x[i + 1] ?? 0);
      count++;
    }
    return count ? sum / count : 0;
  };
  for (let phase = 0; phase < period; phase++) {
    const mean = sampleGrid(phase);
    if (mean > onBeat) {
      onBeat = mean;
      bestPhase = phase;
    }
  }
  return { onBeat, offBeat: sampleGrid(bestPhase + period / 2) };
}

export function estimateTempo(envelope: ArrayLike<number>, frameRate: number): TempoEstimate {
  const n = envelope.length;
  const minLag = Math.floor((60 * frameRate) / MAX_BPM);
  const maxLag = Math.min(Math.round(MAX_LAG_SECONDS * frameRate), Math.floor(n / 2));
  if (maxLag <= (60 * frameRate) / MIN_BPM) return { bpm: null, confidence: 0 };

  let mean = 0;
  for (let i = 0; i < n; i++) mean += envelope[i];
  mean /= n;
  const raw = Float64Array.from(envelope);
  const x = raw.map((v) => v - mean);
  const r = autocorrelation(x, maxLag);
  if (!(r[0] > 0)) return { bpm: null, confidence: 0 };

  // Strongest periodicity between MIN_BPM and MAX_BPM.
  const slowestLag = Math.ceil((60 * frameRate) / MIN_BPM);
  let peakLag = minLag;
  for (let l = minLag; l <= slowestLag; l++) if (r[l] > r[peakLag]) peakLag = l;
  const confidence = Math.max(0, Math.min(1, r[peakLag] / r[0]));
  // A steady tone or noise has no pulse: too little onset variation, or none that repeats.
  if (Math.sqrt(r[0]) < MIN_ONSET_DEVIATION) return { bpm: null, confidence: 0 };
  if (confidence < MIN_CONFIDENCE) return { bpm: null, confidence };

  // Octave: start from the slowest octave of that period still in range, then double while the
  // off-beats are nearly as strong as the beats (a click on every beat, not an accent pattern).
  let period = peakLag;
  while (period * 2 <= slowestLag) period *= 2;
  while (period / 2 >= minLag) {
    const { onBeat, offBeat } = accents(raw, period);
    if (onBeat <= 0 || offBeat / onBeat < OFFBEAT_RATIO) break;
    period /= 2;
  }

  // Refine on ever larger multiples of the period: a lag error of one frame shrinks k times.
  let refined = peakNear(r, period, 1).lag;
  for (let multiple = 2; refined * multiple + 2 < maxLag; multiple *= 2) {
    refined = peakNear(r, refined * multiple, 1.5).lag / multiple;
  }
  const bpm = (60 * frameRate) / refined;
  return { bpm: Math.round(bpm * 10) / 10, confidence };
}
