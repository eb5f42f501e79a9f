// Key and mode: a chroma vector built from spectral peaks, correlated with the 24 rotations of a
// major and a minor key profile (the Krumhansl–Schmuckler algorithm). The profiles are Essentia's
// 'bgate' ones (Gómez 2006, Bogdanov et al.); peak magnitudes are compressed (fourth root) so a
// loud bass note or one chord does not outweigh the others. Both choices were made on the tuning
// half of the corpus (media-worker/analysis/test/corpus): 42 of 48 right, Krumhansl–Kessler 36.

export const PITCH_CLASSES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

const MAJOR = [1, 0, 0.42, 0, 0.53, 0.37, 0, 0.77, 0, 0.38, 0.21, 0.3];
const MINOR = [1, 0, 0.36, 0.39, 0, 0.38, 0, 0.74, 0.27, 0, 0.42, 0.23];
/** Exponent of the peak magnitude in the chroma (1 would be linear). */
const MAGNITUDE_EXPONENT = 0.25;

/** Pitched content between these frequencies counts (below: rumble; above: mostly harmonics). */
const MIN_HZ = 55;
const MAX_HZ = 2000;
/** Peaks quieter than this fraction of the frame's loudest peak are noise or distant harmonics. */
const PEAK_FLOOR = 0.01;

export interface KeyEstimate {
  tonic: string;
  mode: 'major' | 'minor';
  /** Correlation with the winning profile, -1..1. */
  confidence: number;
}

/**
 * Adds one power spectrum's chroma to `chroma` (12 values), normalised so every frame with
 * pitched content weighs the same whatever its loudness. Returns false for frames without peaks.
 */
export function accumulateChroma(power: Float64Array, sampleRate: number, fftSize: number, chroma: Float64Array): boolean {
  const binHz = sampleRate / fftSize;
  const first = Math.max(2, Math.floor(MIN_HZ / binHz));
  const last = Math.min(power.length - 2, Math.ceil(MAX_HZ / binHz));
  let loudest = 0;
  for (let k = first; k <= last; k++) if (power[k] > loudest) loudest = power[k];
  if (loudest <= 1e-12) return false;
  const frame = new Float64Array(12);
  let total = 0;
  for (let k = first; k <= last; k++) {
    const p = power[k];
    if (p < loudest * PEAK_FLOOR || p < power[k - 1] || p < power[k + 1]) continue;
    // Parabolic interpolation on log power places the peak between bins.
    const a = Math.log(power[k - 1] + 1e-20);
    const b = Math.log(p + 1e-20);
    const c = Math.log(power[k + 1] + 1e-20);
    const denom = a - 2 * b + c;
    const offset = denom < 0 ? (0.5 * (a - c)) / denom : 0;
    const hz = (k + offset) * binHz;
    const midi = 69 + 12 * Math.log2(hz / 440);
    const pc = ((Math.round(midi) % 12) + 12) % 12;
    const magnitude = Math.pow(p, MAGNITUDE_EXPONENT / 2);
    frame[pc] += magnitude;
    total += magnitude;
  }
  if (total === 0) return false;
  for (let i = 0; i < 12; i++) chroma[i] += frame[i] / total;
  return true;
}

function correlation(a: ArrayLike<number>, b: ArrayLike<number>, rotation: number): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < 12; i++) {
    ma += a[i];
    mb += b[i];
  }
  ma /= 12;
  mb /= 12;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < 12; i++) {
    const x = a[(i + rotation) % 12] - ma;
    const y = b[i] - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}

export function estimateKey(chroma: ArrayLike<number>): KeyEstimate | null {
  let best: KeyEstimate | null = null;
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const [mode, profile] of [['major', MAJOR], ['minor', MINOR]] as const) {
      const r = correlation(chroma, profile, tonic);
      if (!best || r > best.confidence) best = { tonic: PITCH_CLASSES[tonic], mode, confidence: r };
    }
  }
  return best && best.confidence > 0 ? { ...best, confidence: Math.round(best.confidence * 100) / 100 } : null;
}
