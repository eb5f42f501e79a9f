// The rhythm families of the tempo corpus, written as a drummer and a band would play them. A
// family places one bar after another between two times at a tempo, so a case can change tempo
// half way. The tempo of a case is its notated beat: the quarter note in 4/4, the dotted quarter
// in 6/8 and 12/8.
import { chordNotes, PROGRESSIONS, type Chord, type Mode, TONICS, tonicMidi } from './harmony.ts';
import type { Mix } from './mix.ts';
import type { Random } from './random.ts';
import { drumKit, VOICES, type DrumKit, type Sound, type Voice } from './sounds.ts';

export const FAMILIES = [
  'four-on-the-floor',
  'backbeat',
  'half-time',
  'double-time hats',
  'drum and bass',
  'shuffle',
  '6/8 and 12/8',
  'strums, no drums',
  'tempo change',
] as const;
export type Family = (typeof FAMILIES)[number];

/**
 * Tempo range of each family, where the style lives. Half-time and double-time hats are kept
 * apart: a half-time groove at T (kick on 1, snare on 3, eighth hats) is, drum for drum, a backbeat
 * at T/2 with sixteenth hats, so the two labels could not both be right on overlapping ranges.
 */
export const FAMILY_RANGES: Record<Family, [number, number]> = {
  'four-on-the-floor': [100, 150],
  backbeat: [66, 160],
  'half-time': [128, 170],
  'double-time hats': [90, 118],
  'drum and bass': [160, 190],
  shuffle: [76, 140],
  '6/8 and 12/8': [60, 110],
  'strums, no drums': [60, 140],
  'tempo change': [80, 160],
};

/** What every groove of a case shares: its kit, its band's sounds and its song's chords. */
export interface Band {
  rnd: Random;
  kit: DrumKit;
  chords: Chord[];
  /** MIDI note of the tonic in the octave of the chords (around C4) and of the bass (around C2). */
  tonic: number;
  bassTonic: number;
  voice: Voice;
  bassBright: number;
  /** Timing jitter of every hit, seconds (a human player). */
  jitter: number;
  hatAccent: number;
}

export function bandFor(rnd: Random, rate: number): Band {
  const mode: Mode = rnd.chance(0.5) ? 'major' : 'minor';
  const progressions = PROGRESSIONS[mode];
  const tonic = tonicMidi(rnd.pick(TONICS), 55);
  return {
    rnd,
    kit: drumKit(rnd, rate),
    chords: rnd.pick(rnd.chance(0.5) ? progressions.plain : progressions.mixture),
    tonic,
    bassTonic: tonic - 24,
    voice: rnd.pick(VOICES),
    bassBright: rnd.range(0, 1),
    jitter: rnd.range(0, 0.008),
    hatAccent: rnd.range(1.1, 1.8),
  };
}

/** One bar's parts: drum hits and pitched notes, positions in beats from the bar's start. */
interface Hit {
  at: number;
  sound: keyof DrumKit;
  gain: number;
  pan?: number;
}
interface Tone {
  at: number;
  beats: number;
  /** Index into the chord's notes (0 root, 1 third, …); the bass plays it two octaves down. */
  degree: number;
  gain: number;
}
interface Bar {
  beats: number;
  hits: Hit[];
  bass: Tone[];
  /** Chord strikes: the whole chord at once (or strummed, for the no-drums family). */
  chords: Array<{ at: number; beats: number; gain: number }>;
  /** Broken-chord notes (arpeggios). */
  arpeggio?: Tone[];
}

const range = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let x = from; x < to - 1e-9; x += step) out.push(x);
  return out;
};

/** Hats on a grid, louder on the beat (a drummer's accent), `perBeat` per beat. */
function hats(beats: number, perBeat: number, gain: number, accent: number, sound: keyof DrumKit = 'closedHat'): Hit[] {
  return range(0, beats, 1 / perBeat).map((at) => ({
    at,
    sound,
    gain: Math.abs(at - Math.round(at)) < 1e-9 ? gain * accent : gain,
    pan: 0.3,
  }));
}

function grooveFor(family: Family, band: Band): (bar: number) => Bar {
  const { rnd } = band;
  const a = band.hatAccent;
  switch (family) {
    case 'four-on-the-floor': {
      const sixteenths = rnd.chance(0.5);
      const clap = rnd.pick(['clap', 'snare'] as const);
      return () => ({
        beats: 4,
        hits: [
          ...[0, 1, 2, 3].map((at) => ({ at, sound: 'kick' as const, gain: 1 })),
          { at: 1, sound: clap, gain: 0.6 },
          { at: 3, sound: clap, gain: 0.6 },
          ...[0.5, 1.5, 2.5, 3.5].map((at) => ({ at, sound: 'openHat' as const, gain: 0.3, pan: -0.2 })),
          ...(sixteenths ? hats(4, 4, 0.1, 1) : []),
        ],
        bass: [0.5, 1.5, 2.5, 3.5].map((at) => ({ at, beats: 0.4, degree: 0, gain: 0.8 })),
        chords: rnd.chance(0.5)
          ? [{ at: 0, beats: 4, gain: 0.35 }]
          : [
              { at: 0.75, beats: 0.3, gain: 0.4 },
              { at: 2.5, beats: 0.3, gain: 0.4 },
            ],
      });
    }
    case 'backbeat': {
      const kicks = rnd.pick([
        [0, 2],
        [0, 2, 2.5],
        [0, 1.5, 2],
        [0, 2, 3.5],
        [0, 0.5, 2],
      ]);
      const eighthBass = rnd.chance(0.4);
      const comp = rnd.chance(0.5);
      return () => ({
        beats: 4,
        hits: [
          ...kicks.map((at) => ({ at, sound: 'kick' as const, gain: 1 })),
          { at: 1, sound: 'snare', gain: 0.8 },
          { at: 3, sound: 'snare', gain: 0.8 },
          ...hats(4, 2, 0.22, a),
        ],
        bass: eighthBass
          ? range(0, 4, 0.5).map((at) => ({ at, beats: 0.45, degree: 0, gain: at % 1 ? 0.6 : 0.8 }))
          : [
              { at: 0, beats: 1.5, degree: 0, gain: 0.8 },
              { at: 2, beats: 1.5, degree: 0, gain: 0.8 },
              { at: 3.5, beats: 0.5, degree: 2, gain: 0.6 },
            ],
        chords: comp ? [0, 1, 2, 3].map((at) => ({ at, beats: 0.8, gain: 0.3 })) : [{ at: 0, beats: 4, gain: 0.3 }],
      });
    }
    case 'half-time': {
      const kicks = rnd.pick([[0], [0, 2.5], [0, 1.75], [0, 0.5]]);
      return () => ({
        beats: 4,
        hits: [
          ...kicks.map((at) => ({ at, sound: 'kick' as const, gain: 1 })),
          { at: 2, sound: 'snare', gain: 0.85 },
          ...hats(4, 2, 0.22, a),
        ],
        bass: [0, 1, 2, 3].map((at) => ({ at, beats: 0.9, degree: at === 3 ? 2 : 0, gain: 0.75 })),
        chords: [0, 1, 2, 3].map((at) => ({ at: at + 0.5, beats: 0.4, gain: 0.28 })),
      });
    }
    case 'double-time hats': {
      const kicks = rnd.pick([
        [0, 2],
        [0, 2.5],
        [0, 0.75, 2],
        [0, 2, 2.75],
      ]);
      return () => ({
        beats: 4,
        hits: [
          ...kicks.map((at) => ({ at, sound: 'kick' as const, gain: 1 })),
          { at: 1, sound: 'snare', gain: 0.85 },
          { at: 3, sound: 'snare', gain: 0.85 },
          ...range(0, 4, 0.25).map((at) => ({
            at,
            sound: 'closedHat' as const,
            gain: at % 1 === 0 ? 0.2 * a : at % 0.5 === 0 ? 0.16 : 0.11,
            pan: 0.3,
          })),
        ],
        bass: [
          { at: 0, beats: 1.75, degree: 0, gain: 0.8 },
          { at: 2, beats: 1.75, degree: 0, gain: 0.8 },
        ],
        chords: [{ at: 0, beats: 4, gain: 0.3 }],
      });
    }
    case 'drum and bass': {
      const ghosts = range(0, 4, 0.25).filter(() => rnd.chance(0.2));
      const ride = rnd.chance(0.5);
      return () => ({
        beats: 4,
        hits: [
          { at: 0, sound: 'kick', gain: 1 },
          { at: 2.5, sound: 'kick', gain: 1 },
          { at: 1, sound: 'snare', gain: 0.9 },
          { at: 3, sound: 'snare', gain: 0.9 },
          ...ghosts.map((at) => ({ at, sound: 'snare' as const, gain: 0.15 })),
          ...(ride ? hats(4, 1, 0.2, 1, 'ride') : []),
          ...hats(4, 2, 0.18, a),
        ],
        bass: [
          { at: 0, beats: 2.4, degree: 0, gain: 0.9 },
          { at: 2.5, beats: 1.4, degree: 0, gain: 0.8 },
        ],
        chords: [{ at: 0, beats: 4, gain: 0.25 }],
      });
    }
    case 'shuffle': {
      const swing = range(0, 4, 1).flatMap((b) => [b, b + 2 / 3]);
      return () => ({
        beats: 4,
        hits: [
          { at: 0, sound: 'kick', gain: 1 },
          { at: 2, sound: 'kick', gain: 1 },
          { at: 1, sound: 'snare', gain: 0.8 },
          { at: 3, sound: 'snare', gain: 0.8 },
          ...swing.map((at) => ({
            at,
            sound: rnd.chance(0.5) ? ('ride' as const) : ('closedHat' as const),
            gain: at % 1 === 0 ? 0.2 * a : 0.16,
            pan: 0.3,
          })),
        ],
        bass: [0, 1, 2, 3].map((at) => ({ at, beats: 0.9, degree: [0, 1, 2, 1][at], gain: 0.75 })),
        chords: [
          { at: 2 / 3, beats: 0.3, gain: 0.3 },
          { at: 2 + 2 / 3, beats: 0.3, gain: 0.3 },
        ],
      });
    }
    case '6/8 and 12/8': {
      // Beats are dotted quarters: three eighths each. 12/8 has four of them a bar, 6/8 two.
      const twelve = rnd.chance(0.5);
      const beats = twelve ? 4 : 2;
      const eighths = range(0, beats, 1 / 3);
      const extraKick = rnd.chance(0.5);
      return () => ({
        beats,
        hits: [
          ...(twelve ? [0, 2] : [0]).map((at) => ({ at, sound: 'kick' as const, gain: 1 })),
          ...(extraKick ? [{ at: beats - 1 / 3, sound: 'kick' as const, gain: 0.7 }] : []),
          ...(twelve ? [1, 3] : [1]).map((at) => ({ at, sound: 'snare' as const, gain: 0.8 })),
          ...eighths.map((at) => ({
            at,
            sound: 'closedHat' as const,
            gain: Math.abs(at - Math.round(at)) < 1e-9 ? 0.2 * a : 0.15,
            pan: 0.3,
          })),
        ],
        bass: range(0, beats, 1).map((at) => ({ at, beats: 0.9, degree: 0, gain: 0.8 })),
        chords: [],
        arpeggio: eighths.map((at, i) => ({ at, beats: 0.4, degree: [0, 1, 2][i % 3], gain: 0.3 })),
      });
    }
    case 'strums, no drums': {
      const style = rnd.pick(['strum', 'ballad', 'stride'] as const);
      const ups = range(0, 4, 1).map(() => rnd.chance(0.4));
      if (style === 'strum') {
        return () => ({
          beats: 4,
          hits: [],
          bass: [
            { at: 0, beats: 1.8, degree: 0, gain: 0.6 },
            { at: 2, beats: 1.8, degree: 2, gain: 0.6 },
          ],
          chords: [0, 1, 2, 3].flatMap((at) => [
            { at, beats: 0.9, gain: at % 2 === 0 ? 0.5 : 0.38 },
            ...(ups[at] ? [{ at: at + 0.5, beats: 0.4, gain: 0.2 }] : []),
          ]),
        });
      }
      if (style === 'ballad') {
        return () => ({
          beats: 4,
          hits: [],
          bass: [
            { at: 0, beats: 2, degree: 0, gain: 0.6 },
            { at: 2, beats: 2, degree: 0, gain: 0.5 },
          ],
          chords: [0, 1, 2, 3].map((at) => ({ at, beats: 0.95, gain: at === 0 ? 0.45 : 0.35 })),
        });
      }
      return () => ({
        beats: 4,
        hits: [],
        bass: [
          { at: 0, beats: 0.9, degree: 0, gain: 0.7 },
          { at: 2, beats: 0.9, degree: 2, gain: 0.7 },
        ],
        chords: [1, 3].map((at) => ({ at, beats: 0.8, gain: 0.4 })),
      });
    }
    case 'tempo change':
      // A tempo change is made of two plain grooves (see playSection).
      return grooveFor(rnd.chance(0.5) ? 'backbeat' : 'four-on-the-floor', band);
  }
}

const chordVoice = (family: Family, band: Band): Voice =>
  family === 'strums, no drums' ? band.rnd.pick(['pluck', 'piano', 'epiano'] as const) : band.voice;

/** Plays `family` at `bpm` from `from` to `to` seconds; returns where the last bar ended. */
export function playSection(mix: Mix, family: Family, band: Band, bpm: number, from: number, to: number): number {
  const groove = grooveFor(family, band);
  const voice = chordVoice(family, band);
  const beat = 60 / bpm;
  const { rnd } = band;
  const human = () => (band.jitter ? rnd.noise() * band.jitter : 0);
  const loud = () => 1 + rnd.noise() * 0.12;
  let t = from;
  for (let index = 0; t < to; index++) {
    const bar = groove(index);
    const chord = band.chords[index % band.chords.length];
    const notes = chordNotes(band.tonic, chord, index % 3 === 2 ? 1 : 0);
    const bassNotes = chordNotes(band.bassTonic, chord);
    for (const hit of bar.hits)
      mix.add(band.kit[hit.sound] as Sound, t + hit.at * beat + human(), hit.gain * loud(), hit.pan ?? 0);
    for (const b of bar.bass)
      mix.bass(
        bassNotes[b.degree % bassNotes.length],
        t + b.at * beat + human(),
        b.beats * beat,
        b.gain * loud(),
        Math.round(band.bassBright * 4) / 4,
      );
    for (const strike of bar.chords) {
      // Strums spread the strings over a few milliseconds; keyboards strike them together.
      const spread = family === 'strums, no drums' && voice === 'pluck' ? rnd.range(0.008, 0.02) : 0;
      notes.forEach((n, i) =>
        mix.note(
          voice,
          n,
          t + strike.at * beat + i * spread + human(),
          strike.beats * beat,
          strike.gain * loud(),
          -0.3 + 0.2 * i,
        ),
      );
    }
    for (const n of bar.arpeggio ?? [])
      mix.note(
        voice,
        notes[n.degree % notes.length] + 12,
        t + n.at * beat + human(),
        n.beats * beat,
        n.gain * loud(),
        -0.2,
      );
    t += bar.beats * beat;
  }
  return t;
}
