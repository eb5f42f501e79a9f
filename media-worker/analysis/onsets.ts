// Onset strength: how much the spectrum rises from one frame to the next (log-magnitude spectral
// flux, as in Klapuri 1999 and librosa's onset_strength), from band levels the analyser kept.

/** Which part of the spectrum a band belongs to: kick and bass, the middle, cymbals and hats. */
export type BandGroup = 'low' | 'mid' | 'high';

export interface OnsetEnvelopes {
  /** Mean rise over all bands, per frame. */
  total: Float64Array;
  /** Summed rise of the bands of each group. */
  low: Float64Array;
  mid: Float64Array;
  high: Float64Array;
}

/**
 * Levels quieter than this far below the loudest band level of the file count as silence
 * (librosa's top_db), so a quiet file and a loud one give the same envelope and noise adds no flux.
 */
export const DYNAMIC_RANGE_DB = 80;

/** `levels` holds `groups.length` band levels (dB) per frame, frame after frame. */
export function onsetEnvelopes(levels: Float32Array, groups: readonly BandGroup[], frames: number): OnsetEnvelopes {
  const bands = groups.length;
  let loudest = -Infinity;
  for (let i = 0; i < frames * bands; i++) if (levels[i] > loudest) loudest = levels[i];
  const floor = loudest - DYNAMIC_RANGE_DB;
  const out: OnsetEnvelopes = {
    total: new Float64Array(frames),
    low: new Float64Array(frames),
    mid: new Float64Array(frames),
    high: new Float64Array(frames),
  };
  for (let f = 1; f < frames; f++) {
    let total = 0;
    for (let b = 0; b < bands; b++) {
      const rise = Math.max(levels[f * bands + b], floor) - Math.max(levels[(f - 1) * bands + b], floor);
      if (rise <= 0) continue;
      total += rise;
      out[groups[b]][f] += rise;
    }
    out.total[f] = total / bands;
  }
  return out;
}
