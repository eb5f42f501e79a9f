// Loudness-matched playback: every track plays as if mastered to one target, from the integrated
// loudness and true peak the media worker measured (EBU R128 / ITU-R BS.1770). Pure, so the
// persistent player and the embed page compute the same gain.

/** Streaming platforms' common reference; quieter masters are raised, louder ones lowered. */
export const TARGET_LUFS = -14;
/** Never raise a track so far that its true peak would pass this level (no clipping). */
export const PEAK_CEILING_DBTP = 0;

export interface MeasuredLoudness {
  /** Integrated loudness in LUFS, null until measured. */
  lufs: number | null;
  /** True peak in dBTP, null until measured. */
  truePeak: number | null;
}

/** Gain in dB that brings a track to the target without its true peak passing the ceiling. */
export function normalisationGainDb({ lufs, truePeak }: MeasuredLoudness, target = TARGET_LUFS): number {
  if (lufs === null || !Number.isFinite(lufs)) return 0;
  const wanted = target - lufs;
  // Only a boost can clip; an unmeasured peak allows no boost at all.
  if (wanted <= 0) return wanted;
  const headroom = truePeak === null || !Number.isFinite(truePeak) ? 0 : PEAK_CEILING_DBTP - truePeak;
  return Math.max(0, Math.min(wanted, headroom));
}

/** The linear factor for a Web Audio GainNode. */
export function dbToGain(db: number): number {
  return 10 ** (db / 20);
}
