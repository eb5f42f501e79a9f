import * as m from '../../lib/i18n/messages.ts';
import type { CONTENT_TYPES, LYRICS_LANGUAGES, LANGUAGES, TRACK_ORIGINS } from './rules.ts';

// The release form's choices as the reader's language names them; the stored values (rules.ts) stay
// the English ones the API takes. Genres have theirs in lib/genreNames.ts.

type Choice = (typeof LANGUAGES)[number] | (typeof LYRICS_LANGUAGES)[number];

const LANGUAGE_NAMES: Record<Choice, () => string> = {
  English: m.wizard_lang_english,
  Spanish: m.wizard_lang_spanish,
  French: m.wizard_lang_french,
  German: m.wizard_lang_german,
  Italian: m.wizard_lang_italian,
  Japanese: m.wizard_lang_japanese,
  Korean: m.wizard_lang_korean,
  Mandarin: m.wizard_lang_mandarin,
  Portuguese: m.wizard_lang_portuguese,
  Russian: m.wizard_lang_russian,
  Instrumental: m.wizard_lang_instrumental,
  Other: m.wizard_lang_other,
};

const CONTENT_TYPE_NAMES: Record<(typeof CONTENT_TYPES)[number], () => string> = {
  'Not Explicit': m.wizard_content_not_explicit,
  Explicit: m.wizard_content_explicit,
  Clean: m.wizard_content_clean,
};

const ORIGIN_NAMES: Record<(typeof TRACK_ORIGINS)[number], () => string> = {
  Original: m.wizard_origin_original,
  Cover: m.wizard_origin_cover,
};

/** A stored value's name from `names`; a value from before the list (or unknown) as stored. */
function nameIn(names: Record<string, () => string>, value: string): string {
  return Object.hasOwn(names, value) ? names[value]() : value;
}

/** A title or lyrics language ("Instrumental", "Other" included) in the current language. */
export const languageName = (value: string): string => nameIn(LANGUAGE_NAMES, value);
/** A content type; Clean reads "Clean (Edited)" in English. */
export const contentTypeName = (value: string): string => nameIn(CONTENT_TYPE_NAMES, value);
/** A track origin (Original, Cover). */
export const trackOriginName = (value: string): string => nameIn(ORIGIN_NAMES, value);
