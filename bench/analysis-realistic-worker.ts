// One of the realistic bench's processes (forked by analysis-realistic.ts, one per core): renders or
// reads the songs it is given, analyses each with OneTrack (end to end, through ffmpeg, then the
// ai plugin's words) and with Essentia (cached beside the WAV: its answer never changes), and sends
// back what each found.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { analyzeAudio } from '../media-worker/analysis/analyze.ts';
import { realisticCorpus } from '../media-worker/analysis/test/realistic/corpus.ts';
import { renderSong } from '../media-worker/analysis/test/realistic/render.ts';
import type { AudioMeasurements } from '../media-worker/analysis/types.ts';
import type { GenreSuggestion } from '../plugins/ai/genre.ts';
import { describeAudio } from '../plugins/ai/insights.ts';
import { monoOfWav } from './analysis-corpus.ts';
import { essentiaKey, essentiaTempo } from './essentia.ts';

export interface SongResult {
  index: number;
  truthBpm: number | null;
  ours: {
    bpm: number | null;
    tempoConfidence: number;
    key: string | null;
    keyConfidence: number;
    genre: string | null;
    genres: GenreSuggestion[];
  };
  /** Everything OneTrack measured, for fitting the genre model (analysis-fit.ts genre). */
  measurements: AudioMeasurements;
  theirs: { bpm: number; bgate: string; edma: string };
  /** Wall seconds of OneTrack's analysis of this song. */
  seconds: number;
}

const all = realisticCorpus();
for (const index of process.argv.slice(2).map(Number)) {
  const song = all[index];
  const file = renderSong(song);
  const cached = `${file}.essentia.json`;
  let theirs: SongResult['theirs'];
  if (existsSync(cached)) theirs = JSON.parse(readFileSync(cached, 'utf8')) as SongResult['theirs'];
  else {
    const mono = monoOfWav(readFileSync(file));
    theirs = { bpm: essentiaTempo(mono), bgate: essentiaKey(mono, 'bgate'), edma: essentiaKey(mono, 'edma') };
    writeFileSync(cached, JSON.stringify(theirs));
  }
  const began = performance.now();
  const m = await analyzeAudio({ path: file });
  const seconds = (performance.now() - began) / 1000;
  const insights = describeAudio(m);
  const result: SongResult = {
    index,
    truthBpm: song.write().bpm,
    seconds,
    ours: {
      bpm: m.bpm,
      tempoConfidence: m.tempoConfidence,
      key: m.key ? `${m.key.tonic} ${m.key.mode}` : null,
      keyConfidence: m.key?.confidence ?? 0,
      genre: insights.genre,
      genres: insights.genres ?? [],
    },
    measurements: m,
    theirs,
  };
  process.send!(result);
}
