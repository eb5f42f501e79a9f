import type { FieldRules } from '../../../api/validation/rules.ts';
import { messageFor } from '../../../api/validation/rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { loginRules, passwordChangeRules, profileRules, registerRules } from '../rules.ts';

/**
 * The sign-in and registration forms' checks (the rules' English texts, shared with the API) in the
 * reader's language: only these few messages ship with the form, not the API's whole catalogue
 * (which the server uses, api/i18n.ts). plugins/accounts/test/ruleTexts.test.ts keeps the pairs true.
 */
const pairs: Array<[FieldRules, string, string, () => string]> = [
  [loginRules, 'username', 'required', m.api_username_required],
  [loginRules, 'password', 'required', m.api_password_required],
  [registerRules, 'username', 'required', m.api_username_required],
  [registerRules, 'username', 'minLength', m.api_username_min],
  [registerRules, 'username', 'pattern', m.api_username_pattern],
  [registerRules, 'password', 'required', m.api_password_required],
  [registerRules, 'password', 'minLength', m.api_password_min],
  [registerRules, 'email', 'required', m.api_email_required],
  [registerRules, 'email', 'pattern', m.api_email_pattern],
  [registerRules, 'name', 'required', m.api_name_required],
  [registerRules, 'name', 'minLength', m.api_name_min],
  [profileRules, 'bio', 'maxLength', m.api_bio_max],
  [passwordChangeRules, 'currentPassword', 'minLength', m.api_password_current],
];

export const RULE_TEXTS: ReadonlyArray<[english: string, message: () => string]> = pairs.map(
  ([rules, field, keyword, message]) => [messageFor(rules, field, keyword), message],
);

const byEnglish = new Map(RULE_TEXTS);

/** A form check's text in the current language (English when it is not one of the pairs). */
export function ruleText(english: string | undefined): string | undefined {
  return english && (byEnglish.get(english)?.() ?? english);
}
