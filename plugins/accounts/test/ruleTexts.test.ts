import { expect } from 'chai';
import { inLocale } from '../../../api/i18n.ts';
import { RULE_TEXTS, ruleText } from '../islands/ruleTexts.ts';

describe('accounts: the forms’ checks in the reader’s language (islands/ruleTexts.ts)', () => {
  it('pairs each rule’s English text with the message that says it', () => {
    for (const [english, message] of RULE_TEXTS) expect(inLocale('en', message)).to.equal(english);
    expect(inLocale('de', () => ruleText('Password must be at least 6 characters'))).to.equal(
      'Das Passwort muss mindestens 6 Zeichen lang sein',
    );
    expect(inLocale('de', () => ruleText('Something else'))).to.equal('Something else');
  });
});
