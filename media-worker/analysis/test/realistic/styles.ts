// The realistic corpus's genres: each one's groove (General MIDI drums on a step grid), bass line,
// chord part, instruments, tempo range and harmony, as the style is usually played. A bar is a row of
// steps ('beats' beats of 'steps' steps each); each character of a part is one step: a drum hit's
// loudness (X loud, x normal, o soft, g ghost), or for pitched parts: r root, f fifth, o octave, t
// third, d the song's tonic (a drone, whatever the chord), w walking tone (towards the next chord) in the bass; x chord (held to the next hit), s short
// stab, a arpeggio note, p power chord in the chords. '.' continues or rests. A part longer than one
// bar spans several. The tempo is the notated beat: the quarter note, the dotted quarter in 6/8 and 12/8.
import type { Genre } from '../../../../plugins/catalog/rules.ts';
import { DORIAN, MIXOLYDIAN, type Mode } from './progressions.ts';

export const DRUMS = {
  kick: 36, rim: 37, snare: 38, clap: 39, hat: 42, pedal: 44, open: 46, crash: 49, ride: 51,
  tamb: 54, cowbell: 56, bongo: 60, conga: 63, congaLow: 64, shaker: 70, clave: 75, tomLow: 45,
} as const;
export type Drum = keyof typeof DRUMS;

/** Which harmony a genre draws its progressions from (progressions.ts). */
export type Harmony = 'pop' | 'rock' | 'jazz' | 'blues' | 'edm' | 'classical' | 'modal' | 'dorian' | 'mixolydian' | 'riff' | 'soul' | 'plagal' | 'drone';

export interface Style {
  name: string;
  /** The spec's genre (catalog/rules.ts GENRES) a listener would file it under. */
  genre: Genre;
  /** Table group in the bench. */
  family: string;
  /** BPM range of the notated beat; null: no beat (rubato, a drone). */
  bpm: [number, number] | null;
  beats: number;
  steps: number;
  /** Delay of every second step, as a share of a step (0.5: no swing… 0.67: triplet swing). */
  swing?: number;
  /** Timing spread of a played note, seconds (a drum machine 0.002, a band 0.012). */
  looseness: number;
  drums?: Partial<Record<Drum, string>>;
  bass?: string;
  chords?: string;
  /** General MIDI programs (0-based). */
  bassProgram?: number;
  chordProgram?: number;
  lead?: number;
  pad?: number;
  /** Rhythm of the lead: notes per beat it moves in (1: quarters, 2: eighths). */
  leadRate?: number;
  harmony: Harmony;
  /** Bars a chord lasts. */
  barsPerChord: number;
  /** Songs of this style may drift or ramp their tempo (a band without a click). */
  drifts?: boolean;
  /** The modes its songs are in (both when absent). */
  modes?: Mode[];
  /** The scale its melody moves on in a mode, when not the major or natural minor (progressions.ts SCALES). */
  scales?: Partial<Record<Mode, number[]>>;
}

const FOUR = 'X...X...X...X...';
const BACKBEAT16 = '....X.......X...';
const BACKBEAT8 = '..X...X.';

export const STYLES: Style[] = [
  { name: 'boom-bap', genre: 'Hip-Hop/Rap', family: 'hip-hop', bpm: [84, 92], beats: 4, steps: 4, swing: 0.62, looseness: 0.006,
    drums: { kick: 'X......x..x.....', snare: BACKBEAT16, hat: 'xoxoxoxoxoxoxoxo' }, bass: 'r......r..r.....', chords: 'x.......x.......',
    bassProgram: 33, chordProgram: 4, lead: 11, leadRate: 1, harmony: 'pop', barsPerChord: 1 },
  { name: 'lo-fi hip-hop', genre: 'Hip-Hop/Rap', family: 'hip-hop', bpm: [70, 84], beats: 4, steps: 2, swing: 0.63, looseness: 0.008,
    drums: { kick: 'X....x..', snare: BACKBEAT8, hat: 'xoxoxoxo' }, bass: 'r....r..', chords: 'x...x...',
    bassProgram: 32, chordProgram: 4, pad: 89, harmony: 'jazz', barsPerChord: 1 },
  { name: 'trap', genre: 'Hip-Hop/Rap', family: 'hip-hop', bpm: [130, 150], beats: 4, steps: 4, looseness: 0.002,
    drums: { kick: 'X......x..X.....', clap: '........X.......', hat: 'x.x.x.x.x.x.xxxx' }, bass: 'r.........r.....',
    bassProgram: 38, pad: 94, lead: 80, leadRate: 1, harmony: 'edm', barsPerChord: 2 },
  { name: 'funk', genre: 'R&B/Soul', family: 'r&b and funk', bpm: [96, 108], beats: 4, steps: 4, swing: 0.54, looseness: 0.007,
    drums: { kick: 'X..x..x...X..x..', snare: '.g..X..g.g..X..g', hat: 'XxoxXxoxXxoxXxox' }, bass: 'r..r..o.r.f..r.o', chords: '..s..s.s..s..s.s',
    bassProgram: 36, chordProgram: 7, lead: 61, leadRate: 1, harmony: 'modal', barsPerChord: 2, drifts: true },
  { name: 'R&B slow jam', genre: 'R&B/Soul', family: 'r&b and funk', bpm: [60, 72], beats: 4, steps: 4, looseness: 0.005,
    drums: { kick: 'X......x..x.....', snare: BACKBEAT16, hat: 'xoxoxoxoxoxoxoxo' }, bass: 'r.......r..f....', chords: 'x.......x.......',
    bassProgram: 33, chordProgram: 4, pad: 89, lead: 53, leadRate: 1, harmony: 'jazz', barsPerChord: 1 },
  { name: 'reggaeton', genre: 'Latin', family: 'latin, reggae, world', bpm: [90, 100], beats: 4, steps: 4, looseness: 0.002,
    drums: { kick: FOUR, snare: '...x..x....x..x.', hat: 'o.o.o.o.o.o.o.o.' }, bass: 'r..r..r.r..r..r.', chords: 'x...............',
    bassProgram: 38, chordProgram: 90, lead: 81, leadRate: 1, harmony: 'edm', barsPerChord: 1 },
  { name: 'afrobeats', genre: 'World', family: 'latin, reggae, world', bpm: [100, 115], beats: 4, steps: 4, looseness: 0.004,
    drums: { kick: 'X.......X..x....', clap: '....x.......x...', rim: '..x..x....x..x..', shaker: 'xoxoxoxoxoxoxoxo', conga: '..x.x..x..x.x..x' },
    bass: 'r..r...r..r.o...', chords: 'a.a.a.a.a.a.a.a.', bassProgram: 33, chordProgram: 27, pad: 89, harmony: 'pop', barsPerChord: 1 },
  { name: 'ambient arpeggios', genre: 'Electronic', family: 'electronic', bpm: [76, 92], beats: 4, steps: 2, looseness: 0.001,
    bass: 'r.......', chords: 'aaaaaaaa', bassProgram: 38, chordProgram: 46, pad: 88, harmony: 'edm', barsPerChord: 2 },
  { name: 'drum and bass', genre: 'Electronic', family: 'electronic', bpm: [165, 178], beats: 4, steps: 2, looseness: 0.002,
    drums: { kick: 'X....x..', snare: BACKBEAT8, hat: 'xoxoxoxo', ride: 'o.o.o.o.' }, bass: 'r.......', chords: 'x.......',
    bassProgram: 38, chordProgram: 50, pad: 89, harmony: 'edm', barsPerChord: 2 },
  { name: 'dubstep', genre: 'Electronic', family: 'electronic', bpm: [138, 142], beats: 4, steps: 4, looseness: 0.001,
    drums: { kick: 'X.........x.....', snare: '........X.......', hat: 'x.x.x.x.x.x.x.x.' }, bass: 'r.r.r.r.r.r.r...', chords: 'x...............',
    bassProgram: 39, chordProgram: 90, pad: 95, harmony: 'edm', barsPerChord: 2 },
  { name: 'house', genre: 'Dance', family: 'dance', bpm: [120, 128], beats: 4, steps: 4, looseness: 0.001,
    drums: { kick: FOUR, clap: BACKBEAT16, open: '..x...x...x...x.', hat: 'o.o.o.o.o.o.o.o.' }, bass: '..r...r...r...r.', chords: 'x..s..x...s..x..',
    bassProgram: 38, chordProgram: 0, harmony: 'pop', barsPerChord: 1 },
  { name: 'techno', genre: 'Electronic', family: 'dance', bpm: [126, 136], beats: 4, steps: 4, looseness: 0.001,
    drums: { kick: FOUR, clap: BACKBEAT16, open: '..x...x...x...x.', ride: 'oooooooooooooooo' }, bass: '.rr..rr..rr..rr.', chords: '..s.....s.....s.',
    bassProgram: 39, chordProgram: 90, harmony: 'edm', barsPerChord: 2 },
  { name: 'trance', genre: 'Dance', family: 'dance', bpm: [134, 140], beats: 4, steps: 4, looseness: 0.001,
    drums: { kick: FOUR, open: '..x...x...x...x.', clap: BACKBEAT16 }, bass: '.rrr.rrr.rrr.rrr', chords: 'aaaaaaaaaaaaaaaa',
    bassProgram: 38, chordProgram: 81, pad: 94, harmony: 'edm', barsPerChord: 2 },
  { name: 'disco', genre: 'Dance', family: 'dance', bpm: [112, 124], beats: 4, steps: 4, looseness: 0.004,
    drums: { kick: FOUR, snare: BACKBEAT16, open: '..x...x...x...x.', hat: 'x.x.x.x.x.x.x.x.' }, bass: 'r.o.r.o.r.o.r.o.', chords: '.s.s.s.s.s.s.s.s',
    bassProgram: 33, chordProgram: 28, pad: 48, lead: 48, leadRate: 1, harmony: 'pop', barsPerChord: 1 },
  { name: 'metal', genre: 'Metal', family: 'rock and metal', bpm: [150, 190], beats: 4, steps: 2, looseness: 0.005,
    drums: { kick: 'XxXxXxXx', snare: BACKBEAT8, crash: 'x.......', hat: 'x.x.x.x.' }, bass: 'rrrrrrrr', chords: 'pppppppp',
    bassProgram: 34, chordProgram: 30, harmony: 'rock', barsPerChord: 1, drifts: true },
  { name: 'punk', genre: 'Rock', family: 'rock and metal', bpm: [165, 200], beats: 4, steps: 2, looseness: 0.008,
    drums: { kick: 'X.x.X...', snare: BACKBEAT8, hat: 'xxxxxxxx' }, bass: 'rrrrrrrr', chords: 'pppppppp',
    bassProgram: 34, chordProgram: 29, harmony: 'rock', barsPerChord: 1, drifts: true },
  { name: 'rock', genre: 'Rock', family: 'rock and metal', bpm: [100, 140], beats: 4, steps: 2, looseness: 0.008,
    drums: { kick: 'X...X.x.', snare: BACKBEAT8, hat: 'xoxoxoxo' }, bass: 'r.r.r.r.', chords: 'x.x.x.x.',
    bassProgram: 34, chordProgram: 29, lead: 30, leadRate: 1, harmony: 'rock', barsPerChord: 1, drifts: true },
  { name: 'pop', genre: 'Pop', family: 'pop', bpm: [95, 125], beats: 4, steps: 4, looseness: 0.003,
    drums: { kick: 'X.....x.X.......', snare: BACKBEAT16, hat: 'x.x.x.x.x.x.x.x.' }, bass: 'r.....r.r.......', chords: 'x...x...x...x...',
    bassProgram: 33, chordProgram: 0, lead: 80, leadRate: 2, harmony: 'pop', barsPerChord: 1, drifts: true },
  { name: 'synth-pop', genre: 'Pop', family: 'pop', bpm: [110, 128], beats: 4, steps: 4, looseness: 0.001,
    drums: { kick: 'X.......X.......', snare: BACKBEAT16, hat: 'oooooooooooooooo' }, bass: 'r.r.r.r.r.r.r.r.', chords: 'x.......x.......',
    bassProgram: 38, chordProgram: 90, lead: 81, leadRate: 2, harmony: 'edm', barsPerChord: 1 },
  { name: 'piano ballad', genre: 'Singer/Songwriter', family: 'pop', bpm: [64, 80], beats: 4, steps: 2, looseness: 0.01,
    bass: 'r.......', chords: 'aaaaaaaa', bassProgram: 0, chordProgram: 0, lead: 53, leadRate: 1, harmony: 'classical', barsPerChord: 1, drifts: true },
  { name: 'waltz', genre: 'Classical', family: 'classical and no beat', bpm: [90, 150], beats: 3, steps: 2, looseness: 0.01,
    bass: 'r.....', chords: '..s.s.', bassProgram: 32, chordProgram: 48, lead: 40, leadRate: 1, harmony: 'classical', barsPerChord: 1, drifts: true },
  { name: 'folk waltz', genre: 'Folk', family: 'folk and country', bpm: [90, 130], beats: 3, steps: 2, looseness: 0.01,
    drums: { tamb: '..x.x.' }, bass: 'r.....', chords: '..s.s.', bassProgram: 32, chordProgram: 25, lead: 21, leadRate: 1, harmony: 'pop', barsPerChord: 1, drifts: true },
  { name: '6/8 folk', genre: 'Folk', family: 'folk and country', bpm: [50, 72], beats: 2, steps: 3, looseness: 0.008,
    drums: { kick: 'X.....', snare: '...x..', hat: 'oooooo' }, bass: 'r..f..', chords: 'aaaaaa', bassProgram: 32, chordProgram: 25, lead: 73, leadRate: 1,
    harmony: 'pop', barsPerChord: 1 },
  { name: '12/8 blues', genre: 'Blues', family: 'jazz and blues', bpm: [50, 72], beats: 4, steps: 3, looseness: 0.008,
    drums: { kick: 'X.....X.....', snare: '...X.....X..', hat: 'x.xx.xx.xx.x' }, bass: 'r.tf.tr.tf.t', chords: 'x.....x.....',
    bassProgram: 33, chordProgram: 16, lead: 29, leadRate: 1, harmony: 'blues', barsPerChord: 1 },
  { name: 'jazz swing', genre: 'Jazz', family: 'jazz and blues', bpm: [120, 200], beats: 4, steps: 3, looseness: 0.01,
    drums: { ride: 'X..x.xX..x.x', pedal: '...x.....x..' }, bass: 'w..w..w..w..', chords: '.....s....s.',
    bassProgram: 32, chordProgram: 0, lead: 66, leadRate: 1, harmony: 'jazz', barsPerChord: 1, drifts: true },
  { name: 'bossa nova', genre: 'Latin', family: 'latin, reggae, world', bpm: [120, 145], beats: 4, steps: 4, looseness: 0.006,
    drums: { rim: 'x..x..x...x..x..', kick: 'X.....x.X.....x.', hat: 'oooooooooooooooo' }, bass: 'r.....f.r.....f.', chords: 'x..s..x...s..s..',
    bassProgram: 32, chordProgram: 24, lead: 73, leadRate: 1, harmony: 'jazz', barsPerChord: 1 },
  { name: 'reggae one-drop', genre: 'Reggae', family: 'latin, reggae, world', bpm: [70, 85], beats: 4, steps: 2, swing: 0.58, looseness: 0.006,
    drums: { kick: '....X...', rim: '....X...', hat: 'xoxoxoxo' }, bass: 'r..r..f.', chords: '..s...s.',
    bassProgram: 33, chordProgram: 27, pad: 17, harmony: 'pop', barsPerChord: 1 },
  { name: 'country', genre: 'Country', family: 'folk and country', bpm: [100, 130], beats: 4, steps: 2, looseness: 0.007,
    drums: { kick: 'X...X...', snare: BACKBEAT8, hat: 'x.x.x.x.' }, bass: 'r...f...', chords: '..s...s.',
    bassProgram: 32, chordProgram: 25, lead: 110, leadRate: 2, harmony: 'pop', barsPerChord: 1, drifts: true },
  { name: 'folk', genre: 'Folk', family: 'folk and country', bpm: [90, 120], beats: 4, steps: 2, looseness: 0.01,
    drums: { tamb: BACKBEAT8 }, bass: 'r...r...', chords: 'x.s.x.s.', bassProgram: 32, chordProgram: 25, lead: 22, leadRate: 1,
    harmony: 'pop', barsPerChord: 1, drifts: true },
  { name: 'classical, no beat', genre: 'Classical', family: 'classical and no beat', bpm: null, beats: 4, steps: 1, looseness: 0,
    bassProgram: 48, chordProgram: 49, lead: 71, harmony: 'classical', barsPerChord: 1 },
  { name: 'ambient drone', genre: 'Electronic', family: 'classical and no beat', bpm: null, beats: 4, steps: 1, looseness: 0,
    bassProgram: 89, chordProgram: 94, lead: 75, harmony: 'modal', barsPerChord: 1 },
];

const FUNK_DRUMS = { kick: 'X..x..x...X..x..', snare: '.g..X..g.g..X..g', hat: 'XxoxXxoxXxoxXxox' };
const ROCK_DRUMS = { kick: 'X...X.x.', snare: BACKBEAT8, hat: 'xoxoxoxo' };
const SLOW_JAM_DRUMS = { kick: 'X......x..x.....', snare: BACKBEAT16, hat: 'xoxoxoxoxoxoxoxo' };

/**
 * Styles of the tuning-only hard songs (corpus.ts realisticTuningExtras): what key finding gets wrong
 * in real music, written to give the key's confidence calibration wrong answers to learn from. Modal
 * tunes (dorian: a minor key with a major IV; mixolydian: a major key with bVII and a minor v), riffs
 * of power chords without thirds (slow doom, in minor: with no melody a major riff of power chords has
 * no third to tell its mode, and fast thrash with a lead), slow jams whose ninths dwell on ii–V or
 * circle through the relative major, loops that open on IV, V or VI, and modal tunes over a tonic drone.
 * Their truth is the key the song is written in (dorian counts as minor, mixolydian as major).
 */
export const HARD_STYLES: Style[] = [
  { name: 'dorian funk', genre: 'R&B/Soul', family: 'hard keys', bpm: [92, 108], beats: 4, steps: 4, swing: 0.54, looseness: 0.007,
    drums: FUNK_DRUMS, bass: 'r..r..o.r.f..r.o', chords: '..s..s.s..s..s.s', bassProgram: 36, chordProgram: 7, lead: 61, leadRate: 1,
    harmony: 'dorian', barsPerChord: 2, modes: ['minor'], scales: { minor: DORIAN } },
  { name: 'dorian rock', genre: 'Rock', family: 'hard keys', bpm: [96, 128], beats: 4, steps: 2, looseness: 0.008,
    drums: ROCK_DRUMS, bass: 'r.r.r.r.', chords: 'x...x...', bassProgram: 33, chordProgram: 16, lead: 27, leadRate: 2,
    harmony: 'dorian', barsPerChord: 1, modes: ['minor'], scales: { minor: DORIAN } },
  { name: 'mixolydian rock', genre: 'Rock', family: 'hard keys', bpm: [100, 140], beats: 4, steps: 2, looseness: 0.008,
    drums: ROCK_DRUMS, bass: 'r.r.r.r.', chords: 'x.x.x.x.', bassProgram: 34, chordProgram: 29, lead: 30, leadRate: 1,
    harmony: 'mixolydian', barsPerChord: 1, modes: ['major'], scales: { major: MIXOLYDIAN } },
  { name: 'doom metal', genre: 'Metal', family: 'hard keys', bpm: [60, 80], beats: 4, steps: 2, looseness: 0.006,
    drums: { kick: 'X...X...', snare: '....X...', crash: 'x.......', hat: 'x.x.x.x.' }, bass: 'r.......', chords: 'p.......',
    bassProgram: 34, chordProgram: 30, harmony: 'riff', barsPerChord: 1, modes: ['minor'] },
  { name: 'thrash riff', genre: 'Metal', family: 'hard keys', bpm: [150, 200], beats: 4, steps: 2, looseness: 0.005,
    drums: { kick: 'XxXxXxXx', snare: BACKBEAT8, crash: 'x.......', hat: 'x.x.x.x.' }, bass: 'rrrrrrrr', chords: 'pppppppp',
    bassProgram: 34, chordProgram: 30, lead: 30, leadRate: 1, harmony: 'riff', barsPerChord: 1 },
  { name: 'neo-soul slow jam', genre: 'R&B/Soul', family: 'hard keys', bpm: [60, 76], beats: 4, steps: 4, looseness: 0.005,
    drums: SLOW_JAM_DRUMS, bass: 'r.......r..f....', chords: 'x.......x.......', bassProgram: 33, chordProgram: 4, pad: 89, lead: 53, leadRate: 1,
    harmony: 'soul', barsPerChord: 1 },
  { name: 'plagal ballad', genre: 'Singer/Songwriter', family: 'hard keys', bpm: [64, 84], beats: 4, steps: 2, looseness: 0.01,
    bass: 'r.......', chords: 'aaaaaaaa', bassProgram: 0, chordProgram: 0, lead: 53, leadRate: 1, harmony: 'plagal', barsPerChord: 1 },
  { name: 'plagal pop', genre: 'Pop', family: 'hard keys', bpm: [95, 125], beats: 4, steps: 4, looseness: 0.003,
    drums: { kick: 'X.....x.X.......', snare: BACKBEAT16, hat: 'x.x.x.x.x.x.x.x.' }, bass: 'r.....r.r.......', chords: 'x...x...x...x...',
    bassProgram: 33, chordProgram: 0, lead: 80, leadRate: 2, harmony: 'plagal', barsPerChord: 1 },
  { name: 'drone folk', genre: 'Folk', family: 'hard keys', bpm: [90, 120], beats: 4, steps: 2, looseness: 0.01,
    drums: { tamb: BACKBEAT8 }, bass: 'd.......', chords: 'x.s.x.s.', bassProgram: 42, chordProgram: 25, lead: 110, leadRate: 2,
    harmony: 'drone', barsPerChord: 1, scales: { major: MIXOLYDIAN, minor: DORIAN } },
];
