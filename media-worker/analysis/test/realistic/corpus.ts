// The realistic corpus: songs written as MIDI in code (song.ts) in the styles of styles.ts, rendered
// with FluidSynth and a General MIDI soundfont (render.ts), with the truth of each: tempo (the mean
// notated beat), key, genre and metre. Every style has SONGS_PER_STYLE songs spread over its tempo
// range; the 24 keys go round the whole corpus; a seeded split gives each style songs in both halves:
// methods are chosen on the 'tuning' half, the 'held-out' half is only reported.
import type { Genre } from '../../../../plugins/catalog/rules.ts';
import { halves, type Half } from '../corpus/corpus.ts';
import { randomFor } from '../corpus/random.ts';
import type { Mode } from './progressions.ts';
import { writeSong, type TempoShape, type WrittenSong } from './song.ts';
import { HARD_STYLES, STYLES, type Style } from './styles.ts';

export const SONGS_PER_STYLE = 5;
export const SONG_SECONDS = 30;
const TONIC_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

export interface Song {
  id: string;
  style: string;
  family: string;
  genre: Genre;
  half: Half;
  /** E.g. "4/4", "12/8". */
  metre: string;
  shape: TempoShape;
  /** E.g. "F# minor". */
  key: string;
  /** The truth's tempo is only known once written (a drift or a ramp moves it): write().bpm. */
  write(): WrittenSong;
}

const metreOf = (s: Style) => (s.steps === 3 ? `${s.beats * 3}/8` : `${s.beats}/4`);

export function realisticCorpus(): Song[] {
  const keyOrder = randomFor('realistic:keys');
  const keys = Array.from({ length: 24 }, (_, i) => ({ tonic: i % 12, mode: (i < 12 ? 'major' : 'minor') as Mode }));
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(keyOrder.next() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const songs: Song[] = [];
  for (const style of STYLES) {
    const split = halves(SONGS_PER_STYLE, `realistic:${style.name}`);
    for (let n = 0; n < SONGS_PER_STYLE; n++) {
      const id = `${style.name}/${n}`;
      const { tonic, mode } = keys[songs.length % keys.length];
      const shape: TempoShape = style.drifts && n >= SONGS_PER_STYLE - 2 ? (n % 2 ? 'ramp' : 'drift') : 'steady';
      let written: WrittenSong | null = null;
      songs.push({
        id,
        style: style.name,
        family: style.family,
        genre: style.genre,
        half: split[n],
        metre: metreOf(style),
        shape,
        key: `${TONIC_NAMES[tonic]} ${mode}`,
        write() {
          if (written) return written;
          const rnd = randomFor(`realistic:${id}`);
          const [from, to] = style.bpm ?? [0, 0];
          const bpm = Math.round((from + ((to - from) * (n + rnd.next())) / SONGS_PER_STYLE) * 10) / 10;
          written = writeSong({ style, bpm, tonic, mode, shape, seconds: SONG_SECONDS }, rnd);
          return written;
        },
      });
    }
  }
  return songs;
}

export const EXTRA_SONGS_PER_STYLE = 6;

/**
 * Tuning-only songs that key finding gets wrong (styles.ts HARD_STYLES: modes, power-chord riffs,
 * slow jams' extended chords, loops opening on IV, V or vi, drones), from their own seeds, so that the
 * key's confidence is calibrated on more than the tuning half's few wrong keys. Never held-out songs
 * and not in the bench's tables: the held-out half stays the fair test. Tonics go round the 12 (in the
 * style's modes only), from a shuffle of their own.
 */
export function realisticTuningExtras(): Song[] {
  const keyOrder = randomFor('realistic-extra:keys');
  const tonics = Array.from({ length: 12 }, (_, i) => i);
  for (let i = tonics.length - 1; i > 0; i--) {
    const j = Math.floor(keyOrder.next() * (i + 1));
    [tonics[i], tonics[j]] = [tonics[j], tonics[i]];
  }
  const songs: Song[] = [];
  for (const style of HARD_STYLES) {
    const modes: Mode[] = style.modes ?? ['major', 'minor'];
    for (let n = 0; n < EXTRA_SONGS_PER_STYLE; n++) {
      const id = `extra:${style.name}/${n}`;
      // One tonic further every 12 songs: styles of 6 songs do not all share the same six tonics.
      const tonic = tonics[(songs.length + Math.floor(songs.length / 12)) % 12];
      const mode = modes[n % modes.length];
      let written: WrittenSong | null = null;
      songs.push({
        id,
        style: style.name,
        family: style.family,
        genre: style.genre,
        half: 'tuning',
        metre: metreOf(style),
        shape: 'steady',
        key: `${TONIC_NAMES[tonic]} ${mode}`,
        write() {
          if (written) return written;
          const rnd = randomFor(`realistic-extra:${id}`);
          const [from, to] = style.bpm ?? [0, 0];
          const bpm = Math.round((from + ((to - from) * (n + rnd.next())) / EXTRA_SONGS_PER_STYLE) * 10) / 10;
          written = writeSong({ style, bpm, tonic, mode, shape: 'steady', seconds: SONG_SECONDS }, rnd);
          return written;
        },
      });
    }
  }
  return songs;
}
