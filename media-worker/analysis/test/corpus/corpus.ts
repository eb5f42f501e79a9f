// The analysis corpus: tempo and key cases generated in code from seeds, with known answers. It is
// split once, deterministically, into a tuning half (the only one the method was chosen and
// tuned on) and a held-out half (reported separately, never tuned on). `npm run bench` runs all of
// it against Essentia; the unit tests pin accuracy floors on a fixed slice.
import type { Signal } from '../signals.ts';
import { chordNotes, PROGRESSIONS, SCALES, TONICS, tonicMidi, type Mode } from './harmony.ts';
import { finishMix, Mix } from './mix.ts';
import { randomFor, type Random } from './random.ts';
import { bandFor, FAMILIES, FAMILY_RANGES, playSection, type Family } from './rhythms.ts';
import { drumKit, type Voice } from './sounds.ts';

export type Half = 'tuning' | 'held-out';
export const RATE = 44100;
const TEMPO_SECONDS = 30;
const CHANGE_SECONDS = 40;
const KEY_SECONDS = 20;
export const TEMPO_CASES_PER_FAMILY = 10;

export interface TempoCase {
  kind: 'tempo';
  id: string;
  family: Family | 'no beat';
  half: Half;
  /** The notated beat, BPM (the longer section's for a tempo change); null: no beat at all. */
  bpm: number | null;
  render(): Signal;
}

export interface KeyCase {
  kind: 'key';
  id: string;
  family: string;
  half: Half;
  /** E.g. "F# minor". */
  key: string;
  render(): Signal;
}

export type CorpusCase = TempoCase | KeyCase;

/** Alternating halves over a seeded shuffle of a family's cases: both halves span every family and its range. */
export function halves(count: number, seed: string): Half[] {
  const rnd = randomFor(`split:${seed}`);
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out = new Array<Half>(count);
  order.forEach((caseIndex, position) => (out[caseIndex] = position % 2 === 0 ? 'tuning' : 'held-out'));
  return out;
}

/** Tempos spread over the family's range: one per equal slice, at a random point inside it, one decimal. */
function temposFor(family: Family, rnd: Random): number[] {
  const [from, to] = FAMILY_RANGES[family];
  const slice = (to - from) / TEMPO_CASES_PER_FAMILY;
  return Array.from(
    { length: TEMPO_CASES_PER_FAMILY },
    (_, i) => Math.round((from + slice * (i + rnd.next())) * 10) / 10,
  );
}

function tempoCase(family: Family, index: number, bpm: number, half: Half, prefix = ''): TempoCase {
  const id = `${prefix}tempo/${family}/${index}`;
  return {
    kind: 'tempo',
    id,
    family,
    half,
    bpm,
    render() {
      const rnd = randomFor(id);
      const band = bandFor(rnd, RATE);
      const mix = new Mix(TEMPO_SECONDS, RATE, rnd);
      playSection(mix, family, band, bpm, rnd.range(0, 0.5), TEMPO_SECONDS);
      return finishMix(mix, rnd);
    },
  };
}

/**
 * A backbeat or four-on-the-floor song that changes tempo once, by 12–35 % either way: the first
 * section takes 30–40 % or 60–70 % of the song, so one tempo plainly dominates.
 */
function tempoChangeCase(index: number, bpm: number, half: Half, prefix = ''): TempoCase {
  const id = `${prefix}tempo/tempo change/${index}`;
  const rnd = randomFor(`${id}:plan`);
  const ratio = rnd.range(1.12, 1.35);
  const other = Math.round((rnd.chance(0.5) || bpm * ratio > 170 ? bpm / ratio : bpm * ratio) * 10) / 10;
  const firstShare = rnd.chance(0.5) ? rnd.range(0.3, 0.4) : rnd.range(0.6, 0.7);
  // The dominant tempo is `bpm`: it plays the longer section.
  const [first, second] = firstShare > 0.5 ? [bpm, other] : [other, bpm];
  const base: Family = rnd.chance(0.5) ? 'backbeat' : 'four-on-the-floor';
  return {
    kind: 'tempo',
    id,
    family: 'tempo change',
    half,
    bpm,
    render() {
      const r = randomFor(id);
      const band = bandFor(r, RATE);
      const mix = new Mix(CHANGE_SECONDS, RATE, r);
      const change = playSection(mix, base, band, first, 0.2, CHANGE_SECONDS * firstShare);
      playSection(mix, base, band, second, change, CHANGE_SECONDS);
      return finishMix(mix, r);
    },
  };
}

/** No pulse at all: slow pads changing at irregular times, a drone, noise. The answer is no tempo. */
function noBeatCase(index: number): TempoCase {
  const id = `tempo/no beat/${index}`;
  return {
    kind: 'tempo',
    id,
    family: 'no beat',
    half: index % 2 === 0 ? 'tuning' : 'held-out',
    bpm: null,
    render() {
      const rnd = randomFor(id);
      const mix = new Mix(TEMPO_SECONDS, RATE, rnd);
      const tonic = tonicMidi(rnd.pick(TONICS), 55);
      const chords = rnd.pick(PROGRESSIONS.major.plain);
      if (index % 4 !== 3) {
        for (let t = 0, i = 0; t < TEMPO_SECONDS; i++) {
          const length = rnd.range(2.5, 7);
          for (const n of chordNotes(tonic, chords[i % chords.length]))
            mix.note('pad', n, t, length + 1, 0.3, rnd.noise() * 0.5);
          t += length;
        }
      }
      if (index % 4 !== 0) mix.noise(index % 4 === 3 ? -40 : rnd.range(5, 15));
      return mix.master(rnd.range(-20, -3));
    },
  };
}

export function tempoCases(): TempoCase[] {
  const cases: TempoCase[] = [];
  for (const family of FAMILIES) {
    const tempos = temposFor(family, randomFor(`tempos:${family}`));
    const split = halves(tempos.length, family);
    tempos.forEach((bpm, i) =>
      cases.push(family === 'tempo change' ? tempoChangeCase(i, bpm, split[i]) : tempoCase(family, i, bpm, split[i])),
    );
  }
  for (let i = 0; i < 4; i++) cases.push(noBeatCase(i));
  return cases;
}

/**
 * 24 keys × two voicings × with and without drums. Voicings: "keys" (block chords over a bass
 * root, piano or organ or electric piano) and "band" (broken chords, a pad, a bass line and a
 * melody on the scale). Half the progressions borrow a chord from the parallel mode.
 */
export const KEY_VOICINGS = ['keys', 'band'] as const;

function keyCase(
  tonic: string,
  mode: Mode,
  voicing: (typeof KEY_VOICINGS)[number],
  drums: boolean,
  half: Half,
  prefix = '',
): KeyCase {
  const key = `${tonic} ${mode}`;
  const id = `${prefix}key/${voicing}${drums ? '+drums' : ''}/${key}`;
  return {
    kind: 'key',
    id,
    family: `${voicing}${drums ? ' + drums' : ''}`,
    half,
    key,
    render() {
      const rnd = randomFor(id);
      const mix = new Mix(KEY_SECONDS, RATE, rnd);
      const bpm = rnd.range(70, 130);
      const beat = 60 / bpm;
      const progressions = PROGRESSIONS[mode];
      const chords = rnd.pick(rnd.chance(0.5) ? progressions.plain : progressions.mixture);
      const root = tonicMidi(tonic, rnd.pick([48, 60]));
      const kit = drums ? drumKit(rnd, RATE) : null;
      const voice: Voice =
        voicing === 'keys'
          ? rnd.pick(['piano', 'organ', 'epiano'] as const)
          : rnd.pick(['pluck', 'saw', 'epiano'] as const);
      const scale = SCALES[mode];
      let t = 0;
      for (let bar = 0; t < KEY_SECONDS; bar++, t += 4 * beat) {
        const chord = chords[bar % chords.length];
        const notes = chordNotes(root, chord, rnd.int(0, 2));
        const bass = chordNotes(root - 24, chord)[0];
        if (voicing === 'keys') {
          const strikes = rnd.chance(0.5) ? [0] : [0, 1, 2, 3];
          for (const at of strikes)
            for (const n of notes) mix.note(voice, n, t + at * beat, (4 / strikes.length) * beat * 0.95, 0.3);
          mix.note(voice, bass, t, 4 * beat, 0.35);
        } else {
          for (let i = 0; i < 8; i++)
            mix.note(voice, notes[i % notes.length] + (i >= 4 ? 12 : 0), t + i * 0.5 * beat, 0.5 * beat, 0.22, 0.3);
          for (const n of notes) mix.note('pad', n, t, 4 * beat, 0.12, -0.3);
          mix.bass(bass, t, 1.5 * beat, 0.7, 0.5);
          mix.bass(bass + 7, t + 2 * beat, 1.5 * beat, 0.6, 0.5);
          // A melody: chord tones on the beat, scale steps between.
          for (let i = 0; i < 4; i++) {
            const pitch = i % 2 === 0 ? notes[rnd.int(0, notes.length - 1)] + 12 : root + 12 + scale[rnd.int(0, 6)];
            mix.note('epiano', pitch, t + i * beat, beat * 0.9, 0.18, 0.1);
          }
        }
        if (kit) {
          for (const at of [0, 2]) mix.add(kit.kick, t + at * beat, 0.9);
          for (const at of [1, 3]) mix.add(kit.snare, t + at * beat, 0.7);
          for (let i = 0; i < 8; i++) mix.add(kit.closedHat, t + i * 0.5 * beat, 0.2, 0.3);
        }
      }
      return finishMix(mix, rnd);
    },
  };
}

export function keyCases(): KeyCase[] {
  const cases: KeyCase[] = [];
  TONICS.forEach((tonic, t) => {
    (['major', 'minor'] as const).forEach((mode, m) => {
      KEY_VOICINGS.forEach((voicing, v) => {
        [false, true].forEach((drums, d) =>
          cases.push(keyCase(tonic, mode, voicing, drums, (t + m + v + d) % 2 === 0 ? 'tuning' : 'held-out')),
        );
      });
    });
  });
  return cases;
}

export function corpus(): CorpusCase[] {
  return [...tempoCases(), ...keyCases()];
}

/**
 * More songs of every tempo family and key, from other seeds, to choose the method on: the tuning
 * half alone has too few errors left to tell two choices apart. They are tuning songs (never the
 * held-out half's), so the held-out figures stay a fair test; they are not part of the bench's table.
 */
export function tuningExtras(rounds = 2): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (let round = 0; round < rounds; round++) {
    const prefix = `extra${round}:`;
    for (const family of FAMILIES) {
      temposFor(family, randomFor(`${prefix}tempos:${family}`)).forEach((bpm, i) =>
        cases.push(
          family === 'tempo change'
            ? tempoChangeCase(i, bpm, 'tuning', prefix)
            : tempoCase(family, i, bpm, 'tuning', prefix),
        ),
      );
    }
    for (const tonic of TONICS) {
      for (const mode of ['major', 'minor'] as const) {
        for (const voicing of KEY_VOICINGS)
          for (const drums of [false, true]) cases.push(keyCase(tonic, mode, voicing, drums, 'tuning', prefix));
      }
    }
  }
  return cases;
}
