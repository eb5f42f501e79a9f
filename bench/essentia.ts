// Essentia (essentia.js, AGPL-3.0) as the reference in `npm run bench` ONLY: nothing the server or
// the media worker loads may import this file or the package (eslint's no-restricted-imports
// enforces it outside bench). Runs RhythmExtractor2013 and KeyExtractor with their defaults.
import { createRequire } from 'node:module';

interface EssentiaVector {
  delete(): void;
}
interface EssentiaApi {
  version: string;
  arrayToVector(samples: Float32Array): EssentiaVector;
  RhythmExtractor2013(signal: EssentiaVector): {
    bpm: number;
    confidence: number;
    ticks: EssentiaVector;
    estimates: EssentiaVector;
    bpmIntervals: EssentiaVector;
  };
  KeyExtractor(
    signal: EssentiaVector,
    ...defaultsThenProfile: unknown[]
  ): { key: string; scale: string; strength: number };
}

const require = createRequire(import.meta.url);
const { Essentia, EssentiaWASM } = require('essentia.js') as {
  Essentia: new (wasm: unknown) => EssentiaApi;
  EssentiaWASM: unknown;
};
const essentia = new Essentia(EssentiaWASM);

export const ESSENTIA_VERSION = essentia.version;

/** Essentia spells flats and sharps its own way; OneTrack's names (key.ts) are C C# D Eb E F F# G Ab A Bb B. */
const SPELLING: Record<string, string> = { Db: 'C#', 'D#': 'Eb', Gb: 'F#', 'G#': 'Ab', 'A#': 'Bb' };

function withSignal<T>(mono: Float32Array, work: (signal: EssentiaVector) => T): T {
  const signal = essentia.arrayToVector(mono);
  try {
    return work(signal);
  } finally {
    signal.delete();
  }
}

/** Tempo of 44.1 kHz mono samples, as Essentia finds it. */
export function essentiaTempo(mono: Float32Array): number {
  return withSignal(mono, (signal) => {
    const rhythm = essentia.RhythmExtractor2013(signal);
    for (const vector of [rhythm.ticks, rhythm.estimates, rhythm.bpmIntervals]) vector?.delete?.();
    return Math.round(rhythm.bpm * 10) / 10;
  });
}

/** KeyExtractor's defaults before its profileType argument (essentia.js passes them by position). */
const KEY_DEFAULTS = [true, 4096, 4096, 12, 3500, 60, 25, 0.2];

/** Key of 44.1 kHz mono samples as OneTrack names keys, e.g. "F# minor"; 'bgate' is Essentia's default profile. */
export function essentiaKey(mono: Float32Array, profile: 'bgate' | 'edma' = 'bgate'): string {
  return withSignal(mono, (signal) => {
    const key = essentia.KeyExtractor(signal, ...KEY_DEFAULTS, profile);
    return `${SPELLING[key.key] ?? key.key} ${key.scale}`;
  });
}
