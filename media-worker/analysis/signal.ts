// The streaming half of the analysis: fed interleaved stereo float PCM at ANALYSIS_RATE in chunks of
// any size, it keeps only a few frames and small per-frame summaries, so memory does not grow
// with the file beyond the onset envelope (86 numbers a second).
import { PowerSpectrum } from './fft.ts';
import { Framer } from './framer.ts';
import { estimateKey, KeyEvidence, type KeyEstimate } from './key.ts';
import { onsetEnvelopes, type BandGroup, type OnsetEnvelopes } from './onsets.ts';
import { roomFor } from './room.ts';
import { estimateTempo, NO_BEAT, type TempoEvidence } from './tempo.ts';
import type { BandShares } from './types.ts';

export const ANALYSIS_RATE = 22050;

const ONSET_SIZE = 1024;
const ONSET_HOP = 256;
export const ONSET_FRAME_RATE = ANALYSIS_RATE / ONSET_HOP;
const TONAL_SIZE = 8192;
const TONAL_HOP = 4096;
const ONSET_BANDS = 24;
const ONSET_MIN_HZ = 40;
/** For counting transients, band levels below this (dB of FFT power) are silence, so noise floors rise nowhere. */
const LEVEL_FLOOR_DB = -20;
/** A transient raises at least half of the bands by this much at once. */
const TRANSIENT_RISE_DB = 9;
const TRANSIENT_GAP_S = 0.05;
/** A bin is part of a pitched peak when it stands this far above its neighbourhood (10 dB). */
const PEAK_PROMINENCE = 10;
/** Neighbourhood of a bin for that comparison: this many bins each side, skipping the peak's own lobe. */
const NEIGHBOURHOOD = 12;
const OWN_LOBE = 2;
/** Drums, clicks and noise have chroma too, but no key: below this tonality none is named. */
const MIN_TONALITY_FOR_KEY = 0.25;
const LOW_HZ = 250;
const HIGH_HZ = 4000;
/** Onset bands up to here are the kick and bass, from here on cymbals and hats (tempo's band groups). */
const KICK_TOP_HZ = 220;
const CYMBAL_FROM_HZ = 3000;
/** Tempo is read from the first ten minutes: band levels are kept for that long (5 MB). */
const MAX_TEMPO_SECONDS = 600;

export interface SignalFeatures {
  durationSeconds: number;
  bpm: number | null;
  tempoConfidence: number;
  /** What the tempo's confidence was computed from, for fitting its calibration (not stored). */
  tempoEvidence: TempoEvidence;
  key: KeyEstimate | null;
  bands: BandShares;
  stereoWidth: number;
  stereoCorrelation: number;
  transientsPerSecond: number;
  tonality: number;
  /** Mean square of the mono signal: 0 means digital silence. */
  meanSquare: number;
}

const bandEdges = (rate: number, count: number) =>
  Array.from({ length: count + 1 }, (_, i) => ONSET_MIN_HZ * Math.pow(rate / 2 / ONSET_MIN_HZ, i / count));

/** Bin ranges of log-spaced bands from ONSET_MIN_HZ to Nyquist. */
function logBands(size: number, rate: number, count: number): Array<[number, number]> {
  const binHz = rate / size;
  const edges = bandEdges(rate, count);
  const bands: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    const from = Math.max(1, Math.floor(edges[i] / binHz));
    bands.push([from, Math.max(from + 1, Math.floor(edges[i + 1] / binHz))]);
  }
  return bands;
}

/** The group of each onset band: wholly below KICK_TOP_HZ, from CYMBAL_FROM_HZ up, or between. */
function bandGroups(rate: number, count: number): BandGroup[] {
  const edges = bandEdges(rate, count);
  return Array.from({ length: count }, (_, i) =>
    edges[i + 1] <= KICK_TOP_HZ ? 'low' : edges[i] >= CYMBAL_FROM_HZ ? 'high' : 'mid',
  );
}

/**
 * Share of the power between bins `first` and `last` that sits in pitched peaks: bins far above the
 * mean of their neighbours (the peak's own window lobe excluded). Noise and transients score near 0.
 */
function tonalShare(power: Float64Array, first: number, last: number, prefix: Float64Array): number {
  for (let k = 0; k < power.length; k++) prefix[k + 1] = prefix[k] + power[k];
  const sumOf = (from: number, to: number) =>
    prefix[Math.min(power.length, Math.max(0, to))] - prefix[Math.min(power.length, Math.max(0, from))];
  let tonal = 0;
  let total = 0;
  for (let k = first; k <= last; k++) {
    const around = sumOf(k - NEIGHBOURHOOD, k - OWN_LOBE) + sumOf(k + OWN_LOBE + 1, k + NEIGHBOURHOOD + 1);
    const mean = around / (2 * (NEIGHBOURHOOD - OWN_LOBE));
    if (power[k] > PEAK_PROMINENCE * mean) tonal += power[k];
    total += power[k];
  }
  return total > 0 ? tonal / total : 0;
}

export class SignalAnalyser {
  private samples = 0;
  private sumLL = 0;
  private sumRR = 0;
  private sumLR = 0;
  private readonly onsetFramer: Framer;
  private readonly tonalFramer: Framer;
  private readonly onsetSpectrum = new PowerSpectrum(ONSET_SIZE);
  private readonly tonalSpectrum = new PowerSpectrum(TONAL_SIZE);
  /** Scratch for tonalShare's running sums, reused so long files do not churn the garbage collector. */
  private readonly tonalPrefix = new Float64Array(TONAL_SIZE / 2 + 2);
  private readonly bandsOfOnset = logBands(ONSET_SIZE, ANALYSIS_RATE, ONSET_BANDS);
  private readonly levelsA = new Float64Array(ONSET_BANDS);
  private readonly levelsB = new Float64Array(ONSET_BANDS);
  private previousLevels: Float64Array | null = null;
  /** Band levels (dB) of every onset frame, for tempo; grown as needed up to MAX_TEMPO_SECONDS. */
  private onsetLevels = new Float32Array(ONSET_BANDS * 4096);
  private onsetFrames = 0;
  private transients = 0;
  private lastTransientFrame = -Infinity;
  private readonly keyEvidence = new KeyEvidence(TONAL_HOP / ANALYSIS_RATE);
  private readonly bandEnergy = { low: 0, mid: 0, high: 0 };
  private tonalitySum = 0;
  private tonalFrames = 0;
  private mono = new Float32Array(0);

  constructor() {
    this.onsetFramer = new Framer(ONSET_SIZE, ONSET_HOP, (frame) => this.onsetFrame(frame));
    this.tonalFramer = new Framer(TONAL_SIZE, TONAL_HOP, (frame) => this.tonalFrame(frame));
  }

  /** Interleaved stereo samples (L, R, L, R, …). */
  push(interleaved: Float32Array): void {
    const frames = interleaved.length >> 1;
    if (this.mono.length < frames) this.mono = new Float32Array(frames);
    const mono = this.mono.subarray(0, frames);
    for (let i = 0; i < frames; i++) {
      const l = interleaved[2 * i];
      const r = interleaved[2 * i + 1];
      this.sumLL += l * l;
      this.sumRR += r * r;
      this.sumLR += l * r;
      mono[i] = 0.5 * (l + r);
    }
    this.samples += frames;
    this.onsetFramer.push(mono);
    this.tonalFramer.push(mono);
  }

  private onsetFrame(frame: Float32Array): void {
    const power = this.onsetSpectrum.compute(frame);
    // Two level buffers in turn: this frame's and the previous one's.
    const levels = this.previousLevels === this.levelsA ? this.levelsB : this.levelsA;
    for (let b = 0; b < ONSET_BANDS; b++) {
      const [from, to] = this.bandsOfOnset[b];
      let sum = 0;
      for (let k = from; k < to; k++) sum += power[k];
      levels[b] = 10 * Math.log10(sum / (to - from) + 1e-12);
    }
    let rising = 0;
    if (this.previousLevels) {
      for (let b = 0; b < ONSET_BANDS; b++) {
        if (Math.max(LEVEL_FLOOR_DB, levels[b]) - Math.max(LEVEL_FLOOR_DB, this.previousLevels[b]) > TRANSIENT_RISE_DB)
          rising++;
      }
    }
    const index = this.onsetFrames;
    this.keepLevels(levels);
    const gapFrames = (TRANSIENT_GAP_S * ANALYSIS_RATE) / ONSET_HOP;
    if (rising >= ONSET_BANDS / 2 && index - this.lastTransientFrame > gapFrames) {
      this.transients++;
      this.lastTransientFrame = index;
    }
    this.previousLevels = levels;
  }

  private keepLevels(levels: Float64Array): void {
    this.onsetFrames++;
    const at = (this.onsetFrames - 1) * ONSET_BANDS;
    if (this.onsetFrames > (MAX_TEMPO_SECONDS * ANALYSIS_RATE) / ONSET_HOP) return;
    this.onsetLevels = roomFor(this.onsetLevels, at + ONSET_BANDS);
    this.onsetLevels.set(levels, at);
  }

  private tonalFrame(frame: Float32Array): void {
    const power = this.tonalSpectrum.compute(frame);
    const binHz = ANALYSIS_RATE / TONAL_SIZE;
    // Bins below LOW_HZ, then below HIGH_HZ, then the rest (bin 0, DC, left out).
    const sumBins = (from: number, to: number) => {
      let sum = 0;
      for (let k = from; k < to; k++) sum += power[k];
      return sum;
    };
    const lowEnd = Math.ceil(LOW_HZ / binHz);
    const midEnd = Math.ceil(HIGH_HZ / binHz);
    const low = sumBins(1, lowEnd);
    const mid = sumBins(lowEnd, midEnd);
    const high = sumBins(midEnd, power.length);
    this.bandEnergy.low += low;
    this.bandEnergy.mid += mid;
    this.bandEnergy.high += high;
    if (low + mid + high < 1e-6) {
      this.keyEvidence.silence();
      return;
    }
    this.keyEvidence.add(power, ANALYSIS_RATE, TONAL_SIZE);
    this.tonalitySum += tonalShare(power, Math.round(60 / binHz), Math.round(5000 / binHz), this.tonalPrefix);
    this.tonalFrames++;
  }

  /** The onset envelopes tempo is read from (86 frames a second), for finish() and for fitting tempo.ts's weights. */
  onsets(): OnsetEnvelopes {
    const frames = Math.min(this.onsetFrames, Math.floor((MAX_TEMPO_SECONDS * ANALYSIS_RATE) / ONSET_HOP));
    return onsetEnvelopes(this.onsetLevels, bandGroups(ANALYSIS_RATE, ONSET_BANDS), frames);
  }

  finish(): SignalFeatures {
    const durationSeconds = this.samples / ANALYSIS_RATE;
    const meanSquare = this.samples ? (this.sumLL + this.sumRR + 2 * this.sumLR) / 4 / this.samples : 0;
    const tempo = meanSquare > 0 && this.onsetFrames > 0 ? estimateTempo(this.onsets(), ONSET_FRAME_RATE) : NO_BEAT;
    const tonality = this.tonalFrames ? Math.round((this.tonalitySum / this.tonalFrames) * 100) / 100 : 0;
    const bandTotal = this.bandEnergy.low + this.bandEnergy.mid + this.bandEnergy.high;
    const share = (v: number) => (bandTotal > 0 ? Math.round((v / bandTotal) * 1000) / 1000 : 0);
    const mid = (this.sumLL + this.sumRR + 2 * this.sumLR) / 4;
    const side = (this.sumLL + this.sumRR - 2 * this.sumLR) / 4;
    const correlation = this.sumLL > 0 && this.sumRR > 0 ? this.sumLR / Math.sqrt(this.sumLL * this.sumRR) : 1;
    return {
      durationSeconds: Math.round(durationSeconds * 100) / 100,
      bpm: tempo.bpm,
      tempoConfidence: Math.round(tempo.confidence * 100) / 100,
      tempoEvidence: tempo.evidence,
      key: tonality >= MIN_TONALITY_FOR_KEY ? estimateKey(this.keyEvidence, tempo.bpm) : null,
      bands: { low: share(this.bandEnergy.low), mid: share(this.bandEnergy.mid), high: share(this.bandEnergy.high) },
      stereoWidth: mid + side > 0 ? Math.round((side / (mid + side)) * 1000) / 1000 : 0,
      stereoCorrelation: Math.round(correlation * 1000) / 1000,
      transientsPerSecond: durationSeconds > 0 ? Math.round((this.transients / durationSeconds) * 100) / 100 : 0,
      tonality,
      meanSquare,
    };
  }
}
