// Fits the weights of tempo.ts's metrical cues (WEIGHTS), as they were fitted: a softmax over each
// song's candidate beat periods (the right one: within 4 % of the notated beat), by Adam with a
// little L2, on tuning songs only — the corpus's tuning half and tuningExtras(), never the held-out
// half. Tempo-change songs are left out (their sections decide, not one whole-song choice).
// `node api/bench/analysis-fit.ts` prints the weights and how many training songs they get right.
import { execFileSync } from 'node:child_process';
import { FFMPEG } from '../../media-worker/media/run.ts';
import { ANALYSIS_RATE, ONSET_FRAME_RATE, SignalAnalyser } from '../../media-worker/analysis/signal.ts';
import { onsetAutocorrelation, tempoCandidates } from '../../media-worker/analysis/tempo.ts';
import { corpus, tuningExtras, type TempoCase } from '../../media-worker/analysis/test/corpus/corpus.ts';
import { corpusWav } from './analysis-corpus.ts';

const L2 = 1e-4;
const STEPS = 4000;
const RATE = 0.05;
/** Extras are cached beside the corpus under these indices. */
const EXTRA_INDEX = 10_000;

interface Song {
  cues: number[][];
  right: number;
}

function songOf(c: TempoCase, file: string): Song | null {
  const pcm = execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-i', file, '-af', `aresample=${ANALYSIS_RATE},aformat=sample_fmts=flt:channel_layouts=stereo`, '-f', 'f32le', '-'], { maxBuffer: 1 << 30 });
  const analyser = new SignalAnalyser();
  analyser.push(new Float32Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.length)));
  const env = analyser.onsets();
  const r = onsetAutocorrelation(env, ONSET_FRAME_RATE);
  if (!r || c.bpm === null) return null;
  const candidates = tempoCandidates(env, ONSET_FRAME_RATE, r);
  const right = candidates.findIndex((k) => Math.abs((60 * ONSET_FRAME_RATE) / k.period / c.bpm! - 1) < 0.04);
  return right < 0 ? null : { cues: candidates.map((k) => k.cues), right };
}

const songs: Song[] = [];
const tuning = (cases: ReturnType<typeof corpus>, offset: number) =>
  cases.forEach((c, i) => {
    if (c.kind !== 'tempo' || c.half !== 'tuning' || c.family === 'tempo change' || c.bpm === null) return;
    const song = songOf(c, corpusWav(c, offset + i));
    if (song) songs.push(song);
  });
tuning(corpus(), 0);
tuning(tuningExtras(), EXTRA_INDEX);

const size = songs[0].cues[0].length;
const w = new Array<number>(size).fill(0);
const m = new Array<number>(size).fill(0);
const v = new Array<number>(size).fill(0);
let right = 0;
for (let step = 1; step <= STEPS; step++) {
  const gradient = w.map((wi) => 2 * L2 * wi);
  right = 0;
  for (const song of songs) {
    const scores = song.cues.map((x) => x.reduce((sum, xi, i) => sum + xi * w[i], 0));
    const top = Math.max(...scores);
    const e = scores.map((s) => Math.exp(s - top));
    const total = e.reduce((a, b) => a + b, 0);
    if (scores[song.right] === top) right++;
    song.cues.forEach((x, k) => x.forEach((xi, i) => (gradient[i] += ((e[k] / total - (k === song.right ? 1 : 0)) * xi) / songs.length)));
  }
  for (let i = 0; i < size; i++) {
    m[i] = 0.9 * m[i] + 0.1 * gradient[i];
    v[i] = 0.999 * v[i] + 0.001 * gradient[i] ** 2;
    w[i] -= (RATE * (m[i] / (1 - 0.9 ** step))) / (Math.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8);
  }
}
process.stdout.write(`WEIGHTS = [${w.map((x) => Math.round(x * 1000) / 1000).join(', ')}]\n${right} of ${songs.length} tuning songs right at the chosen level\n`);
