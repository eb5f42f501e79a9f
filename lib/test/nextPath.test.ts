import { expect } from 'chai';
import { safeNextPath, signInPath } from '../nextPath.ts';

describe('where signing in returns to (next)', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeNextPath('/artist/3')).to.equal('/artist/3');
    expect(safeNextPath('/search?q=nova&page=2#top')).to.equal('/search?q=nova&page=2#top');
    expect(safeNextPath('/tracks/1/../2')).to.equal('/tracks/2');
  });

  it('refuses anything that could leave the site or loop', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' /artist/3',
      '/a b',
      '/api/auth/logout',
      '/login?next=/x',
      '/auth',
      '',
      null,
      undefined,
      `/${'a'.repeat(1000)}`,
    ]) {
      expect(safeNextPath(raw), String(raw)).to.equal(null);
    }
  });

  it('builds the sign-in link back to a page, on the Login or the Register tab', () => {
    expect(signInPath('/artist/3')).to.equal('/login?next=%2Fartist%2F3');
    expect(signInPath('/welcome', 'register')).to.equal('/login?tab=register&next=%2Fwelcome');
    expect(signInPath('/')).to.equal('/login');
    expect(signInPath('//evil.example')).to.equal('/login');
  });
});
