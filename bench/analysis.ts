// Audio analysis part of `npm run bench`: OneTrack against Essentia (RhythmExtractor2013 and
// KeyExtractor, essentia.js) on the whole generated corpus (media-worker/analysis/test/corpus), per
// family and per half (tuning / held-out), then the speed of both on a 5-minute 44.1 kHz WAV.
// OneTrack runs end to end (WAV file → ffmpeg → worker DSP, loudness included); Essentia gets the
// same file's samples in memory (decoding not counted). The corpus runs in one process per core and
// its WAVs are cached between runs (analysis-corpus.ts).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeAudio } from '../media-worker/analysis/analyze.ts';
import { corpus, type CorpusCase, type Half } from '../media-worker/analysis/test/corpus/corpus.ts';
import { judgeKey, judgeTempo } from '../media-worker/analysis/test/corpus/judge.ts';
import { drumPattern, wavBytes } from '../media-worker/analysis/test/signals.ts';
import { CORPUS_DIR, monoOfWav } from './analysis-corpus.ts';
import type { CaseResult } from './analysis-worker.ts';
import { essentiaKey, essentiaTempo, ESSENTIA_VERSION } from './essentia.ts';

interface Outcome {
  c: CorpusCase;
  ours: { acc1: boolean; acc2: boolean };
  theirs: { acc1: boolean; acc2: boolean };
}

/** Every case analysed by both methods, in one process per core (each takes every n-th case). */
async function analyseCorpus(cases: CorpusCase[]): Promise<CaseResult[]> {
  const workers = Math.max(1, Math.min(os.cpus().length, cases.length));
  const results: CaseResult[] = [];
  await Promise.all(
    Array.from(
      { length: workers },
      (_, w) =>
        new Promise<void>((resolve, reject) => {
          const indices = cases.map((_, i) => i).filter((i) => i % workers === w);
          const child = fork(fileURLToPath(new URL('./analysis-worker.ts', import.meta.url)), indices.map(String), {
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          });
          child.on('message', (result: CaseResult) => results.push(result));
          child.on('error', reject);
          child.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`corpus process ${w} exited with ${code}`)),
          );
        }),
    ),
  );
  return results.sort((a, b) => a.index - b.index);
}

const pct = (right: number, n: number) => (n ? `${((right / n) * 100).toFixed(0)} %` : '—');

function table(outcomes: Outcome[]): string {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  const groups = [...new Set(outcomes.map((o) => `${o.c.kind}:${o.c.family}`))];
  for (const kind of ['tempo', 'key'] as const) {
    lines.push('');
    if (kind === 'tempo') {
      row(['tempo family', 'half', 'cases', 'OneTrack Acc1', 'Essentia Acc1', 'OneTrack Acc2', 'Essentia Acc2']);
    } else row(['key family', 'half', 'cases', 'OneTrack exact', 'Essentia exact', '', '']);
    row(['---', '---', '---:', '---:', '---:', '---:', '---:']);
    const of = (list: Outcome[], label: string, half: string) => {
      const n = list.length;
      const count = (f: (o: Outcome) => boolean) => list.filter(f).length;
      row([
        label,
        half,
        String(n),
        pct(
          count((o) => o.ours.acc1),
          n,
        ),
        pct(
          count((o) => o.theirs.acc1),
          n,
        ),
        kind === 'tempo'
          ? pct(
              count((o) => o.ours.acc2),
              n,
            )
          : '',
        kind === 'tempo'
          ? pct(
              count((o) => o.theirs.acc2),
              n,
            )
          : '',
      ]);
    };
    for (const group of groups.filter((g) => g.startsWith(`${kind}:`))) {
      for (const half of ['tuning', 'held-out'] as Half[])
        of(
          outcomes.filter((o) => `${o.c.kind}:${o.c.family}` === group && o.c.half === half),
          group.slice(kind.length + 1),
          half,
        );
    }
    for (const half of ['tuning', 'held-out'] as Half[]) {
      // "no beat" asks for no tempo at all, which Essentia never answers: it stays out of the totals.
      of(
        outcomes.filter((o) => o.c.kind === kind && o.c.half === half && o.c.family !== 'no beat'),
        `**all ${kind} cases**`,
        `**${half}**`,
      );
    }
  }
  return lines.join('\n');
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-audio-'));
try {
  const cases = corpus();
  const began = performance.now();
  const outcomes: Outcome[] = [];
  const misses: string[] = [];
  for (const { index, ours, theirs } of await analyseCorpus(cases)) {
    const c = cases[index];
    const outcome =
      c.kind === 'tempo'
        ? { c, ours: judgeTempo(c.bpm, ours as number | null), theirs: judgeTempo(c.bpm, (theirs as number) || null) }
        : { c, ours: judgeKey(c.key, ours as string | null), theirs: judgeKey(c.key, theirs as string | null) };
    outcomes.push(outcome);
    if (!outcome.ours.acc1)
      misses.push(
        `${c.half} ${c.id}: truth ${c.kind === 'tempo' ? (c.bpm ?? 'none') : c.key}, ` +
          `OneTrack ${ours ?? 'none'}, Essentia ${theirs}`,
      );
  }
  process.stdout.write(
    `\nAudio analysis: OneTrack vs Essentia ${ESSENTIA_VERSION} ` +
      `(RhythmExtractor2013, KeyExtractor) on the generated corpus\n`,
  );
  process.stdout.write(
    'Acc1: within ±2 BPM of the notated beat (half or double is wrong); Acc2: also ' +
      'right at ×2, ×½, ×3, ×⅓. Key: tonic and mode exact.\n',
  );
  process.stdout.write(
    `The method was chosen and tuned on the tuning half only; the held-out half ` +
      `was never tuned on.\n${table(outcomes)}\n`,
  );
  if (misses.length) process.stdout.write(`\nOneTrack misses:\n${misses.map((m) => `  ${m}`).join('\n')}\n`);
  process.stdout.write(
    `(${cases.length} cases in ${((performance.now() - began) / 1000).toFixed(0)} ` +
      `s on ${os.cpus().length} processes; WAVs cached in ${CORPUS_DIR})\n`,
  );

  const file = path.join(dir, 'five-minutes.wav');
  const bytes = wavBytes(drumPattern(120, 300));
  writeFileSync(file, bytes);
  const mono = monoOfWav(bytes);
  /**
   * CPU seconds used so far by this process (all threads) and its finished children (ffmpeg), from
   * /proc: unlike wall time it hardly depends on what else the shared machine is running.
   */
  const cpuSeconds = () => {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat(5), in clock ticks (100 a second on Linux).
    return fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0) / 100;
  };
  const RUNS = 3;
  const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const oursTimes: number[] = [];
  const theirsTimes: number[] = [];
  const oursCpu: number[] = [];
  const theirsCpu: number[] = [];
  let oursBpm: number | null = null;
  let theirsBpm = 0;
  for (let i = 0; i < RUNS; i++) {
    let started = performance.now();
    let cpu = cpuSeconds();
    oursBpm = (await analyzeAudio({ path: file })).bpm;
    oursTimes.push(performance.now() - started);
    oursCpu.push(cpuSeconds() - cpu);
    started = performance.now();
    cpu = cpuSeconds();
    theirsBpm = essentiaTempo(mono);
    essentiaKey(mono);
    theirsTimes.push(performance.now() - started);
    theirsCpu.push(cpuSeconds() - cpu);
  }
  const line = (name: string, ms: number, cpu: number, bpm: number | null, what: string) =>
    `${name.padEnd(9)} median ${(ms / 1000).toFixed(2)} s wall = ` +
    `${(300_000 / ms).toFixed(0)}× real time; ${cpu.toFixed(2)} s CPU = ` +
    `${(300 / cpu).toFixed(0)}× real time per core (measured ${bpm} BPM; ${what})\n`;
  const [ourCpu, theirCpu] = [median(oursCpu), median(theirsCpu)];
  process.stdout.write(
    `\nSpeed on a 5-minute 44.1 kHz stereo WAV (drums at 120 BPM), median of ` +
      `${RUNS} runs, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}:\n`,
  );
  process.stdout.write(
    line(
      'OneTrack',
      median(oursTimes),
      ourCpu,
      oursBpm,
      'ffmpeg decode + EBU R128 + tempo + key + spectrum, end to end',
    ),
  );
  process.stdout.write(
    line(
      'Essentia',
      median(theirsTimes),
      theirCpu,
      theirsBpm,
      'RhythmExtractor2013 + KeyExtractor on samples in memory',
    ),
  );
  process.stdout.write(
    `OneTrack / Essentia CPU time: ${(ourCpu / theirCpu).toFixed(2)} (the figure that survives a loaded machine)\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
