import * as m from '../../lib/i18n/messages.ts';
import { intlLocale, perLocale } from '../../lib/i18n/format.ts';
import { LANGUAGE_CODES } from './rules.ts';

// A lyrics language is stored by its English name (spec §3's list); a reader sees it in their own
// language, named by Intl from its code. English keeps the list's names ("Mandarin").
const NAMES = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'language' }));

export function languageName(language: string): string {
  if (intlLocale() === 'en') return language;
  const code = LANGUAGE_CODES[language as keyof typeof LANGUAGE_CODES];
  if (!code || code === 'und') return language === 'Other' ? m.lyrics_other_language() : language;
  return NAMES().of(code) ?? language;
}
