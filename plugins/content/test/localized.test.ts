import { expect } from 'chai';
import { inLocale } from '../../../api/i18n.ts';
import { DEFAULT_VALUES } from '../blocks.ts';
import { DEFAULT_TEXTS, inReadersLanguage } from '../localized.ts';

describe('content: the default blocks in the reader’s language (localized.ts)', () => {
  it('says each default block in English exactly as the blocks define it', () => {
    for (const [key, message] of Object.entries(DEFAULT_TEXTS))
      expect(inLocale('en', message), key).to.equal(DEFAULT_VALUES[key]);
  });

  it('translates what the admin left as it came, never what they wrote', () => {
    const values = { ...DEFAULT_VALUES, hero_subtitle: 'Written by the admin' };
    const spanish = inLocale('es', () => inReadersLanguage(values));
    expect(spanish.hero_title).to.equal('Una canción. Al mes. Una oportunidad. Para siempre.');
    expect(spanish.hero_subtitle).to.equal('Written by the admin');
  });
});
