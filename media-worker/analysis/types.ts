// What the DSP measures from the signal itself: numbers only. Words (mood, genre, advice) are
// derived from these by the ai plugin, so the measurements stay testable against known answers.

export interface LoudnessMeasurement {
  /** EBU R128 integrated loudness, LUFS (null for silence, which ebur128 reports as -70). */
  integratedLufs: number | null;
  /** EBU R128 loudness range, LU. */
  loudnessRangeLu: number;
  /** Maximum true peak over all channels, dBTP. */
  truePeakDbtp: number | null;
}

export interface BandShares {
  /** Share of spectral energy below 250 Hz, 0..1. */
  low: number;
  /** 250 Hz to 4 kHz. */
  mid: number;
  /** Above 4 kHz (up to the analysis rate's Nyquist, 11 kHz). */
  high: number;
}

export interface AudioMeasurements {
  durationSeconds: number;
  /** The source as ffmpeg read it, e.g. { codec: 'pcm_s16le', sampleRate: 44100, channels: 2 }. */
  source: { codec: string | null; sampleRate: number | null; channels: number | null };
  /** Beats per minute, one decimal; null when no steady pulse was found. */
  bpm: number | null;
  /** 0..1: how clearly the onsets repeat at that tempo. */
  tempoConfidence: number;
  /** E.g. 'A' and 'minor'; null when the signal has no tonal content. */
  key: { tonic: string; mode: 'major' | 'minor'; confidence: number } | null;
  loudness: LoudnessMeasurement;
  /** Peak-to-loudness ratio (true peak minus integrated loudness), dB. */
  plrDb: number | null;
  bands: BandShares;
  /** Side energy as a share of mid + side energy, 0 (mono) .. 1 (opposite channels). */
  stereoWidth: number;
  /** Pearson correlation of left and right, -1..1 (1 for mono). */
  stereoCorrelation: number;
  /** Sharp broadband onsets (drum hits and other transients) per second. */
  transientsPerSecond: number;
  /** 0..1: how strongly the spectrum is made of pitched peaks rather than noise. */
  tonality: number;
  /** True when the whole signal is below -70 LUFS / digital silence. */
  silent: boolean;
}
