import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { argumentsOf, generated, readCatalogue, writtenFiles } from '../compile.ts';
import { LOCALES, negotiateLocale, splitLocalePath } from '../locales.ts';
import { CONVERTED, literalTexts } from './converted.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const english = readCatalogue('en');

describe('messages (lib/i18n)', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every message, no other, with the same placeholders as English`, () => {
      const catalogue = readCatalogue(locale);
      expect(Object.keys(catalogue).sort(), 'keys').to.deep.equal(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${locale} ${key} is empty`).not.to.equal('');
        const names = [...argumentsOf(text).keys()].sort();
        expect(names, `${locale} ${key}`).to.deep.equal([...argumentsOf(english[key]).keys()].sort());
      }
    });
  }

  it('the message modules are generated from the catalogues as they are (npm run messages)', async () => {
    const files = await generated();
    expect(writtenFiles().sort(), 'run npm run messages').to.deep.equal([...files.keys()].sort());
    for (const [file, source] of files)
      expect(
        readFileSync(path.join(root, 'lib/i18n', file), 'utf8') === source,
        `${file}: run npm run messages`,
      ).to.equal(true);
  });

  it('the converted files show no text that is not a message', () => {
    const found = CONVERTED.flatMap((file) =>
      literalTexts(readFileSync(path.join(root, file), 'utf8')).map((text) => `${file}: ${text}`),
    );
    expect(found).to.deep.equal([]);
  });

  it('finds literal texts in markup and in the attributes people read', () => {
    expect(literalTexts('<h1 class="x">Hello there</h1>')).to.deep.equal(['Hello there']);
    expect(literalTexts('<a aria-label="Close it" title={m.x()}>{m.y()}</a>')).to.deep.equal(['Close it']);
    expect(literalTexts('<AppLayout title="Page Not Found">')).to.deep.equal(['Page Not Found']);
    expect(literalTexts('<p>{m.a()}</p> <span>·</span> <b>404</b>')).to.deep.equal([]);
    expect(literalTexts('const load = () =>\n  apiRequest<T[]>(url);')).to.deep.equal([]);
  });
});

describe('locales (lib/i18n)', () => {
  it('takes the language of a URL prefix and leaves English and unknown prefixes alone', () => {
    expect(splitLocalePath('/es/artist/1')).to.deep.equal({ locale: 'es', path: '/artist/1' });
    expect(splitLocalePath('/pt-BR')).to.deep.equal({ locale: 'pt-BR', path: '/' });
    expect(splitLocalePath('/ar/')).to.deep.equal({ locale: 'ar', path: '/' });
    expect(splitLocalePath('/en/artist/1')).to.deep.equal({ locale: null, path: '/en/artist/1' });
    expect(splitLocalePath('/esx/1')).to.deep.equal({ locale: null, path: '/esx/1' });
    expect(splitLocalePath('/artists')).to.deep.equal({ locale: null, path: '/artists' });
  });

  it('negotiates Accept-Language by q-value, tag and primary language, within bounds', () => {
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8')).to.equal('fr');
    expect(negotiateLocale('en;q=0.5, ja;q=0.9')).to.equal('ja');
    expect(negotiateLocale('pt-PT')).to.equal('pt-BR');
    expect(negotiateLocale('ar-EG,ar;q=0.9')).to.equal('ar');
    expect(negotiateLocale('zh-CN, ko')).to.equal(null);
    expect(negotiateLocale('de;q=0')).to.equal(null);
    expect(negotiateLocale(`${'x-bogus;q=1,'.repeat(500)}es`)).to.equal(null);
    expect(negotiateLocale(undefined)).to.equal(null);
  });
});
