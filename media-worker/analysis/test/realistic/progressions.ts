// Chord progressions of the realistic corpus, by harmony style and mode, as roman numerals relative
// to the tonic. Each loop starts on its tonic: a loop such as vi–IV–I–V (or i–VI–III–VII) is the same
// chords in a major key and in its relative minor, and its key is a matter of opinion. Borrowed chords (bVII in a major
// rock song, the major V of harmonic minor, dominant
// sevenths on every degree of a blues) are kept on purpose: they are what pulls a key estimate to a
// neighbouring key.
import type { Harmony } from './styles.ts';

export type Mode = 'major' | 'minor';

/** Root (semitones above the tonic) and intervals above the root of each numeral. */
const NUMERALS: Record<string, [number, number[]]> = {
  I: [0, [0, 4, 7]],
  ii: [2, [0, 3, 7]],
  iii: [4, [0, 3, 7]],
  IV: [5, [0, 4, 7]],
  V: [7, [0, 4, 7]],
  vi: [9, [0, 3, 7]],
  bVII: [10, [0, 4, 7]],
  bVI: [8, [0, 4, 7]],
  i: [0, [0, 3, 7]],
  iv: [5, [0, 3, 7]],
  v: [7, [0, 3, 7]],
  III: [3, [0, 4, 7]],
  VI: [8, [0, 4, 7]],
  VII: [10, [0, 4, 7]],
  I7: [0, [0, 4, 7, 10]],
  IV7: [5, [0, 4, 7, 10]],
  V7: [7, [0, 4, 7, 10]],
  ii7: [2, [0, 3, 7, 10]],
  vi7: [9, [0, 3, 7, 10]],
  Imaj7: [0, [0, 4, 7, 11]],
  IVmaj7: [5, [0, 4, 7, 11]],
  i7: [0, [0, 3, 7, 10]],
  iv7: [5, [0, 3, 7, 10]],
  VImaj7: [8, [0, 4, 7, 11]],
  iim7b5: [2, [0, 3, 6, 10]],
  v7: [7, [0, 3, 7, 10]],
  // The tuning-only hard songs' (HARD_STYLES): the phrygian bII, ninths and a suspended dominant.
  bII: [1, [0, 4, 7]],
  bIII: [3, [0, 4, 7]],
  iii7: [4, [0, 3, 7, 10]],
  IIImaj7: [3, [0, 4, 7, 11]],
  Imaj9: [0, [0, 4, 7, 11, 14]],
  IVmaj9: [5, [0, 4, 7, 11, 14]],
  ii9: [2, [0, 3, 7, 10, 14]],
  V9sus: [7, [0, 5, 7, 10, 14]],
  i9: [0, [0, 3, 7, 10, 14]],
  iv9: [5, [0, 3, 7, 10, 14]],
  bVII9: [10, [0, 4, 7, 10, 14]],
};

const BLUES = ['I7', 'IV7', 'I7', 'I7', 'IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7'];
const MINOR_BLUES = ['i7', 'iv7', 'i7', 'i7', 'iv7', 'iv7', 'i7', 'i7', 'VImaj7', 'V7', 'i7', 'V7'];

const PROGRESSIONS: Record<Harmony, Record<Mode, string[][]>> = {
  pop: {
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['I', 'vi', 'IV', 'V'],
      ['I', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'VI', 'VII', 'i'],
      ['i', 'iv', 'VI', 'V'],
    ],
  },
  rock: {
    major: [
      ['I', 'bVII', 'IV', 'I'],
      ['I', 'IV', 'V', 'IV'],
    ],
    minor: [
      ['i', 'VII', 'VI', 'i'],
      ['i', 'VI', 'VII', 'i'],
      ['i', 'iv', 'v', 'i'],
    ],
  },
  jazz: {
    major: [
      ['ii7', 'V7', 'Imaj7', 'vi7'],
      ['Imaj7', 'vi7', 'ii7', 'V7'],
    ],
    minor: [
      ['i7', 'iv7', 'V7', 'i7'],
      ['iim7b5', 'V7', 'i7', 'i7'],
    ],
  },
  blues: { major: [BLUES], minor: [MINOR_BLUES] },
  edm: {
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['I', 'IV', 'vi', 'V'],
    ],
    minor: [
      ['i', 'i', 'VI', 'VII'],
      ['i', 'iv', 'VI', 'v'],
      ['i', 'VI', 'iv', 'i'],
    ],
  },
  classical: {
    major: [
      ['I', 'IV', 'V7', 'I'],
      ['I', 'vi', 'ii', 'V'],
    ],
    minor: [
      ['i', 'iv', 'V', 'i'],
      ['i', 'VI', 'iv', 'V'],
    ],
  },
  modal: {
    major: [
      ['I7', 'I7', 'IV7', 'I7'],
      ['I', 'I', 'bVII', 'I'],
    ],
    minor: [
      ['i7', 'i7', 'iv7', 'i7'],
      ['i', 'i', 'VII', 'i'],
    ],
  },
  // Harmonies of the tuning-only hard songs (styles.ts HARD_STYLES), the ones key finding gets wrong:
  // modes (dorian's major IV, mixolydian's bVII and minor v), riffs of power chords (bVI, bVII, the
  // phrygian bII), slow jams' extended chords dwelling on ii–V or circling through the relative major,
  // loops that open on IV, V or VI, and modal tunes over a drone. Left out: loops whose key is a matter of
  // opinion — a rotation of I–V–vi–IV that opens on vi or IV (the relative minor's loop as much as the
  // major's), a major riff of power chords with no melody to give it a third.
  dorian: {
    major: [],
    minor: [
      ['i7', 'IV7'],
      ['i7', 'i7', 'IV7', 'IV7'],
      ['i7', 'ii7', 'i7', 'IV7'],
      ['i', 'bVII', 'IV', 'i'],
    ],
  },
  mixolydian: {
    major: [
      ['I', 'bVII', 'IV', 'I'],
      ['I', 'v', 'bVII', 'IV'],
      ['I', 'bVII', 'I', 'bVII'],
      ['I', 'I', 'bVII', 'IV'],
    ],
    minor: [],
  },
  riff: {
    major: [
      ['I', 'bVII', 'IV', 'I'],
      ['I', 'IV', 'V', 'IV'],
    ],
    minor: [
      ['i', 'i', 'bVI', 'bVII'],
      ['i', 'bII', 'i', 'bVII'],
      ['i', 'iv', 'bVI', 'v'],
      ['i', 'bVII', 'bVI', 'bVII'],
    ],
  },
  soul: {
    major: [
      ['IVmaj9', 'V9sus', 'Imaj9', 'Imaj9'],
      ['ii9', 'V9sus', 'Imaj9', 'Imaj9'],
      ['Imaj9', 'IVmaj9', 'Imaj9', 'IVmaj9'],
      ['ii9', 'V9sus', 'ii9', 'V9sus', 'Imaj9', 'Imaj9', 'vi7', 'vi7'],
    ],
    minor: [
      ['iv9', 'bVII9', 'IIImaj7', 'VImaj7', 'iim7b5', 'V7', 'i9', 'i9'],
      ['i9', 'iv9'],
      ['VImaj7', 'v7', 'i9', 'i9'],
      ['iim7b5', 'V7', 'i9', 'VImaj7'],
    ],
  },
  plagal: {
    major: [
      ['IV', 'V', 'I', 'I'],
      ['V', 'I', 'IV', 'I'],
      ['IV', 'I', 'V', 'I'],
      ['IV', 'IV', 'I', 'V'],
    ],
    minor: [
      ['iv', 'i', 'v', 'i'],
      ['VI', 'VII', 'i', 'i'],
      ['V', 'i', 'iv', 'i'],
      ['iv', 'V', 'i', 'i'],
    ],
  },
  drone: {
    major: [
      ['I', 'bVII', 'I', 'IV'],
      ['I', 'I', 'bVII', 'bVII'],
    ],
    minor: [
      ['i', 'bVII', 'IV', 'i'],
      ['i', 'i', 'bVII', 'i'],
    ],
  },
};

export interface Chord {
  /** Pitch class of the root, 0..11 above C. */
  root: number;
  intervals: number[];
}

export function progressionFor(harmony: Harmony, mode: Mode, tonic: number, pick: (n: number) => number): Chord[] {
  const options = PROGRESSIONS[harmony][mode];
  return options[pick(options.length)].map((numeral) => {
    const [offset, intervals] = NUMERALS[numeral];
    return { root: (tonic + offset) % 12, intervals };
  });
}

/** Scale steps (semitones above the tonic) a melody or a walking bass moves on. */
export const SCALES: Record<Mode, number[]> = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] };
/** Modes a style's melody may move in instead (Style.scales): a dorian tune is in minor, a mixolydian one in major. */
export const DORIAN = [0, 2, 3, 5, 7, 9, 10];
export const MIXOLYDIAN = [0, 2, 4, 5, 7, 9, 10];
