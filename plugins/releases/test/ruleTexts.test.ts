import { expect } from 'chai';
import { inLocale } from '../../../api/i18n.ts';
import { detailsErrors, emptyDraft } from '../form.ts';
import { RULE_TEXTS, ruleText } from '../islands/wizard/ruleTexts.ts';

describe('releases: the wizard’s checks in the reader’s language (islands/wizard/ruleTexts.ts)', () => {
  it('pairs each rule’s English text with the message that says it', () => {
    for (const [english, message] of RULE_TEXTS) expect(inLocale('en', message)).to.equal(english);
  });

  it('says step 1’s refusals in the page’s language and leaves other texts alone', () => {
    const errors = detailsErrors(emptyDraft(new Date('2026-12-02T00:00:00Z')), new Date('2026-12-02T00:00:00Z'));
    expect(inLocale('es', () => ruleText(errors.genre ?? ''))).to.equal('El género es obligatorio');
    expect(inLocale('de', () => ruleText(errors.title ?? ''))).to.equal('Der Titel ist erforderlich');
    expect(inLocale('en', () => ruleText(errors.language ?? ''))).to.equal('Language is required');
    expect(inLocale('fr', () => ruleText('Something else'))).to.equal('Something else');
  });
});
