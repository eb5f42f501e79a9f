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

type Measured = Pick<
  AudioMeasurements,
  'bpm' | 'key' | 'bands' | 'stereoWidth' | 'transientsPerSecond' | 'tonality' | 'loudness' | 'plrDb'
>;

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
  [-0.467, 0.018, -0.078, -0.186, -0.29, -0.01, -0.274, -0.096, -0.339, -0.2, -0.077, -0.653, -0.486],
  [0.072, -2.477, 2.726, 0.93, -1.212, 0.297, 0.245, -0.125, -0.855, 1.077, -0.332, -0.765, 0.015],
  [-1.623, 1.813, -1.104, 0.102, 2.076, -0.174, 0.916, -2.062, 0.494, -0.48, 1.082, -0.885, 2.001],
  [-0.285, 0.78, -0.995, 1.586, -1.936, 0.001, -1.3, 1.992, -0.303, 0.55, -0.168, 1.469, -0.346],
  [0.101, 1.439, -1.693, 0.724, -1.01, -0.011, 1.802, 0.993, -2.92, -0.17, -2.027, 2.066, -0.295],
  [-2.313, 1.934, 1.469, 1.042, -2.519, -0.681, 2.204, -0.378, 1.821, -0.312, 1.825, 2.212, -2.157],
  [0.063, -2.038, 1.125, 0.021, -0.745, 0.757, -4.225, -2.038, 2.142, 0.411, 0.482, 1.304, 0.029],
  [0.797, -0.905, 0.374, -0.311, 0.709, -0.377, 1.786, 0.792, 1.045, -0.371, -1.126, -1.177, 0.027],
  [0.149, 2.276, 0.96, 1.996, -1.941, 0.005, -0.853, -0.971, 0.741, 1.755, -0.048, -0.708, 0.059],
  [1.186, 0.013, -0.9, 0.357, 0.047, 0.486, 1.775, 1.804, -0.112, -1.044, 0.883, -1.903, 0.889],
  [0.462, 2.445, 1.103, -0.228, 0.698, -0.024, -1.777, -1.4, -0.806, -1.583, -0.424, 0.601, 0.449],
  [-0.269, -0.766, -2.072, -0.681, 0.066, -0.1, 2.963, 1.648, -0.117, 0.194, -0.605, -1.553, -0.719],
  [0.108, -2.465, 0.431, -1.583, 1.703, -0.179, -1.346, 2.672, -0.856, 0.345, -0.308, 0.709, -0.061],
  [-0.548, -2.103, -0.374, 1.098, -1.74, -0.192, 0.033, -0.097, 0.241, 0.421, -0.353, 1.488, -0.835],
  [1.327, 1.75, 0.447, -1.652, 2.817, 0.096, -2.794, -0.518, 0.213, 0.058, 0.035, -1.315, 1.261],
  [0.725, -1.986, 0.255, -2.079, 2.529, -0.151, -0.498, -1.365, -0.113, -0.273, 1.87, -1.054, 0.294],
  [0.515, 0.271, -1.675, -1.136, 0.749, 0.256, 1.343, -0.852, -0.276, -0.379, -0.709, 0.164, -0.128],
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
