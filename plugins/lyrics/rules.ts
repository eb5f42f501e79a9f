import type { FieldRules } from '../../api/validation/rules.ts';
import { LYRICS_LANGUAGES } from '../releases/rules.ts';
import * as m from '../../lib/i18n/messages.ts';

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
  /** The parser's findings (messages lyrics_…, in the reader's language), each prefixed "Line N: " where shown. */
  unparseable: m.lyrics_unparseable,
  outOfOrder: (previous: string) => m.lyrics_out_of_order({ previous }),
  pastEnd: (end: string) => m.lyrics_past_end({ end }),
  wordsOutOfOrder: m.lyrics_words_out_of_order,
  mixed: m.lyrics_mixed,
};
