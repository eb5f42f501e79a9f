import { messageFor, type RuleKeyword } from '../../../../api/validation/rules.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { AUDIO_RULES, DATE_MESSAGES, IMAGE_RULES, trackRules } from '../../rules.ts';

/**
 * The release form's checks (rules.ts's English texts, the API's own refusals) in the reader's language,
 * as plugins/accounts/islands/ruleTexts.ts does for the sign-in forms: each is an `api_release_…` message
 * whose English is the rule's text, so the API's refusal of the same rule is translated too (api/i18n.ts).
 * plugins/releases/test/ruleTexts.test.ts keeps the pairs true.
 */
const fieldPairs: Array<[string, RuleKeyword, () => string]> = [
  ['title', 'required', m.api_release_title_required],
  ['title', 'minLength', m.api_release_title_min],
  ['title', 'maxLength', m.api_release_title_max],
  ['label', 'maxLength', m.api_release_label_max],
  ['genre', 'required', m.api_release_genre_required],
  ['language', 'required', m.api_release_language_required],
  ['description', 'maxLength', m.api_release_description_max],
  ['isrc', 'pattern', m.api_release_isrc_pattern],
  ['tikTokStartTime', 'minimum', m.api_release_tiktok_min],
  ['tikTokStartTime', 'type', m.api_release_tiktok_type],
];

export const RULE_TEXTS: ReadonlyArray<[english: string, message: () => string]> = [
  ...fieldPairs.map(([field, keyword, message]): [string, () => string] => [
    messageFor(trackRules, field, keyword),
    message,
  ]),
  [DATE_MESSAGES.previousRequired, m.api_release_previous_required],
  [DATE_MESSAGES.previousRange, m.api_release_previous_range],
  [DATE_MESSAGES.releaseRequired, m.api_release_date_required],
  [DATE_MESSAGES.tikTokBeyond, m.api_release_tiktok_beyond],
  [DATE_MESSAGES.lyricsLanguage, m.api_release_lyrics_language],
  [IMAGE_RULES.messages.type, m.api_photo_not_image],
  [IMAGE_RULES.messages.size, m.api_photo_too_large],
  [IMAGE_RULES.messages.small, m.api_release_image_small],
  [IMAGE_RULES.messages.corrupt, m.api_release_image_corrupt],
  [AUDIO_RULES.messages.type, m.api_release_audio_type],
  [AUDIO_RULES.messages.size, m.api_release_audio_size],
  [AUDIO_RULES.messages.corrupt, m.api_release_audio_corrupt],
];

const byEnglish = new Map(RULE_TEXTS);

/** A rule's text in the current language; any other text (a server's answer, translated already) as is. */
export function ruleText(english: string): string {
  return byEnglish.get(english)?.() ?? english;
}
