// The genre a track's audio suggests: a multinomial logistic regression (softmax) over the spec's
// genres, on what the DSP measured (tempo, band balance, stereo width, transients, tonality, mode,
// dynamics). Its weights were fitted on the realistic corpus's tuning half only
// (bench/analysis-fit.ts genre); the bench reports top-3 accuracy on both halves. The audio says
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
const GENRE_WEIGHTS: number[][] = [
  [-0.471, 0.002, -0.07, -0.186, -0.294, -0.01, -0.282, -0.094, -0.343, -0.208, -0.078, -0.659, -0.49],
  [0.003, -2.618, 2.806, 0.647, -0.985, 0.265, 0.271, -0.156, -0.87, 1.188, -0.296, -0.683, -0.074],
  [-1.794, 1.575, -0.947, 0.244, 2.072, -0.13, 0.91, -1.993, 0.373, -0.559, 1.052, -0.972, 2.182],
  [-0.306, 0.936, -0.916, 1.659, -2.043, 0.017, -1.326, 2.108, -0.315, 0.566, -0.187, 1.482, -0.364],
  [0.093, 1.346, -1.651, 0.862, -1.12, 0.009, 1.771, 1.013, -3.012, -0.51, -2.07, 2.139, -0.246],
  [-2.392, 1.796, 1.598, 1.163, -2.619, -0.652, 2.168, -0.297, 1.8, -0.338, 1.853, 2.192, -2.107],
  [-0.076, -2.1, 1.332, -0.447, -0.444, 0.766, -4.111, -2.003, 2.126, 0.493, 0.391, 1.459, -0.127],
  [0.768, -1.174, 0.533, -0.296, 0.732, -0.38, 1.762, 0.863, 0.998, -0.45, -1.216, -1.194, 0.061],
  [0.424, 0.779, 0.927, 2.689, -2.344, 0.014, -1.154, -1.175, 0.741, 1.818, -0.095, -0.885, 0.358],
  [1.23, -0.212, -0.82, 0.373, 0.018, 0.488, 1.726, 2.023, -0.177, -0.387, 0.815, -2.052, 0.879],
  [0.532, 2.477, 1.203, -0.21, 0.741, -0.01, -1.938, -1.308, -0.935, -1.818, -0.488, 0.56, 0.523],
  [-0.301, -0.735, -2.098, -0.647, 0.066, -0.104, 2.923, 1.568, -0.099, -0.213, -0.543, -1.465, -0.688],
  [0.362, 0.835, -1.05, -2.023, 1.847, -0.287, -0.444, 1.982, -0.187, 0.281, 0.284, 0.808, -0.466],
  [-0.594, -2.223, -0.158, 0.85, -1.539, -0.208, 0.059, 0.008, 0.186, 0.423, -0.373, 1.524, -0.898],
  [1.354, 1.552, 0.529, -1.552, 2.744, 0.11, -3.144, -0.434, 0.181, 0.337, -0.019, -1.402, 1.301],
  [0.684, -2.256, 0.373, -2.057, 2.463, -0.161, -0.52, -1.328, -0.127, -0.176, 1.736, -0.982, 0.242],
  [0.483, 0.02, -1.591, -1.069, 0.704, 0.273, 1.329, -0.777, -0.341, -0.447, -0.767, 0.131, -0.088],
];

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
