import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeAudio } from '../analyze.ts';
import { corpus, type CorpusCase } from './corpus/corpus.ts';
import { judgeKey, judgeTempo } from './corpus/judge.ts';
import { writeWav } from './signals.ts';

// Accuracy floors on a fixed slice of the corpus (the whole corpus runs in `npm run bench`): the
// first held-out case of seven rhythm families (the ones that test the metrical level — among them a
// house groove whose off-beat bass and hats once doubled its tempo —, a tempo change and no drums at
// all), one song without a beat, and four held-out keys, one per voicing.
const all = corpus();
const SLICE_FAMILIES = [
  'four-on-the-floor',
  'backbeat',
  'half-time',
  'drum and bass',
  '6/8 and 12/8',
  'strums, no drums',
  'tempo change',
  'no beat',
];
const firstOf = (family: string) =>
  all.find((c) => c.kind === 'tempo' && c.family === family && c.half === 'held-out')!;
const TEMPO_SLICE = SLICE_FAMILIES.map(firstOf);
const KEY_SLICE = [...new Set(all.filter((c) => c.kind === 'key').map((c) => c.family))].map((family) =>
  all.find((c) => c.kind === 'key' && c.family === family && c.half === 'held-out')!,
);

describe('audio analysis on a slice of the generated corpus', function () {
  // Pure DSP, no database: it runs in the SQLite pass of `npm test` only, not again on MariaDB.
  if (process.env.TEST_DB === 'mysql') return;
  this.timeout(120_000);
  let dir: string;
  const results = new Map<string, { acc1: boolean; acc2: boolean }>();
  before(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-corpus-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (c: CorpusCase, index: number) => {
    const file = path.join(dir, `case-${index}.wav`);
    writeWav(file, c.render());
    const m = await analyzeAudio({ path: file });
    if (c.kind === 'tempo') return { got: String(m.bpm), ...judgeTempo(c.bpm, m.bpm) };
    const key = m.key ? `${m.key.tonic} ${m.key.mode}` : null;
    return { got: String(key), ...judgeKey(c.key, key) };
  };

  [...TEMPO_SLICE, ...KEY_SLICE].forEach((c, index) => {
    it(`${c.id} (${c.kind === 'tempo' ? `${c.bpm ?? 'no'} BPM` : c.key})`, async () => {
      const result = await run(c, index);
      results.set(c.id, result);
      // Octaves allowed (Accuracy2), every tempo case must be right; the exact floors are below.
      if (c.kind === 'tempo') expect(result.acc2, `got ${result.got}`).to.equal(true);
    });
  });

  it(
    `keeps the floors: tempo Accuracy1 at least ${TEMPO_SLICE.length - 1} of ` +
      `${TEMPO_SLICE.length}, keys at least ${KEY_SLICE.length - 1} of ` +
      `${KEY_SLICE.length}`,
    () => {
      const right = (slice: CorpusCase[]) => slice.filter((c) => results.get(c.id)?.acc1).length;
      expect(right(TEMPO_SLICE)).to.be.at.least(TEMPO_SLICE.length - 1);
      expect(right(KEY_SLICE)).to.be.at.least(KEY_SLICE.length - 1);
    },
  );
});
