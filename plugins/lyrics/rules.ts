import type { FieldRules } from '../../api/validation/rules.ts';
import { LYRICS_LANGUAGES } from '../releases/rules.ts';

// Lyrics: limits and messages shared by the server's schemas, the editor and the parser (islands
// import this module).

/** A song's words fit in this (the longest rap verses run to about 10,000 characters). */
export const LYRICS_MAX_LENGTH = 20_000;

/** The wizard's language names, with their ISO 639-2 codes for apps (OpenSubsonic `lang`; `und` for Other). */
export const LANGUAGE_CODES: Record<(typeof LYRICS_LANGUAGES)[number], string> = {
  English: 'eng',
  Spanish: 'spa',
  French: 'fra',
  German: 'deu',
  Italian: 'ita',
  Japanese: 'jpn',
  Korean: 'kor',
  Mandarin: 'zho',
  Portuguese: 'por',
  Russian: 'rus',
  Other: 'und',
};

export const lyricsRules: FieldRules = {
  language: {
    label: 'Lyrics Language',
    type: 'string',
    enum: LYRICS_LANGUAGES,
    messages: { required: 'Please choose a lyrics language', enum: 'Please choose a lyrics language from the list' },
  },
  text: {
    label: 'Lyrics',
    type: 'string',
    minLength: 1,
    maxLength: LYRICS_MAX_LENGTH,
    messages: {
      required: 'Please paste or upload the lyrics',
      minLength: 'Please paste or upload the lyrics',
      maxLength: `Lyrics must be at most ${LYRICS_MAX_LENGTH.toLocaleString('en-US')} characters`,
    },
  },
};
export const lyricsRequired = ['language', 'text'] as const;

export const MESSAGES = {
  login: 'Please log in to edit lyrics',
  notYours: 'Only the track’s artist can edit its lyrics',
  trackNotFound: 'Track not found',
  none: 'This track has no lyrics',
  /** The parser's findings, each prefixed "Line N: " where it shows them. */
  unparseable: 'not a lyric line: expected [mm:ss.xx] before the words',
  outOfOrder: (previous: string) => `starts before the line above it (${previous})`,
  pastEnd: (end: string) => `starts after the track ends (${end})`,
  wordsOutOfOrder: 'its word timings <mm:ss.xx> go backwards',
  mixed: 'has no timestamp, but other lines do: time every line, or none',
};
