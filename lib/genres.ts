// The genre list: artists' (accounts' profile settings) and releases' (catalog, releases), below both.

/** Spec §3: the genre list (artists and releases). */
export const GENRES = [
  'Alternative',
  'Blues',
  'Classical',
  'Country',
  'Dance',
  'Electronic',
  'Folk',
  'Hip-Hop/Rap',
  'Jazz',
  'Latin',
  'Metal',
  'Pop',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Singer/Songwriter',
  'World',
] as const;

export type Genre = (typeof GENRES)[number];

export function isGenre(value: unknown): value is Genre {
  return typeof value === 'string' && (GENRES as readonly string[]).includes(value);
}
