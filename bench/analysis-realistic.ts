// Audio analysis on the realistic corpus (media-worker/analysis/test/realistic: MIDI songs of 31
// styles rendered with FluidSynth's General MIDI soundfont): OneTrack against Essentia
// (RhythmExtractor2013; KeyExtractor with its default 'bgate' profile and with 'edma') per genre
// family and half, reliability tables of OneTrack's confidences, genre top-3. Songs run in one process
// per core; WAVs and Essentia's answers are cached by content hash (render.ts).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { realisticCorpus, type Song } from '../media-worker/analysis/test/realistic/corpus.ts';
import { ensureFluidSynth, RENDER_DIR } from '../media-worker/analysis/test/realistic/render.ts';
import { judgeTempo } from '../media-worker/analysis/test/corpus/judge.ts';
import type { SongResult } from './analysis-realistic-worker.ts';

async function analyseSongs(count: number): Promise<SongResult[]> {
  const workers = Math.max(1, Math.min(os.cpus().length, count));
  const results: SongResult[] = [];
  await Promise.all(
    Array.from(
      { length: workers },
      (_, w) =>
        new Promise<void>((resolve, reject) => {
          const indices = Array.from({ length: count }, (_, i) => i).filter((i) => i % workers === w);
          const child = fork(
            fileURLToPath(new URL('./analysis-realistic-worker.ts', import.meta.url)),
            indices.map(String),
            { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
          );
          child.on('message', (result: SongResult) => results.push(result));
          child.on('error', reject);
          child.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`realistic corpus process ${w} exited with ${code}`)),
          );
        }),
    ),
  );
  return results.sort((a, b) => a.index - b.index);
}

const pct = (right: number, n: number) => (n ? `${((right / n) * 100).toFixed(0)} %` : '—');

interface Judged {
  song: Song;
  r: SongResult;
  tempo: { ours: { acc1: boolean; acc2: boolean }; theirs: { acc1: boolean; acc2: boolean } };
  key: { ours: boolean; bgate: boolean; edma: boolean };
  genreTop3: boolean;
}

function judge(song: Song, r: SongResult): Judged {
  return {
    song,
    r,
    tempo: {
      ours: judgeTempo(r.truthBpm, r.ours.bpm),
      theirs: judgeTempo(r.truthBpm, r.truthBpm === null ? null : r.theirs.bpm || null),
    },
    key: { ours: r.ours.key === song.key, bgate: r.theirs.bgate === song.key, edma: r.theirs.edma === song.key },
    genreTop3: r.ours.genres.slice(0, 3).some((g) => g.genre === song.genre),
  };
}

function accuracyTable(judged: Judged[]): string {
  const lines = [
    '| family | half | songs | OneTrack Acc1 | Essentia Acc1 | OneTrack Acc2 | ' +
      'Essentia Acc2 | OneTrack key | Essentia bgate | Essentia edma | genre top-3 |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const row = (label: string, half: string, list: Judged[]) => {
    // Songs without a beat ask for no tempo, which Essentia never answers: they stay out of the tempo columns.
    const beat = list.filter((j) => j.r.truthBpm !== null);
    const count = (l: Judged[], f: (j: Judged) => boolean) => l.filter(f).length;
    lines.push(
      `| ${label} | ${half} | ${list.length} | ${pct(
        count(beat, (j) => j.tempo.ours.acc1),
        beat.length,
      )} | ${pct(
        count(beat, (j) => j.tempo.theirs.acc1),
        beat.length,
      )} | ${pct(
        count(beat, (j) => j.tempo.ours.acc2),
        beat.length,
      )} | ${pct(
        count(beat, (j) => j.tempo.theirs.acc2),
        beat.length,
      )} | ${pct(
        count(list, (j) => j.key.ours),
        list.length,
      )} | ${pct(
        count(list, (j) => j.key.bgate),
        list.length,
      )} | ${pct(
        count(list, (j) => j.key.edma),
        list.length,
      )} | ${pct(
        count(list, (j) => j.genreTop3),
        list.length,
      )} |`,
    );
  };
  for (const family of [...new Set(judged.map((j) => j.song.family))]) {
    for (const half of ['tuning', 'held-out'] as const)
      row(
        family,
        half,
        judged.filter((j) => j.song.family === family && j.song.half === half),
      );
  }
  for (const half of ['tuning', 'held-out'] as const)
    row(
      '**all**',
      `**${half}**`,
      judged.filter((j) => j.song.half === half),
    );
  return lines.join('\n');
}

/** Confidence bins against how often the answers in them were right (a calibrated confidence sits on the diagonal). */
function reliabilityTable(title: string, points: Array<{ confidence: number; right: boolean }>): string {
  const bins = [
    [0, 0.2],
    [0.2, 0.5],
    [0.5, 0.8],
    [0.8, 0.95],
    [0.95, 1.01],
  ];
  const lines = [`| ${title} confidence | answers | right | accuracy |`, '|---|---:|---:|---:|'];
  for (const [from, to] of bins) {
    const inBin = points.filter((p) => p.confidence >= from && p.confidence < to);
    lines.push(
      `| ${from.toFixed(2)}–${Math.min(1, to).toFixed(2)} | ${inBin.length} | ` +
        `${inBin.filter((p) => p.right).length} | ` +
        `${pct(inBin.filter((p) => p.right).length, inBin.length)} |`,
    );
  }
  const high = points.filter((p) => p.confidence >= 0.8);
  const wrong = points.filter((p) => !p.right);
  lines.push(
    '',
    `${title}: ${pct(high.filter((p) => p.right).length, high.length)} right among ` +
      `answers given with confidence ≥ 0.8 (${high.length}); ` +
      `${pct(wrong.filter((p) => p.confidence < 0.5).length, wrong.length)} of wrong ` +
      `answers (${wrong.length}) below 0.5`,
  );
  return lines.join('\n');
}

export async function realisticBench(): Promise<string> {
  ensureFluidSynth();
  const songs = realisticCorpus();
  const began = performance.now();
  const limit = Number(process.env.REALISTIC_LIMIT) || songs.length;
  const judged = (await analyseSongs(Math.min(limit, songs.length))).map((r) => judge(songs[r.index], r));
  const out: string[] = [];
  out.push(
    `\nAudio analysis on the realistic corpus: ${judged.length} songs, ` +
      `${new Set(judged.map((j) => j.song.style)).size} styles, MIDI rendered with ` +
      `FluidSynth + FluidR3 GM`,
  );
  out.push(
    'Acc1: within ±2 BPM of the notated beat (mean tempo for drifts and ramps); ' +
      'Acc2: also right at ×2, ×½, ×3, ×⅓. Key: tonic and mode exact. Genre: the ' +
      'truth among the top 3 suggestions.',
  );
  out.push('Methods were chosen and fitted on the tuning half only; the held-out half was never tuned on.\n');
  out.push(accuracyTable(judged));
  for (const half of ['tuning', 'held-out'] as const) {
    const list = judged.filter((j) => j.song.half === half);
    out.push(`\nReliability, ${half} half:\n`);
    out.push(
      reliabilityTable(
        'tempo',
        list
          .filter((j) => j.r.truthBpm !== null && j.r.ours.bpm !== null)
          .map((j) => ({ confidence: j.r.ours.tempoConfidence, right: j.tempo.ours.acc1 })),
      ),
    );
    out.push('');
    out.push(
      reliabilityTable(
        'key',
        list
          .filter((j) => j.r.ours.key !== null)
          .map((j) => ({ confidence: j.r.ours.keyConfidence, right: j.key.ours })),
      ),
    );
  }
  const misses = judged.filter((j) => !j.tempo.ours.acc1 || !j.key.ours);
  const missLines = misses.map(
    (j) =>
      `  ${j.song.half} ${j.song.id} (${j.song.metre}, ${j.song.shape}): ` +
      `tempo ${j.r.truthBpm ?? 'none'} → ${j.r.ours.bpm ?? 'none'} ` +
      `(${j.r.ours.tempoConfidence}; Essentia ${j.r.theirs.bpm}), ` +
      `key ${j.song.key} → ${j.r.ours.key} (${j.r.ours.keyConfidence}; bgate ${j.r.theirs.bgate})`,
  );
  out.push(`\nOneTrack misses:\n${missLines.join('\n')}`);
  out.push(
    `(${judged.length} songs in ${((performance.now() - began) / 1000).toFixed(0)} ` +
      `s on ${os.cpus().length} processes; WAVs cached in ${RENDER_DIR})`,
  );
  const text = out.join('\n');
  process.stdout.write(`${text}\n`);
  if (process.env.REALISTIC_JSON)
    writeFileSync(
      process.env.REALISTIC_JSON,
      JSON.stringify(judged.map((j) => ({ id: j.song.id, half: j.song.half, ...j.r }))),
    );
  return text;
}

if (import.meta.main) await realisticBench();
