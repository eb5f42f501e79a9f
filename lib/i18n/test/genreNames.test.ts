import { expect } from 'chai';
import { GENRES } from '../../genres.ts';
import { genreName } from '../../genreNames.ts';
import { LOCALES } from '../locales.ts';
// The server's store of the request's language (api/i18n.ts), as the pages run with it.
import { inLocale } from '../../../api/i18n.ts';

describe('genre names (lib/genreNames.ts)', () => {
  it('names every genre in every language, English as stored', () => {
    expect(GENRES.map((g) => inLocale('en', () => genreName(g)))).to.deep.equal([...GENRES]);
    for (const locale of LOCALES)
      for (const genre of GENRES)
        expect(
          inLocale(locale, () => genreName(genre)),
          `${locale} ${genre}`,
        ).not.to.equal('');
    expect(inLocale('es', () => genreName('Electronic'))).to.equal('Electrónica');
    expect(inLocale('ja', () => genreName('Hip-Hop/Rap'))).to.equal('ヒップホップ/ラップ');
  });

  it('shows a genre from outside the list as it is stored', () => {
    expect(inLocale('de', () => genreName('Vaporwave'))).to.equal('Vaporwave');
    expect(inLocale('de', () => genreName('toString'))).to.equal('toString');
  });
});
