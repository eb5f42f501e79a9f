// Fits the analysis's learned constants on tuning songs only — the tuning halves of the generated
// corpus and of the realistic one; never a held-out song:
//   node bench/analysis-fit.ts            tempo.ts's WEIGHTS: a softmax over each song's candidate
//                                             beat periods (the right one: within 4 % of the notated
//                                             beat), by Adam with a little L2
//   node bench/analysis-fit.ts calibrate  the Platt scalings of tempo.ts (CALIBRATION) and key.ts
//                                             (KEY_CALIBRATION): logistic regressions of right/wrong on
//                                             the evidence the analysis reports, song by song (tempo's
//                                             from weights fitted without the song: 5 folds; the key's
//                                             also with the realistic corpus's tuning-only hard songs,
//                                             not kept, and the leave-one-out reliability of both);
//                                             `calibrate key`: the key's alone
//   node bench/analysis-fit.ts cv         the weights' 5-fold cross-validation on the tuning songs (how a
//                                             new cue is judged before the held-out half is measured)
//   node bench/analysis-fit.ts genre      plugins/ai/genre.ts's model, from the realistic bench's per-song
//                                             output (REALISTIC_JSON=… node bench/bench.ts realistic)
// Tempo-change and ramp songs stay out of the weights (their sections decide, not one whole-song choice).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG } from '../media-worker/media/run.ts';
import { ANALYSIS_RATE, ONSET_FRAME_RATE, SignalAnalyser } from '../media-worker/analysis/signal.ts';
import { keyCalibrationInputs } from '../media-worker/analysis/key.ts';
import type { OnsetEnvelopes } from '../media-worker/analysis/onsets.ts';
import {
  estimateTempo,
  onsetAutocorrelation,
  tempoCalibrationInputs,
  tempoCandidates,
} from '../media-worker/analysis/tempo.ts';
import { corpus } from '../media-worker/analysis/test/corpus/corpus.ts';
import { judgeTempo } from '../media-worker/analysis/test/corpus/judge.ts';
import { realisticCorpus, realisticTuningExtras, type Song } from '../media-worker/analysis/test/realistic/corpus.ts';
import { renderSong } from '../media-worker/analysis/test/realistic/render.ts';
import { clickTrack, writeWav } from '../media-worker/analysis/test/signals.ts';
import type { AudioMeasurements } from '../media-worker/analysis/types.ts';
import { GENRE_LABELS, genreFeatures } from '../plugins/ai/genre.ts';
import { corpusWav } from './analysis-corpus.ts';

interface Tuning {
  file: string;
  bpm: number | null;
  /** Whether its whole-song metrical choice trains the weights. */
  steady: boolean;
  /** The realistic corpus's song, for calibrating on it. */
  realistic?: Song;
  /** A tuning-only hard song (realisticTuningExtras): for the key's calibration only, never tempo's. */
  keyOnly?: boolean;
}

/**
 * Bare metronome clicks (an accent every fourth beat), the case where no subdivision, kick or snare
 * tells the levels apart: neither corpus has one, so without them the weights may read a fast click at
 * half its tempo. Tempi between the accuracy test's ones (media-worker/analysis/test/cases.ts), not them.
 */
const CLICK_TEMPI = [66, 78, 100, 112, 138, 150, 162, 186, 198];

function clickWav(bpm: number): string {
  const dir = path.join(os.homedir(), '.cache', 'onetrack', 'fit-clicks');
  const file = path.join(dir, `clicks-${bpm}.wav`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeWav(file, clickTrack(bpm, 30));
  }
  return file;
}

/** `keyExtras`: with the realistic corpus's tuning-only hard songs (for the key's calibration), after the rest. */
function tuningSongs(keyExtras = false): Tuning[] {
  const songs: Tuning[] = CLICK_TEMPI.map((bpm) => ({ file: clickWav(bpm), bpm, steady: true }));
  corpus().forEach((c, i) => {
    if (c.half === 'tuning' && c.kind === 'tempo')
      songs.push({ file: corpusWav(c, i), bpm: c.bpm, steady: c.family !== 'tempo change' });
  });
  for (const song of realisticCorpus()) {
    if (song.half === 'tuning')
      songs.push({ file: renderSong(song), bpm: song.write().bpm, steady: song.shape !== 'ramp', realistic: song });
  }
  // Last, so that the folds of the songs before them stay as they were; no tempo, so no weight example.
  if (keyExtras)
    for (const song of realisticTuningExtras())
      songs.push({ file: renderSong(song), bpm: null, steady: false, realistic: song, keyOnly: true });
  return songs;
}

function analyse(file: string): SignalAnalyser {
  const pcm = execFileSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      file,
      '-af',
      `aresample=${ANALYSIS_RATE},aformat=sample_fmts=flt:channel_layouts=stereo`,
      '-f',
      'f32le',
      '-',
    ],
    { maxBuffer: 1 << 30 },
  );
  const analyser = new SignalAnalyser();
  analyser.push(new Float32Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length)));
  return analyser;
}

/** Adam on a loss given as its gradient, from zero weights. */
function adam(size: number, steps: number, rate: number, gradient: (w: number[]) => number[]): number[] {
  const w = new Array<number>(size).fill(0);
  const m = new Array<number>(size).fill(0);
  const v = new Array<number>(size).fill(0);
  for (let step = 1; step <= steps; step++) {
    const g = gradient(w);
    for (let i = 0; i < size; i++) {
      m[i] = 0.9 * m[i] + 0.1 * g[i];
      v[i] = 0.999 * v[i] + 0.001 * g[i] ** 2;
      w[i] -= (rate * (m[i] / (1 - 0.9 ** step))) / (Math.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  return w;
}

/** Softmax regression: each example is a list of options (feature rows) and the index of the right one. */
function softmaxFit(examples: Array<{ options: number[][]; right: number }>, l2: number, steps: number): number[] {
  const size = examples[0].options[0].length;
  return adam(size, steps, 0.05, (w) => {
    const gradient = w.map((wi) => 2 * l2 * wi);
    for (const { options, right } of examples) {
      const scores = options.map((x) => x.reduce((sum, xi, i) => sum + xi * w[i], 0));
      const top = Math.max(...scores);
      const e = scores.map((s) => Math.exp(s - top));
      const total = e.reduce((a, b) => a + b, 0);
      options.forEach((x, k) =>
        x.forEach((xi, i) => (gradient[i] += ((e[k] / total - (k === right ? 1 : 0)) * xi) / examples.length)),
      );
    }
    return gradient;
  });
}

const rounded = (w: number[]) => `[${w.map((x) => Math.round(x * 1000) / 1000).join(', ')}]`;

/**
 * L2 of the weights' fit: in 5-fold cross-validation on the tuning songs, 1e-4 gave the best likelihood of 1e-4…1e-2.
 */
const WEIGHTS_L2 = 1e-4;
/** Folds of the cross-validations (of the weights, and of the tempo evidence the calibration is fitted on). */
const FOLDS = 5;

/** A steady tuning song's candidates and which of them is its beat (none when no candidate is within 4 %). */
function weightExample(song: Tuning, env: OnsetEnvelopes): { options: number[][]; right: number } | null {
  if (!song.steady || song.bpm === null) return null;
  const r = onsetAutocorrelation(env, ONSET_FRAME_RATE);
  if (!r) return null;
  const candidates = tempoCandidates(env, ONSET_FRAME_RATE, r);
  const right = candidates.findIndex((k) => Math.abs((60 * ONSET_FRAME_RATE) / k.period / song.bpm! - 1) < 0.04);
  return right >= 0 ? { options: candidates.map((k) => k.cues), right } : null;
}

function fitWeights(songs: Tuning[]) {
  const examples = songs.map((song) => weightExample(song, analyse(song.file).onsets())).filter((e) => e !== null);
  const w = softmaxFit(examples, WEIGHTS_L2, 4000);
  const right = examples.filter(({ options, right: k }) => {
    const scores = options.map((x) => x.reduce((sum, xi, i) => sum + xi * w[i], 0));
    return scores[k] === Math.max(...scores);
  }).length;
  process.stdout.write(
    `WEIGHTS = ${rounded(w)}\n${right} of ${examples.length} tuning songs right at the chosen level\n`,
  );
}

/**
 * 5-fold cross-validation of the weights on the tuning songs (fold: the example's index modulo 5):
 * how many songs weights fitted without them put at the right level, and the log-likelihood of their
 * right level. How a cue is judged before the held-out half is measured.
 */
function crossValidateWeights(songs: Tuning[]) {
  const examples = songs.map((song) => weightExample(song, analyse(song.file).onsets())).filter((e) => e !== null);
  let right = 0;
  let logLikelihood = 0;
  for (let fold = 0; fold < FOLDS; fold++) {
    const w = softmaxFit(
      examples.filter((_, i) => i % FOLDS !== fold),
      WEIGHTS_L2,
      4000,
    );
    examples.forEach(({ options, right: k }, i) => {
      if (i % FOLDS !== fold) return;
      const scores = options.map((x) => x.reduce((sum, xi, j) => sum + xi * w[j], 0));
      const top = Math.max(...scores);
      logLikelihood += scores[k] - top - Math.log(scores.reduce((sum, v) => sum + Math.exp(v - top), 0));
      if (scores[k] === top) right++;
    });
  }
  process.stdout.write(
    `${right} of ${examples.length} tuning songs right at the chosen level in ` +
      `${FOLDS}-fold cross-validation (log-likelihood ${logLikelihood.toFixed(2)})\n`,
  );
}

/** Logistic regression of right/wrong on the inputs x (a little L2 on the weights): the weights, then the bias. */
function plattFit(points: Array<{ x: number[]; right: boolean }>): number[] {
  const size = points[0].x.length;
  return adam(size + 1, 3000, 0.05, (w) => {
    const gradient = w.map((wi, i) => (i < size ? 2e-3 * wi : 0));
    for (const { x, right } of points) {
      const err = 1 / (1 + Math.exp(-x.reduce((z, xi, i) => z + xi * w[i], w[size]))) - (right ? 1 : 0);
      x.forEach((xi, i) => (gradient[i] += (err * xi) / points.length));
      gradient[size] += err / points.length;
    }
    return gradient;
  });
}

interface BenchRow {
  index: number;
  measurements: AudioMeasurements;
}

/** The realistic bench's per-song output (REALISTIC_JSON), its tuning half only. */
function benchTuningRows(): BenchRow[] {
  const file = process.env.REALISTIC_JSON;
  if (!file)
    throw new Error(
      "REALISTIC_JSON: the realistic bench's per-song output (REALISTIC_JSON=… node bench/bench.ts realistic)",
    );
  const songs = realisticCorpus();
  return (JSON.parse(readFileSync(file, 'utf8')) as BenchRow[]).filter((r) => songs[r.index].half === 'tuning');
}

/** Leave-one-out of a Platt scaling: each point with its probability from a scaling fitted without it. */
function leaveOneOut<T extends { x: number[]; right: boolean }>(points: T[]): Array<T & { p: number }> {
  return points.map((q, i) => {
    const w = plattFit(points.filter((_, j) => j !== i));
    return { ...q, p: 1 / (1 + Math.exp(-q.x.reduce((z, xi, k) => z + xi * w[k], w[q.x.length]))) };
  });
}

/** How a key calibration does on a set of songs: right at ≥ 0.8, wrong ones below 0.5 and their confidences. */
function keyReliability(label: string, points: Array<{ right: boolean; p: number }>): string {
  const high = points.filter((q) => q.p >= 0.8);
  const wrong = points.filter((q) => !q.right);
  const logLikelihood = points.reduce(
    (sum, q) => sum + Math.log(Math.min(1 - 1e-6, Math.max(1e-6, q.right ? q.p : 1 - q.p))),
    0,
  );
  return (
    `  ${label}: ${points.length} keys, ${points.length - wrong.length} right; at ` +
    `≥ 0.8 ${high.filter((q) => q.right).length} of ${high.length} right; ` +
    `${wrong.filter((q) => q.p < 0.5).length} of ${wrong.length} wrong below 0.5 (` +
    `${wrong.map((q) => q.p.toFixed(2)).join(', ')}); log-likelihood ` +
    `${logLikelihood.toFixed(2)}\n`
  );
}

/**
 * The realistic tuning songs analysed here (no bench output needed): each one's evidence against its
 * truth. A song's tempo evidence comes from weights fitted without it (5 folds over all the tuning songs,
 * as Platt 1999 fits the sigmoid on cross-validated outputs): with the weights fitted on it, every
 * realistic tuning song's level was right and the scaling learnt that every answer is sure. The key's
 * scaling is fitted on the realistic tuning half with the tuning-only hard songs (realisticTuningExtras:
 * the tuning half has 3 wrong keys, too few to learn from; README, "not kept" (18), and the phrase ends);
 * beside it, the same fitted on the tuning half alone, with the leave-one-out reliability of each — how
 * a new key input is judged. `calibrate key` fits the key's alone (without analysing the tempo songs).
 */
function fitCalibration(songs: Tuning[], keyOnly = false) {
  const tempo: Array<{ x: number[]; right: boolean }> = [];
  const key: Array<{ x: number[]; right: boolean; extra: boolean }> = [];
  const analysed = songs
    .filter((song) => !keyOnly || song.realistic)
    .map((song) => {
      const analyser = analyse(song.file);
      const env = analyser.onsets();
      return {
        song,
        env,
        example: keyOnly ? null : weightExample(song, env),
        key: song.realistic ? analyser.finish().key : null,
      };
    });
  if (!keyOnly) {
    for (let fold = 0; fold < FOLDS; fold++) {
      const w = softmaxFit(
        analysed.filter((a, i) => i % FOLDS !== fold && a.example).map((a) => a.example!),
        WEIGHTS_L2,
        4000,
      );
      analysed.forEach(({ song, env }, i) => {
        if (i % FOLDS !== fold || !song.realistic || song.bpm === null) return;
        const found = estimateTempo(env, ONSET_FRAME_RATE, w);
        if (found.bpm !== null)
          tempo.push({ x: tempoCalibrationInputs(found.evidence), right: judgeTempo(song.bpm, found.bpm).acc1 });
      });
    }
    process.stdout.write(
      `CALIBRATION = ${rounded(plattFit(tempo))} (` +
        `${tempo.filter((p) => p.right).length} of ${tempo.length} tempi right)\n`,
    );
  }
  for (const { song, key: found } of analysed) {
    if (found)
      key.push({
        x: keyCalibrationInputs(found.evidence),
        right: `${found.tonic} ${found.mode}` === song.realistic!.key,
        extra: !!song.keyOnly,
      });
  }
  const half = key.filter((q) => !q.extra);
  const out = leaveOneOut(key);
  process.stdout.write(
    `KEY_CALIBRATION = ${rounded(plattFit(key))} (with the ` +
      `${key.length - half.length} tuning-only hard songs; ` +
      `${key.filter((p) => p.right).length} of ${key.length} keys right)\n  ` +
      `leave-one-out:\n` +
      keyReliability(
        'realistic tuning half',
        out.filter((q) => !q.extra),
      ) +
      keyReliability(
        'hard songs',
        out.filter((q) => q.extra),
      ) +
      keyReliability('all', out),
  );
  // The tuning half alone, as kept before the phrase ends: better calibrated on it, but it cannot learn what tells a
  // wrong key.
  process.stdout.write(
    `the realistic tuning half alone: ${rounded(plattFit(half))} (` +
      `${half.filter((p) => p.right).length} of ${half.length} keys right)\n  ` +
      `leave-one-out:\n` +
      keyReliability('realistic tuning half', leaveOneOut(half)),
  );
}

function fitGenre() {
  const songs = realisticCorpus();
  const rows = benchTuningRows();
  const examples = rows.map((r) => {
    const x = genreFeatures(r.measurements);
    // One option per label: the features placed in that label's block of the weight vector.
    const options = GENRE_LABELS.map((_, g) => GENRE_LABELS.flatMap((__, h) => (h === g ? x : x.map(() => 0))));
    return { options, right: GENRE_LABELS.indexOf(songs[r.index].genre) };
  });
  const w = softmaxFit(examples, 1e-3, 3000);
  const size = examples[0].options[0].length / GENRE_LABELS.length;
  process.stdout.write(
    `GENRE_WEIGHTS = [\n` +
      `${GENRE_LABELS.map((_, g) => `  ${rounded(w.slice(g * size, (g + 1) * size))},`).join('\n')}` +
      `\n];\n`,
  );
}

const mode = process.argv[2];
if (mode === 'genre') fitGenre();
else if (mode === 'calibrate') fitCalibration(tuningSongs(true), process.argv[3] === 'key');
else if (mode === 'cv') crossValidateWeights(tuningSongs());
else fitWeights(tuningSongs());
