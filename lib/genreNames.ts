import * as m from './i18n/messages.ts';
import type { Genre } from './genres.ts';

// The genres as the reader's language names them; the stored value (lib/genres.ts) stays the English one.

const NAMES: Record<Genre, () => string> = {
  Alternative: m.genre_alternative,
  Blues: m.genre_blues,
  Classical: m.genre_classical,
  Country: m.genre_country,
  Dance: m.genre_dance,
  Electronic: m.genre_electronic,
  Folk: m.genre_folk,
  'Hip-Hop/Rap': m.genre_hip_hop,
  Jazz: m.genre_jazz,
  Latin: m.genre_latin,
  Metal: m.genre_metal,
  Pop: m.genre_pop,
  'R&B/Soul': m.genre_rnb,
  Reggae: m.genre_reggae,
  Rock: m.genre_rock,
  'Singer/Songwriter': m.genre_singer_songwriter,
  World: m.genre_world,
};

/** A stored genre in the current language; one from before the list (or unknown) as stored. */
export function genreName(genre: string): string {
  return Object.hasOwn(NAMES, genre) ? NAMES[genre as Genre]() : genre;
}
