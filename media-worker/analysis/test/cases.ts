// The accuracy cases: generated signals with known answers, run through the whole analysis
// (WAV file → ffmpeg → worker DSP). Shared by the tests and the accuracy table of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { command, run } from '../../media/run.ts';
import { analyzeAudio } from '../analyze.ts';
import { parseEbur128Summary } from '../ffmpegOutput.ts';
import type { AudioMeasurements } from '../types.ts';
import { bandNoise, chordProgression, clickTrack, drumPattern, sine, writeWav, type Signal } from './signals.ts';

export interface AccuracyCase {
  group: 'tempo' | 'key' | 'loudness' | 'band';
  name: string;
  expected: string;
  signal(): Signal;
  judge(m: AudioMeasurements, file: string): Promise<{ got: string; ok: boolean }>;
}

export interface AccuracyResult {
  group: AccuracyCase['group'];
  name: string;
  expected: string;
  got: string;
  ok: boolean;
  ms: number;
}

/** ±2 BPM, and an octave error (half or double) is simply wrong. */
export const BPM_TOLERANCE = 2;
export const LOUDNESS_TOLERANCE_LU = 0.5;

const TEMPOS = [90, 120, 128, 174];
const KEYS: Array<[string, number[]]> = [
  ['C major', [1, 4, 5, 1]],
  ['G major', [1, 5, 6, 4]],
  ['Eb major', [1, 4, 5, 1]],
  ['Bb major', [1, 6, 4, 5]],
  ['A minor', [1, 4, 5, 1]],
  ['E minor', [1, 6, 4, 5]],
  ['F# minor', [1, 4, 5, 1]],
  ['D minor', [1, 6, 4, 5]],
];
const BANDS: Array<[keyof AudioMeasurements['bands'], number, number]> = [
  ['low', 40, 200],
  ['mid', 500, 2500],
  ['high', 5000, 10000],
];

const tempoCase = (kind: 'clicks' | 'drums', bpm: number): AccuracyCase => ({
  group: 'tempo',
  name: `${kind} at ${bpm} BPM`,
  expected: `${bpm} ± ${BPM_TOLERANCE}`,
  signal: () => (kind === 'clicks' ? clickTrack(bpm, 30) : drumPattern(bpm, 30)),
  judge: async (m) => ({
    got: m.bpm === null ? 'none' : String(m.bpm),
    ok: m.bpm !== null && Math.abs(m.bpm - bpm) <= BPM_TOLERANCE,
  }),
});

export const ACCURACY_CASES: AccuracyCase[] = [
  ...TEMPOS.map((bpm) => tempoCase('clicks', bpm)),
  ...TEMPOS.map((bpm) => tempoCase('drums', bpm)),
  ...KEYS.map(([key, degrees]): AccuracyCase => ({
    group: 'key',
    name: `chords ${degrees.join('-')} in ${key}`,
    expected: key,
    signal: () => chordProgression(key, degrees, 24),
    judge: async (m) => {
      const got = m.key ? `${m.key.tonic} ${m.key.mode}` : 'none';
      return { got, ok: got === key };
    },
  })),
  {
    group: 'loudness',
    name: '1 kHz sine at −20 dBFS vs ffmpeg ebur128',
    // EBU Tech 3341: a 1 kHz sine at X dBFS in both channels reads X LUFS.
    expected: `−20.0 LUFS and ffmpeg's own reading, ± ${LOUDNESS_TOLERANCE_LU} LU`,
    signal: () => sine(1000, -20, 10),
    judge: async (m, file) => {
      const stderr = await run(
        command(file)
          .addOption('-nostats')
          .audioFilters('ebur128=peak=true:framelog=verbose')
          .format('null')
          .output('-'),
      );
      const reference = parseEbur128Summary(stderr)?.integratedLufs ?? NaN;
      const got = m.loudness.integratedLufs;
      const close = (a: number, b: number) => Math.abs(a - b) <= LOUDNESS_TOLERANCE_LU;
      return {
        got: `${got} LUFS (ffmpeg alone: ${reference})`,
        ok: got !== null && close(got, reference) && close(got, -20),
      };
    },
  },
  ...BANDS.map(([band, from, to]): AccuracyCase => ({
    group: 'band',
    name: `noise ${from}–${to} Hz`,
    expected: `mostly ${band}`,
    signal: () => bandNoise(from, to, 10),
    judge: async (m) => ({
      got:
        `low ${Math.round(m.bands.low * 100)}% · mid ${Math.round(m.bands.mid * 100)}% ` +
        `· high ${Math.round(m.bands.high * 100)}%`,
      ok: m.bands[band] >= 0.9,
    }),
  })),
];

export async function runCase(c: AccuracyCase, dir: string): Promise<AccuracyResult> {
  const file = path.join(dir, `${c.name.replace(/[^\w]+/g, '-')}.wav`);
  writeWav(file, c.signal());
  const started = performance.now();
  const m = await analyzeAudio({ path: file });
  const ms = performance.now() - started;
  return { group: c.group, name: c.name, expected: c.expected, ms, ...(await c.judge(m, file)) };
}

/** Runs every case in a temporary folder. */
export async function runAccuracyCases(): Promise<AccuracyResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-accuracy-'));
  try {
    const results: AccuracyResult[] = [];
    for (const c of ACCURACY_CASES) results.push(await runCase(c, dir));
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
