// Audio analysis part of `npm run bench`: the accuracy table on generated signals with known answers
// (the same cases as media-worker/analysis/test/accuracy.test.ts) and the time to analyse a
// 5-minute 44.1 kHz stereo WAV end to end (ffmpeg decode + EBU R128 + DSP in a worker thread).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeAudio } from '../../media-worker/analysis/analyze.ts';
import { runAccuracyCases } from '../../media-worker/analysis/test/cases.ts';
import { drumPattern, writeWav } from '../../media-worker/analysis/test/signals.ts';

const RUNS = 3;

const results = await runAccuracyCases();
process.stdout.write(`\nAudio analysis accuracy (generated signals, ${results.filter((r) => r.ok).length}/${results.length} right)\n\n`);
process.stdout.write(`${'group'.padEnd(9)} ${'case'.padEnd(42)} ${'expected'.padEnd(46)} ${'measured'.padEnd(38)} ok\n`);
for (const r of results) {
  process.stdout.write(`${r.group.padEnd(9)} ${r.name.padEnd(42)} ${r.expected.padEnd(46)} ${r.got.padEnd(38)} ${r.ok ? 'yes' : 'NO'}\n`);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-audio-'));
try {
  const file = path.join(dir, 'five-minutes.wav');
  writeWav(file, drumPattern(120, 300));
  const times: number[] = [];
  let bpm: number | null = null;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bpm = (await analyzeAudio({ path: file })).bpm;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`\n5-minute 44.1 kHz stereo WAV (drums at 120 BPM, measured ${bpm}): median ${(times[1] / 1000).toFixed(2)} s of ${RUNS} runs ` +
    `(min ${(times[0] / 1000).toFixed(2)} s, max ${(times[RUNS - 1] / 1000).toFixed(2)} s), ${os.cpus().length} cores\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
