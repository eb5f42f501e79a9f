import type { AudioMeasurements } from '../types.ts';

/** A measured 3-minute track of clear tempo and key, that tests vary one field at a time. */
export const measured: AudioMeasurements = {
  durationSeconds: 180,
  source: { codec: 'pcm_s16le', sampleRate: 44100, channels: 2 },
  bpm: 124.2,
  tempoConfidence: 0.7,
  key: { tonic: 'A', mode: 'minor', confidence: 0.82 },
  loudness: { integratedLufs: -14.2, loudnessRangeLu: 6.5, truePeakDbtp: -1.4 },
  plrDb: 12.8,
  bands: { low: 0.38, mid: 0.47, high: 0.15 },
  stereoWidth: 0.2,
  stereoCorrelation: 0.6,
  transientsPerSecond: 2.1,
  tonality: 0.6,
  silent: false,
};
