// One of the bench's corpus processes (one per core, forked by analysis.ts): renders or reads the
// cases it is given, analyses each with OneTrack (end to end, through ffmpeg) and with Essentia, and
// sends back what each found.
import { readFileSync } from 'node:fs';
import { analyzeAudio } from '../media-worker/analysis/analyze.ts';
import { corpus } from '../media-worker/analysis/test/corpus/corpus.ts';
import { corpusWav, monoOfWav } from './analysis-corpus.ts';
import { essentiaKey, essentiaTempo } from './essentia.ts';

export interface CaseResult {
  index: number;
  /** BPM (or null) for a tempo case, "F# minor" (or null) for a key case. */
  ours: number | string | null;
  theirs: number | string | null;
}

const all = corpus();
const indices = process.argv.slice(2).map(Number);
for (const index of indices) {
  const c = all[index];
  const file = corpusWav(c, index);
  const mono = monoOfWav(readFileSync(file));
  const m = await analyzeAudio({ path: file });
  const result: CaseResult =
    c.kind === 'tempo'
      ? { index, ours: m.bpm, theirs: essentiaTempo(mono) }
      : { index, ours: m.key ? `${m.key.tonic} ${m.key.mode}` : null, theirs: essentiaKey(mono) };
  process.send!(result);
}
