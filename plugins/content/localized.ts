import * as m from '../../lib/i18n/messages.ts';
import { DEFAULT_VALUES } from './blocks.ts';

/** The default texts of the blocks as messages (lib/i18n: content_<key>), in every language. */
export const DEFAULT_TEXTS: Record<string, () => string> = {
  hero_title: m.content_hero_title,
  hero_subtitle: m.content_hero_subtitle,
  mission_1_title: m.content_mission_1_title,
  mission_1_text: m.content_mission_1_text,
  mission_2_title: m.content_mission_2_title,
  mission_2_text: m.content_mission_2_text,
  mission_3_title: m.content_mission_3_title,
  mission_3_text: m.content_mission_3_text,
  step_1_title: m.content_step_1_title,
  step_1_text: m.content_step_1_text,
  step_2_title: m.content_step_2_title,
  step_2_text: m.content_step_2_text,
  step_3_title: m.content_step_3_title,
  step_3_text: m.content_step_3_text,
  step_4_title: m.content_step_4_title,
  step_4_text: m.content_step_4_text,
};

/**
 * The blocks as the reader reads them: a text the admin left as it came is the default's message in
 * the reader's language; one they wrote is theirs, in the language they wrote it in (issue 43).
 */
export function inReadersLanguage(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === DEFAULT_VALUES[key] && DEFAULT_TEXTS[key] ? DEFAULT_TEXTS[key]() : value,
    ]),
  );
}
