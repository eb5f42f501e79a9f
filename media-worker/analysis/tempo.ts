// Tempo: which periodicity of the onset envelope is the beat a listener taps, not only which one is
// strongest. (1) The autocorrelation of the onset envelope gives the candidate periods between
// MIN_BPM and MAX_BPM (its peaks: beat, half and whole bar, subdivisions). (2) Each candidate is
// described by metrical cues measured on a grid of its period (metre.ts), after Klapuri, Eronen &
// Astola (2006): is there a weaker subdivision layer below it (a beat) or none (the fastest pulse,
// the tatum), are its own off-beats as strong as its beats (a bar, not a beat), do the kick and the
// snare (the low and middle bands, the "backbone") land on it, and how far it is from the tempi
// listeners prefer (a log-Gaussian tempo prior, as in Ellis 2007; McKinney & Moelants 2006). A
// fastest pulse counts as a tatum only when something groups it: its alternate pulses differ in
// strength or in timbre (a kick answered by hats and bass, as McKinney & Moelants found accents draw
// listeners to a level); bare clicks are not grouped and are the beat. Where the snare lands decides
// between a level and its double: on a grid of two beats laid on the kick, a backbeat falls half-way
// (beats 2 and 4), on a grid twice too fast it falls on the grid's own points (issue 22: boom-bap,
// funk, slow jams read at double tempo); a kick and bass pattern that only repeats after eight beats
// is a bar read twice too fast; the prior's centre moves with how many salient events a second the
// middle band holds (snare, chords, melody: event density, which listeners' sense of speed follows).
// (3) A linear score of those cues, whose weights were fitted
// on tuning songs only (a softmax over each song's candidates, as the octave decision of Percival &
// Tzanetakis 2014 is learned), picks the beat; its softmax share, Platt-scaled, is the confidence. (4) The chosen
// period is refined on its multiples.
// (5) A song whose 8-s sections speed up or slow down evenly (a ramp) is re-timed to its mean tempo
// and read again.
import { fft } from './fft.ts';
import { gridStrength, type GridStrength } from './metre.ts';
import type { OnsetEnvelopes } from './onsets.ts';

export const MIN_BPM = 48;
export const MAX_BPM = 230;
/** The longest lag used (seconds): multiples of the beat up to here refine the period. */
const MAX_LAG_SECONDS = 4.5;
/** Below this periodicity (autocorrelation at the period over that at lag 0) there is no beat. */
const MIN_PERIODICITY = 0.2;
/** Standard deviation of the onset envelope below which nothing happens (a steady tone). */
const MIN_ONSET_DEVIATION = 0.05;
/**
 * A beat needs attacks: the loudest 1 % of the onset envelope (mean rise over the bands, dB) must reach
 * this. A sustained chord's partials beat against each other inside a band, and the frame rate aliases
 * that into a steady, tempo-like ripple of about 1 dB; no song of the tuning set with a beat stayed
 * under 3.5 dB, no song without one went over 2.7 dB.
 */
const MIN_ATTACK_DB = 3;
/** Autocorrelation peaks weaker than this share of lag 0 are not candidates. */
const CANDIDATE_FLOOR = 0.1;
/** A candidate with no subdivision layer (relative strength about 0) is the fastest pulse: this sets "about". */
const TATUM_SCALE = 0.08;
/** Sections of a song compared for a tempo change: this long, one every SECTION_HOP_SECONDS. */
const SECTION_SECONDS = 8;
const SECTION_HOP_SECONDS = SECTION_SECONDS / 2;
/** Twice a candidate's period, within this share, is its slower relative. */
const DOUBLE_TOLERANCE = 0.03;
/** Alternate pulses at least this alike (strength and timbre, see alternation()) start to count as ungrouped. */
const UNIFORM_FROM = 0.9;
/**
 * Events of the middle band (snare, chords, melody) for its event density: peaks of its onset envelope
 * that are the largest within this many seconds either side and reach this share of its loudest 1 %.
 */
const EVENT_RADIUS_SECONDS = 0.05;
const EVENT_SHARE = 0.5;
/**
 * The event density's effect on the tempo prior is bounded to 0.5–8 events a second (this many octaves
 * either side of 2), beyond the tuning songs' 0.8–5.8, so a file far outside them cannot swing the prior
 * without limit.
 */
const EVENT_RATE_OCTAVES = 2;

/**
 * Weights of the cues in the order of `cues()`, fitted (softmax regression, see tempoCandidates) on
 * the tuning halves of the generated and of the realistic corpus and on bare metronome clicks at
 * tempi other than the accuracy test's, never on a held-out song (bench/analysis-fit.ts). The
 * tempo terms make a log-Gaussian prior over log2(bpm/120), learned from the corpus's spread of
 * genres and their tempi, whose centre moves with the middle band's event density (eventRate).
 */
const WEIGHTS = [-8.96, 5.253, -4.234, -2.105, 4.339, 4.271, 2.583, 2.384, 4.027, 7.612, 1.644, -1.233, -3.567, 6.521];

export interface TempoEstimate {
  bpm: number | null;
  /** 0..1: the probability that bpm is the beat a listener taps (calibrated, see calibratedTempo). */
  confidence: number;
  /** What the confidence is computed from, for fitting its calibration. */
  evidence: TempoEvidence;
}

export interface TempoEvidence {
  /**
   * Softmax share of the chosen metrical level among the candidates, 0..1 (times the share of the
   * song's onset energy in sections that agree with it, when the song changes tempo).
   */
  share: number;
}

/**
 * Platt scaling (a logistic regression, Platt 1999; Niculescu-Mizil & Caruana 2005) of the evidence
 * into the probability of being right within 2 BPM: the weight of the share's logit, then a bias.
 * Fitted on the realistic corpus's tuning half (bench/analysis-fit.ts calibrate), each song's share
 * computed with weights fitted without it (5 folds: with WEIGHTS, fitted on those songs, every one of
 * them is right and the scaling would learn that every answer is sure); [1, 0] gives the share
 * itself. Features of ambiguity were tried beside the share (issue 22) — the score margin over
 * the best metrical relative, the share of onset energy in 8-s sections reading the same tempo, how
 * far the prior overrules the other cues — but the first two did not improve the leave-one-out likelihood
 * on the tuning songs, the last did but put the held-out half's wrong tempi higher (README.md).
 */
const CALIBRATION = [1.214, 0.47];

const logit = (p: number) => Math.log(Math.max(1e-4, p) / Math.max(1e-4, 1 - p));

/** The calibrator's inputs, in the order of CALIBRATION (its bias last). */
export const tempoCalibrationInputs = (e: TempoEvidence) => [logit(e.share)];

export function calibratedTempo(e: TempoEvidence): number {
  const z = tempoCalibrationInputs(e).reduce(
    (sum, x, i) => sum + x * CALIBRATION[i],
    CALIBRATION[CALIBRATION.length - 1],
  );
  return Math.round((1 / (1 + Math.exp(-z))) * 100) / 100;
}

export const NO_BEAT: TempoEstimate = { bpm: null, confidence: 0, evidence: { share: 0 } };

/**
 * Unbiased autocorrelation of the mean-removed envelope for lags 0..maxLag, through the FFT (the
 * inverse transform of the power spectrum, zero-padded so lags do not wrap): O(n log n) instead of
 * n × maxLag, which was a tenth of an analysis (profiled).
 */
function autocorrelation(e: Float64Array, maxLag: number): Float64Array {
  let mean = 0;
  for (let i = 0; i < e.length; i++) mean += e[i];
  mean /= e.length;
  let size = 4;
  while (size < e.length + maxLag + 1) size <<= 1;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < e.length; i++) re[i] = e[i] - mean;
  fft(re, im);
  for (let k = 0; k < size; k++) {
    re[k] = re[k] * re[k] + im[k] * im[k];
    im[k] = 0;
  }
  // The power spectrum is real and even, so its forward transform is the inverse one times size.
  fft(re, im);
  const r = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) r[lag] = re[lag] / size / (e.length - lag);
  return r;
}

/** Local maximum of r around `center` (±radius), refined by a parabola through its neighbours. */
function peakNear(r: Float64Array, center: number, radius: number): number {
  let best = Math.max(1, Math.min(r.length - 2, Math.round(center)));
  const last = Math.min(r.length - 2, Math.round(center + radius));
  for (let l = Math.max(1, Math.round(center - radius)); l <= last; l++) if (r[l] > r[best]) best = l;
  const a = r[best - 1];
  const b = r[best];
  const c = r[best + 1];
  const denom = a - 2 * b + c;
  return best + (denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denom)) : 0);
}

/** How alike two strengths are, 0..1 (1: equal). */
const alikeness = (a: number, b: number) => (a > 0 && b > 0 ? Math.min(a, b) / Math.max(a, b) : 0);

/**
 * Whether the kick and bass pattern spans eight beats of `period` rather than four: how much better
 * their envelope (autocorrelation `rLow`) repeats after eight beats than after four, over lag 0; 0
 * when eight beats are beyond the lags computed. A groove's pattern is mostly a bar of four (or
 * three, or two) beats; one that only repeats after eight is a bar read at twice its tempo (issue 22:
 * the R&B slow jam, whose kick pattern is trap's at half the tempo). The measure level as evidence
 * for the beat: Klapuri, Eronen & Astola (2006) estimate it jointly with the beat; Goto (2001) finds
 * bars from the drum pattern.
 */
function eightBeatBar(rLow: Float64Array, period: number): number {
  if (8 * period + 2 >= rLow.length) return 0;
  const at = (lag: number) => rLow[Math.round(peakNear(rLow, lag, 1.5))];
  return (at(8 * period) - at(4 * period)) / rLow[0];
}

/**
 * Salient events a second in the middle band (snare and clap, chords, melody): peaks of its onset
 * envelope that are the largest within EVENT_RADIUS_SECONDS and reach EVENT_SHARE of its loudest 1 %.
 * Event density is what listeners' sense of a piece's speed follows beside its beat (Drake, Gros &
 * Penel 1999; Madison & Paulin 2010), and what moves the tempo they tap between octaves (Hockman &
 * Fujinaga 2010; Levy 2011): the R&B slow jam's drums are trap's pattern at half its tempo, and nothing
 * in their grid tells 64 BPM from 128, but its middle band's salient events come half as often as
 * trap's (issue 22).
 */
export function eventRate(e: Float64Array, frameRate: number): number {
  if (e.length < 3) return 0;
  const sorted = Float64Array.from(e).sort();
  const threshold = EVENT_SHARE * sorted[Math.floor(0.99 * (sorted.length - 1))];
  const radius = Math.max(1, Math.round(EVENT_RADIUS_SECONDS * frameRate));
  let events = 0;
  for (let i = 1; i < e.length - 1; i++) {
    if (e[i] <= threshold) continue;
    let peak = true;
    // The largest within the radius; of equal neighbours, the first.
    for (let d = -radius; d <= radius && peak; d++) {
      const v = e[i + d] ?? 0;
      if (d !== 0 && (v > e[i] || (d < 0 && v === e[i]))) peak = false;
    }
    if (peak) events++;
  }
  return events / (e.length / frameRate);
}

function candidate(
  env: OnsetEnvelopes,
  backbone: Float64Array,
  r: Float64Array,
  rLow: Float64Array,
  period: number,
  frameRate: number,
) {
  const total = gridStrength(env.total, period, frameRate);
  const drums = gridStrength(backbone, period, frameRate, total.phases);
  const high = gridStrength(env.high, period, frameRate, total.phases);
  const low = gridStrength(env.low, period, frameRate, total.phases);
  const mid = gridStrength(env.mid, period, frameRate, total.phases);
  const lowOwn = gridStrength(env.low, period, frameRate);
  // The backbeat: on a grid of two of these beats laid on the kick, does the snare (the middle band)
  // land half-way, on beats 2 and 4? A grid twice too fast puts it on its own points instead.
  const kickPairs = gridStrength(env.low, 2 * period, frameRate);
  // The strongest subdivision layer, duple or triple, in the whole mix or in the cymbals.
  const layer = Math.min(1, Math.max(total.half, total.thirds, high.half, high.thirds));
  // Whether the pulses half-way (or a third of the way) between this grid's points sound like the
  // grid's own, in the kick, the middle and the cymbals alike: only then is nothing grouping the
  // faster pulse, as with bare clicks. A kick answered by hats and bass is grouped by its timbre.
  const groups = [total, low, mid, high].filter((g) => g.onBeat > 0 || g.half > 0);
  const alike = (pick: (g: GridStrength) => number) => Math.min(...groups.map((g) => alikeness(1, pick(g))));
  return {
    period,
    periodicity: r[Math.round(period)] / r[0],
    onBeat: total.onBeat,
    backboneOnBeat: drums.onBeat,
    features: {
      layer,
      halfAlike: alike((g) => g.half),
      thirdsAlike: alike((g) => g.thirds),
      quarters: total.quarters,
      lowOffBeat: Math.min(1, low.half),
      // 1 when the kick's own best grid is this grid, less when the kick falls between its beats.
      kickOnBeat: lowOwn.onBeat > 0 ? low.onBeat / lowOwn.onBeat : 1,
      backbeat: Math.min(1.5, gridStrength(env.mid, 2 * period, frameRate, kickPairs.phases).half),
      eightBeatBar: eightBeatBar(rLow, period),
    },
  };
}

/**
 * How alike the pulses of `c` are among themselves: the alikeness of the off-beats of its slower
 * relatives (twice and three times its period) with their beats, the least of those found (1: every
 * pulse the same, as bare metronome clicks; 0 when no slower relative is there).
 */
type Candidate = ReturnType<typeof candidate>;

/** The candidate whose period is k times that of `c`, if there is one. */
const relative = (c: Candidate, all: Candidate[], k: number) =>
  all.find((o) => Math.abs(o.period / c.period - k) < k * DOUBLE_TOLERANCE);

function alternation(c: Candidate, all: Candidate[]): number {
  const found = [relative(c, all, 2)?.features.halfAlike, relative(c, all, 3)?.features.thirdsAlike].filter(
    (v) => v !== undefined,
  );
  return found.length ? Math.min(...found) : 0;
}

function cues(
  c: Candidate,
  all: Candidate[],
  strongest: number,
  strongestBackbone: number,
  frameRate: number,
  density: number,
): number[] {
  const octaves = Math.log2((60 * frameRate) / c.period / 120);
  const { layer, quarters, lowOffBeat, kickOnBeat, backbeat } = c.features;
  // How much better the backbeat sits on this level than on twice its tempo and on half of it.
  const backbeatOver = (k: number) => backbeat - (relative(c, all, k)?.features.backbeat ?? 0);
  // The fastest pulse is a subdivision (a tatum) only when something groups it in twos: when every
  // second pulse is as strong as the others, nothing does and that pulse is the beat (a metronome).
  const grouped = 1 - Math.min(1, Math.max(0, (alternation(c, all) - UNIFORM_FROM) / (1 - UNIFORM_FROM)));
  return [
    octaves * octaves,
    c.periodicity,
    Math.exp(-layer / TATUM_SCALE) * grouped,
    layer * layer,
    quarters,
    Math.log(Math.max(1e-9, c.onBeat) / strongest),
    lowOffBeat,
    octaves,
    kickOnBeat,
    Math.log(Math.max(1e-9, c.backboneOnBeat) / strongestBackbone),
    backbeatOver(0.5),
    backbeatOver(2),
    c.features.eightBeatBar,
    // The tempo prior's centre moves with the middle band's event density (in octaves of 2 a second).
    octaves * density,
  ];
}

export interface TempoCandidate {
  period: number;
  periodicity: number;
  /** The metrical cues, in the order of WEIGHTS. */
  cues: number[];
}

/**
 * The candidate beat periods of a stretch of music (peaks of the autocorrelation `r`) with their
 * cues; exported so that WEIGHTS can be fitted on the corpus's tuning songs.
 */
export function tempoCandidates(env: OnsetEnvelopes, frameRate: number, r: Float64Array): TempoCandidate[] {
  const slowest = Math.ceil((60 * frameRate) / MIN_BPM);
  const periods: number[] = [];
  for (let l = Math.max(2, Math.floor((60 * frameRate) / MAX_BPM)); l <= slowest; l++) {
    if (r[l] > r[l - 1] && r[l] >= r[l + 1] && r[l] > CANDIDATE_FLOOR * r[0]) periods.push(peakNear(r, l, 1));
  }
  const backbone = env.low.map((v, i) => v + env.mid[i]);
  // The kick and bass alone: the whole mix's envelope is mostly hats, which repeat every beat.
  const rLow = autocorrelation(env.low, r.length - 1);
  const found = periods.map((p) => candidate(env, backbone, r, rLow, p, frameRate));
  const strongest = Math.max(1e-9, ...found.map((c) => c.onBeat));
  const strongestBackbone = Math.max(1e-9, ...found.map((c) => c.backboneOnBeat));
  const density = Math.max(
    -EVENT_RATE_OCTAVES,
    Math.min(EVENT_RATE_OCTAVES, Math.log2(Math.max(0.1, eventRate(env.mid, frameRate)) / 2)),
  );
  return found.map((c) => ({
    period: c.period,
    periodicity: c.periodicity,
    cues: cues(c, found, strongest, strongestBackbone, frameRate, density),
  }));
}

/** The autocorrelation of the onset envelope up to the longest lag used; null when it is too short or flat. */
export function onsetAutocorrelation(env: OnsetEnvelopes, frameRate: number): Float64Array | null {
  const e = env.total;
  const maxLag = Math.min(Math.round(MAX_LAG_SECONDS * frameRate), Math.floor(e.length / 2));
  if (maxLag <= Math.ceil((60 * frameRate) / MIN_BPM) + 1) return null;
  const r = autocorrelation(e, maxLag);
  return r[0] > 0 && Math.sqrt(r[0]) >= MIN_ONSET_DEVIATION ? r : null;
}

/** The beat of one stretch of music, as if its tempo were steady. */
function steadyTempo(env: OnsetEnvelopes, frameRate: number, weights: readonly number[]): TempoEstimate {
  const r = onsetAutocorrelation(env, frameRate);
  if (!r) return NO_BEAT;
  const maxLag = r.length - 1;
  const scored = tempoCandidates(env, frameRate, r).map((c) => ({
    ...c,
    score: c.cues.reduce((sum, v, i) => sum + v * weights[i], 0),
  }));
  if (!scored.length || Math.max(...scored.map((c) => c.periodicity)) < MIN_PERIODICITY) return NO_BEAT;

  const top = Math.max(...scored.map((c) => c.score));
  const total = scored.reduce((sum, c) => sum + Math.exp(c.score - top), 0);
  const best = scored.find((c) => c.score === top)!;

  // Refine on ever larger multiples of the period: a lag error of one frame shrinks k times.
  let refined = best.period;
  for (let multiple = 2; refined * multiple + 2 < maxLag; multiple *= 2)
    refined = peakNear(r, refined * multiple, 1.5) / multiple;
  const evidence = { share: 1 / total };
  return { bpm: Math.round(((60 * frameRate) / refined) * 10) / 10, confidence: calibratedTempo(evidence), evidence };
}

/** Tempi within this share of each other are the same tempo. */
const SAME_TEMPO = 0.04;
/** Metrical relatives: a section read at one of these multiples is still the same section. */
const RELATIVES = [1, 2, 0.5, 3, 1 / 3];

const sameTempo = (a: number, b: number) => Math.abs(a / b - 1) < SAME_TEMPO;
const related = (a: number, b: number) => RELATIVES.some((k) => sameTempo(a, b * k));

/** A ramp must change the tempo by at least this share over the song… */
const RAMP_MIN_CHANGE = 0.04;
/** …with its sections this close to a straight line in log tempo (root mean square). */
const RAMP_MAX_SCATTER = 0.01;
/** Sections further than this from the whole song's tempo (at its level) are not part of the ramp. */
const RAMP_SPAN = 0.08;

interface Section {
  bpm: number;
  weight: number;
  /** Its middle, in frames. */
  centre: number;
}

/**
 * The slope of a steady ramp (log tempo per frame), or null: the sections' tempi, brought to the whole
 * song's metrical level, lie on a straight line (least squares in log tempo against time) that
 * changes the tempo by RAMP_MIN_CHANGE or more over the song. A tempo change in steps leaves its
 * sections far from the line, a steady song has no slope.
 */
function rampSlope(sections: Section[], wholeBpm: number, frames: number): number | null {
  const points: Array<[number, number]> = [];
  for (const s of sections) {
    const level = RELATIVES.map((k) => Math.log((s.bpm * k) / wholeBpm)).reduce((a, b) =>
      Math.abs(b) < Math.abs(a) ? b : a,
    );
    if (Math.abs(level) < RAMP_SPAN) points.push([s.centre, level]);
  }
  if (points.length < 5 || points.length < 0.75 * sections.length) return null;
  const mean = (f: (p: [number, number]) => number) => points.reduce((sum, p) => sum + f(p), 0) / points.length;
  const [t0, y0] = [mean((p) => p[0]), mean((p) => p[1])];
  const slope = mean((p) => (p[0] - t0) * (p[1] - y0)) / mean((p) => (p[0] - t0) ** 2);
  const scatter = Math.sqrt(mean((p) => (p[1] - y0 - slope * (p[0] - t0)) ** 2));
  return Math.abs(slope) * frames >= RAMP_MIN_CHANGE && scatter <= RAMP_MAX_SCATTER ? slope : null;
}

/**
 * The envelopes re-timed so that a ramp of `slope` (log tempo per frame) plays at one tempo, its mean
 * over the song: frame j of the result is the envelope at the time where the ramp has played j
 * frames' worth of its mean tempo (linear interpolation). On a ramp the whole song's autocorrelation
 * blurs, most at the long lags that refine the period and tell the metrical levels apart; re-timed,
 * they are sharp again, and the beat found is the song's mean tempo (its beats over its length).
 */
function steadied(env: OnsetEnvelopes, slope: number): OnsetEnvelopes {
  const n = env.total.length;
  const rate = Array.from({ length: n }, (_, i) => Math.exp(slope * (i - n / 2)));
  const meanRate = rate.reduce((a, b) => a + b, 0) / n;
  // played[i]: frames of the mean tempo played by frame i; frame j of the result is where played = j.
  const played = new Float64Array(n);
  for (let i = 1; i < n; i++) played[i] = played[i - 1] + rate[i - 1] / meanRate;
  const at = new Float64Array(n);
  for (let j = 0, i = 0; j < n; j++) {
    while (i < n - 2 && played[i + 1] <= j) i++;
    at[j] = Math.min(n - 1, i + Math.max(0, Math.min(1, (j - played[i]) / (played[i + 1] - played[i]))));
  }
  const warp = (e: Float64Array) =>
    at.map((t) => {
      const i = Math.floor(t);
      return i + 1 < n ? e[i] + (t - i) * (e[i + 1] - e[i]) : e[i];
    });
  return { total: warp(env.total), low: warp(env.low), mid: warp(env.mid), high: warp(env.high) };
}

/**
 * The tempo a listener would name for the whole song: the steady estimate of all of it, unless the
 * song changes tempo. A ramp (a band speeding up or slowing down evenly) is re-timed to its mean
 * tempo and read again. A change in steps makes the sections disagree, and the tempo of the sections
 * that hold most of the onset energy wins (a histogram of local tempi weighted by energy, as in
 * tempogram-based global tempo estimates), at the metrical level those sections chose. `weights`:
 * the cues' (WEIGHTS; the calibration fit passes weights fitted without the song, bench/analysis-fit.ts).
 */
export function estimateTempo(
  env: OnsetEnvelopes,
  frameRate: number,
  weights: readonly number[] = WEIGHTS,
): TempoEstimate {
  const sorted = Float64Array.from(env.total).sort();
  if (!sorted.length || sorted[Math.floor(0.99 * (sorted.length - 1))] < MIN_ATTACK_DB) return NO_BEAT;
  const whole = steadyTempo(env, frameRate, weights);
  const size = Math.round(SECTION_SECONDS * frameRate);
  const hop = Math.round(SECTION_HOP_SECONDS * frameRate);
  if (whole.bpm === null || env.total.length < 3 * size) return whole;
  const local: Section[] = [];
  let totalWeight = 0;
  // Sections one hop apart, and one ending at the song's end so that its last seconds count too.
  const starts: number[] = [];
  for (let start = 0; start + size <= env.total.length; start += hop) starts.push(start);
  if (starts[starts.length - 1] + size < env.total.length) starts.push(env.total.length - size);
  for (const start of starts) {
    const part = (e: Float64Array) => e.subarray(start, start + size);
    const section = steadyTempo(
      { total: part(env.total), low: part(env.low), mid: part(env.mid), high: part(env.high) },
      frameRate,
      weights,
    );
    let weight = 0;
    for (let i = start; i < start + size; i++) weight += env.total[i];
    totalWeight += weight;
    if (section.bpm !== null) local.push({ bpm: section.bpm, weight, centre: start + size / 2 });
  }
  const slope = rampSlope(local, whole.bpm, env.total.length);
  if (slope !== null) {
    const ramp = steadyTempo(steadied(env, slope), frameRate, weights);
    if (ramp.bpm !== null) return ramp;
  }
  const support = (bpm: number, match: (a: number, b: number) => boolean) =>
    local.reduce((sum, l) => sum + (match(l.bpm, bpm) ? l.weight : 0), 0);
  if (support(whole.bpm, related) >= totalWeight / 2 || !local.length) return whole;
  // The dominant section's tempo, at the level its sections agree on most.
  const dominant = local.reduce((best, l) => (support(l.bpm, related) > support(best.bpm, related) ? l : best));
  const level = local
    .filter((l) => related(l.bpm, dominant.bpm))
    .reduce((best, l) => (support(l.bpm, sameTempo) > support(best.bpm, sameTempo) ? l : best));
  if (support(level.bpm, related) <= support(whole.bpm, related)) return whole;
  const agreeing = local.filter((l) => sameTempo(l.bpm, level.bpm));
  const bpm = agreeing.reduce((sum, l) => sum + l.bpm * l.weight, 0) / agreeing.reduce((sum, l) => sum + l.weight, 0);
  const evidence = { share: whole.evidence.share * (support(level.bpm, related) / totalWeight) };
  return { bpm: Math.round(bpm * 10) / 10, confidence: calibratedTempo(evidence), evidence };
}
