// Keys, chords and progressions of the corpus. Every progression starts and ends on the tonic
// chord, as songs in a key do; the "mixture" ones borrow a chord from the parallel mode (bVII, iv,
// bVI in major; the Dorian IV, the Neapolitan, the major V in minor) to make the key less obvious.

export const TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
export type Mode = 'major' | 'minor';

export interface Chord {
  /** Semitones above the tonic. */
  root: number;
  quality: 'maj' | 'min' | 'dom7' | 'min7' | 'maj7';
}

const INTERVALS: Record<Chord['quality'], number[]> = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  dom7: [0, 4, 7, 10],
  min7: [0, 3, 7, 10],
  maj7: [0, 4, 7, 11],
};

const c = (root: number, quality: Chord['quality']): Chord => ({ root, quality });

export const PROGRESSIONS: Record<Mode, { plain: Chord[][]; mixture: Chord[][] }> = {
  major: {
    plain: [
      [c(0, 'maj'), c(7, 'maj'), c(9, 'min'), c(5, 'maj')],
      [c(0, 'maj'), c(5, 'maj'), c(7, 'dom7'), c(0, 'maj')],
      [c(0, 'maj'), c(9, 'min'), c(5, 'maj'), c(7, 'maj')],
      [c(0, 'maj7'), c(2, 'min7'), c(7, 'dom7'), c(0, 'maj')],
    ],
    mixture: [
      [c(0, 'maj'), c(10, 'maj'), c(5, 'maj'), c(0, 'maj')],
      [c(0, 'maj'), c(5, 'min'), c(0, 'maj'), c(7, 'dom7')],
      [c(0, 'maj'), c(8, 'maj'), c(10, 'maj'), c(0, 'maj')],
      [c(0, 'maj'), c(5, 'maj'), c(5, 'min'), c(0, 'maj')],
    ],
  },
  minor: {
    plain: [
      [c(0, 'min'), c(5, 'min'), c(7, 'dom7'), c(0, 'min')],
      [c(0, 'min'), c(8, 'maj'), c(10, 'maj'), c(0, 'min')],
      [c(0, 'min'), c(10, 'maj'), c(8, 'maj'), c(7, 'maj')],
      [c(0, 'min7'), c(5, 'min7'), c(7, 'min'), c(0, 'min')],
    ],
    mixture: [
      [c(0, 'min'), c(5, 'maj'), c(0, 'min'), c(7, 'min')],
      [c(0, 'min'), c(1, 'maj'), c(7, 'dom7'), c(0, 'min')],
      [c(0, 'min'), c(8, 'maj'), c(5, 'min'), c(7, 'maj')],
      [c(0, 'min7'), c(5, 'dom7'), c(10, 'maj'), c(0, 'min')],
    ],
  },
};

/** Scale steps for melodies: natural minor with the raised 7th over a V chord is left to the chords. */
export const SCALES: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };

/** MIDI notes of a chord whose root is in the octave starting at `base` (an absolute MIDI note). */
export function chordNotes(tonicMidi: number, chord: Chord, inversion = 0): number[] {
  const notes = INTERVALS[chord.quality].map((i) => tonicMidi + chord.root + i);
  for (let k = 0; k < inversion; k++) notes.push(notes.shift()! + 12);
  return notes;
}

/** MIDI note of a tonic name in the octave starting at the C `octaveBase` (48 for C3, 60 for C4). */
export function tonicMidi(tonic: string, octaveBase: number): number {
  const pc = TONICS.indexOf(tonic as (typeof TONICS)[number]);
  if (pc < 0) throw new Error(`unknown tonic ${tonic}`);
  return octaveBase + pc;
}
