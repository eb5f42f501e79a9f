// Turns the DSP's measurements into the words of spec §3's insights. Every word comes from a number
// measured in the signal, and the advice quotes those numbers against the spec's §9 targets.
import type { AudioMeasurements } from '../../media-worker/analysis/types.ts';
import { MIN_GENRE_CONFIDENCE, suggestGenres } from './genre.ts';
import type { AudioInsights } from './types.ts';

/** Spec §9: -14 LUFS recommended; -1 dBTP keeps lossy encodes from clipping. */
export const TARGET_LUFS = -14;
export const MAX_TRUE_PEAK_DBTP = -1;
/** Within this many LU of the target counts as on target. */
const LOUDNESS_TOLERANCE_LU = 1;

const pct = (share: number) => `${Math.round(share * 100)}%`;
const db = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(1)}`;

interface Traits {
  percussive: boolean;
  tonal: boolean;
  bright: boolean;
  dark: boolean;
  bassHeavy: boolean;
}

function traitsOf(m: AudioMeasurements): Traits {
  return {
    percussive: m.transientsPerSecond >= 0.8 && m.bpm !== null,
    tonal: m.tonality >= 0.35 && m.key !== null,
    bright: m.bands.high >= 0.25,
    dark: m.bands.high < 0.05,
    bassHeavy: m.bands.low >= 0.5,
  };
}

function moodsOf(m: AudioMeasurements, t: Traits): string[] {
  const moods: string[] = [];
  const fast = (m.bpm ?? 0) >= 118 && t.percussive;
  if (fast) moods.push('Energetic');
  else if (!t.percussive || (m.bpm ?? 0) < 90) moods.push('Calm');
  if (m.key?.mode === 'major') moods.push(fast ? 'Uplifting' : 'Warm');
  if (m.key?.mode === 'minor') moods.push(t.dark || !fast ? 'Melancholic' : 'Intense');
  if (m.loudness.loudnessRangeLu >= 12) moods.push('Dramatic');
  if (t.dark && !moods.includes('Melancholic')) moods.push('Dark');
  return moods;
}

function instrumentsOf(m: AudioMeasurements, t: Traits): string[] {
  const found: string[] = [];
  if (t.percussive) found.push('Percussion (drums or other sharp transients)');
  if (t.tonal) found.push('Pitched instruments (sustained notes and chords)');
  if (m.bands.low >= 0.3) found.push('Strong low end (bass or kick drum)');
  return found;
}

function dynamicRangeOf(m: AudioMeasurements): string {
  const lra = m.loudness.loudnessRangeLu;
  const word = lra < 4 ? 'Narrow (heavily compressed)' : lra <= DYNAMIC_RANGE_LU ? 'Moderate' : 'Wide';
  const plr = m.plrDb === null ? '' : `, peak-to-loudness ratio ${m.plrDb.toFixed(1)} dB`;
  return `${word}: loudness range ${lra.toFixed(1)} LU${plr}`;
}

function frequencyBalanceOf(m: AudioMeasurements, t: Traits): string {
  const { low, mid, high } = m.bands;
  const word = t.bassHeavy
    ? 'Bass-heavy'
    : t.bright
      ? 'Bright'
      : mid >= 0.7
        ? 'Mid-focused'
        : t.dark
          ? 'Warm, dark top end'
          : 'Balanced';
  return `${word} (low ${pct(low)} · mid ${pct(mid)} · high ${pct(high)})`;
}

/**
 * Above this loudness range a mix is dynamic; the same bound the dynamic range calls Wide, so the two never disagree.
 */
const DYNAMIC_RANGE_LU = 10;

function productionStyleOf(m: AudioMeasurements): string {
  const lufs = m.loudness.integratedLufs ?? -70;
  // Quiet is not dynamic: a steady tone is quiet and has no range at all (issue 26 called it both).
  const quiet = m.loudness.loudnessRangeLu > DYNAMIC_RANGE_LU ? 'Quiet, dynamic mix' : 'Quiet master';
  const level = lufs > -10 ? 'Loud, heavily limited master' : lufs >= -16 ? 'Streaming-level modern master' : quiet;
  const image =
    m.stereoWidth < 0.01
      ? 'mono'
      : m.stereoWidth < 0.12
        ? `narrow stereo (width ${pct(m.stereoWidth)})`
        : `wide stereo (width ${pct(m.stereoWidth)})`;
  return `${level}, ${image}`;
}

function strengthsOf(m: AudioMeasurements, t: Traits): string[] {
  const strengths: string[] = [];
  const lufs = m.loudness.integratedLufs;
  const peak = m.loudness.truePeakDbtp;
  if (lufs !== null && Math.abs(lufs - TARGET_LUFS) <= LOUDNESS_TOLERANCE_LU)
    strengths.push(`Loudness on the streaming target (${lufs.toFixed(1)} LUFS)`);
  if (peak !== null && peak <= MAX_TRUE_PEAK_DBTP)
    strengths.push(`Clean peaks with headroom (true peak ${db(peak)} dBTP)`);
  if (m.bpm !== null && m.tempoConfidence >= 0.5) strengths.push(`Steady, clear pulse at ${Math.round(m.bpm)} BPM`);
  if (m.key && m.key.confidence >= 0.75) strengths.push(`Clear tonal centre in ${m.key.tonic} ${m.key.mode}`);
  if (m.loudness.loudnessRangeLu >= 6 && m.loudness.loudnessRangeLu <= 15)
    strengths.push(`Room to breathe: ${m.loudness.loudnessRangeLu.toFixed(1)} LU of loudness range`);
  if (m.stereoWidth >= 0.12 && m.stereoCorrelation > 0)
    strengths.push(`Wide, mono-compatible stereo image (width ${pct(m.stereoWidth)})`);
  if (!t.bassHeavy && !t.dark && m.bands.mid < 0.7 && m.bands.low >= 0.1)
    strengths.push('Even spread of energy across low, mid and high');
  return strengths;
}

function improvementsOf(m: AudioMeasurements, t: Traits): string[] {
  const advice: string[] = [];
  const lufs = m.loudness.integratedLufs;
  const peak = m.loudness.truePeakDbtp;
  if (lufs !== null && lufs < TARGET_LUFS - LOUDNESS_TOLERANCE_LU) {
    advice.push(
      `Integrated loudness is ${lufs.toFixed(1)} LUFS, ` +
        `${(TARGET_LUFS - lufs).toFixed(1)} LU below the −14 LUFS streaming target: ` +
        `raise the master by about ${(TARGET_LUFS - lufs).toFixed(1)} dB (with a ` +
        `limiter if peaks get close to −1 dBTP)`,
    );
  }
  if (lufs !== null && lufs > TARGET_LUFS + LOUDNESS_TOLERANCE_LU) {
    advice.push(
      `Integrated loudness is ${lufs.toFixed(1)} LUFS, ` +
        `${(lufs - TARGET_LUFS).toFixed(1)} LU above −14 LUFS: streaming services will ` +
        `turn it down by that much, so the extra limiting only costs dynamics`,
    );
  }
  if (peak !== null && peak > MAX_TRUE_PEAK_DBTP) {
    advice.push(
      `True peak reaches ${db(peak)} dBTP, above −1 dBTP: lower the limiter ceiling ` +
        `by ${(peak - MAX_TRUE_PEAK_DBTP).toFixed(1)} dB to avoid clipping after lossy ` +
        `encoding`,
    );
  }
  if (m.loudness.loudnessRangeLu < 3 && !m.silent)
    advice.push(
      `Loudness range is only ${m.loudness.loudnessRangeLu.toFixed(1)} LU: ease the ` +
        `compression to give sections more contrast`,
    );
  if (m.stereoWidth < 0.01 && !m.silent)
    advice.push('The mix is mono: panning or stereo effects would widen the image');
  if (m.stereoCorrelation < 0)
    advice.push(
      `Left and right are out of phase (correlation ${m.stereoCorrelation.toFixed(2)}` +
        `): the mix will lose energy on mono speakers`,
    );
  if (t.bassHeavy)
    advice.push(`Low end holds ${pct(m.bands.low)} of the energy: check kick and bass levels on small speakers`);
  if (t.dark && !m.silent)
    advice.push(`Only ${pct(m.bands.high)} of the energy is above 4 kHz: a gentle high shelf may add clarity`);
  const { sampleRate, channels } = m.source;
  if ((sampleRate !== null && sampleRate < 44100) || channels === 1) {
    advice.push(
      `Delivered as ${channels === 1 ? 'mono' : `${channels ?? '?'} channels`} at ` +
        `${sampleRate ?? '?'} Hz: the recommended master is 16-bit 44.1 kHz stereo`,
    );
  }
  return advice;
}

export function describeAudio(m: AudioMeasurements): AudioInsights {
  if (m.silent) {
    return {
      bpm: null,
      key: null,
      genre: null,
      genres: [],
      mood: [],
      instruments: [],
      dynamicRange: null,
      frequencyBalance: null,
      productionStyle: null,
      creativeStrengths: [],
      potentialImprovements: ['The file is silent: check the export (muted master bus or wrong track)'],
      measurements: m,
    };
  }
  const t = traitsOf(m);
  const genres = suggestGenres(m);
  return {
    bpm: m.bpm === null ? null : Math.round(m.bpm),
    key: m.key ? `${m.key.tonic} ${m.key.mode}` : null,
    genre: genres[0]?.confidence >= MIN_GENRE_CONFIDENCE ? genres[0].genre : null,
    genres,
    mood: moodsOf(m, t),
    instruments: instrumentsOf(m, t),
    dynamicRange: dynamicRangeOf(m),
    frequencyBalance: frequencyBalanceOf(m, t),
    productionStyle: productionStyleOf(m),
    creativeStrengths: strengthsOf(m, t),
    potentialImprovements: improvementsOf(m, t),
    measurements: m,
  };
}
