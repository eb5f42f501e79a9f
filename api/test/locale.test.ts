import { expect } from 'chai';
import { signUp, type SignedUp } from '../../plugins/accounts/test/fixtures.ts';
import { startTestServer, type TestServer } from './server.ts';

// Issue 43: a request's language (api/http/locale.ts), the API's texts in it (api/http/errors.ts,
// api/i18n.ts), and the pages' language alternates; one server, with the demo catalogue.
describe('languages: the API texts and the pages of a request (api/http/locale.ts)', () => {
  let server: TestServer;
  let fan: SignedUp;

  before(async function () {
    // The demo catalogue is seeded first (a while on MariaDB on a busy machine).
    this.timeout(120_000);
    server = await startTestServer({ pages: true, seedDemo: true });
    fan = await signUp(server, 'lena');
  });
  after(() => server?.stop());

  const login = (headers: Record<string, string> = {}) =>
    server.client().post('/api/auth/login', { username: 'nobody', password: 'wrong' }, headers);

  it("answers the API's errors in Accept-Language's language, English texts unchanged without it", async () => {
    expect((await login()).body.message).to.equal('Invalid username or password');
    expect((await login({ 'Accept-Language': 'de-AT,de;q=0.9' })).body.message).to.equal(
      'Benutzername oder Passwort ist falsch',
    );
    expect((await login({ 'Accept-Language': 'zh-CN' })).body.message).to.equal('Invalid username or password');
    // The kernel's own texts and the rules' validation texts too.
    expect((await server.client().get('/api/nope', { 'Accept-Language': 'ar' })).body.message).to.equal(
      'نقطة واجهة البرمجة هذه غير موجودة',
    );
    const empty = await server
      .client()
      .post('/api/auth/login', { username: '', password: 'x' }, { 'Accept-Language': 'ja' });
    expect(empty.status).to.equal(400);
    expect(empty.body.message).to.equal('ユーザー名を入力してください');
  });

  it('answers a signed-in person in the language they chose in Settings, whatever the browser says', async () => {
    const es = { 'Accept-Language': 'es' };
    expect((await fan.client.patch('/api/users/me/preferences', { locale: 'bogus' }, es)).status).to.equal(400);
    expect((await fan.client.patch('/api/users/me/preferences', { locale: 'fr' })).body.locale).to.equal('fr');
    // credits: yourself (an artist allocating to their own record) and a balance too small, with its plural.
    const artist = await signUp(server, 'mika', { artist: true });
    await artist.client.patch('/api/users/me/preferences', { locale: 'pt-BR' });
    const self = await artist.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1 }, es);
    expect(self.body.message).to.equal('Você não pode destinar créditos a si mesmo');
    const tooMany = await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1000 }, es);
    expect(tooMany.status).to.equal(400);
    expect(tooMany.body.message).to.match(/^Il ne vous reste que 100 crédits disponibles$/);
    await fan.client.patch('/api/users/me/preferences', { locale: 'auto' });
    expect(
      (await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1000 })).body.message,
    ).to.equal('You only have 100 credits available');
  });

  it(
    'serves every page under each language prefix, with its canonical URL, ' + 'hreflang alternates and og:locale',
    async () => {
      const page = await server.client().get('/es/artist/1');
      expect(page.status).to.equal(200);
      expect(page.text).to.match(/<html lang="es" dir="ltr"/);
      expect(page.text).to.include(`<link rel="canonical" href="${server.url}/es/artist/1">`);
      for (const [lang, path] of [
        ['en', '/artist/1'],
        ['pt-BR', '/pt-BR/artist/1'],
        ['ar', '/ar/artist/1'],
        ['x-default', '/artist/1'],
      ])
        expect(page.text).to.include(`<link rel="alternate" hreflang="${lang}" href="${server.url}${path}">`);
      expect(page.text).to.include('<meta property="og:locale" content="es_ES">');
      expect(page.text).to.include('<meta property="og:locale:alternate" content="ar_AR">');
      expect(page.text).to.include('href="/es/discover"');
      const arabic = await server.client().get('/ar');
      expect(arabic.text).to.match(/<html lang="ar" dir="rtl"/);
      expect(arabic.text).to.include('الرئيسية');
      // English keeps its URLs; a prefix that is no language is an ordinary (missing) path.
      expect((await server.client().get('/')).text).to.match(/<html lang="en" dir="ltr"/);
      expect((await server.client().get('/en/artist/1')).status).to.equal(404);
      const sitemap = (await server.client().get('/sitemap.xml')).text;
      expect(sitemap).to.include(`<xhtml:link rel="alternate" hreflang="ja" href="${server.url}/ja/artist/1"/>`);
      expect(sitemap).to.include(`<xhtml:link rel="alternate" hreflang="x-default" href="${server.url}/artist/1"/>`);
    },
  );

  it(
    "suggests the browser's language in a banner, no redirect, one cached copy per " + 'language, until dismissed',
    async () => {
      const banner = (text: string) => /data-testid="locale-banner"><span>([^<]*)/.exec(text)?.[1] ?? null;
      const fr = await server.client().get('/artists', { 'Accept-Language': 'fr-CA,fr;q=0.9' });
      expect(fr.status).to.equal(200);
      expect(fr.text).to.match(/<html lang="en"/);
      expect(banner(fr.text)).to.equal('Lire OneTrack en français ?');
      expect(fr.text).to.include('href="/fr/artists"');
      // Another language is another entry of the page cache; another spelling of the same is the same.
      expect(banner((await server.client().get('/artists', { 'Accept-Language': 'ja' })).text)).to.equal(
        'OneTrackを日本語で表示しますか？',
      );
      expect(banner((await server.client().get('/artists', { 'Accept-Language': 'fr;q=0.5, zz' })).text)).to.equal(
        'Lire OneTrack en français ?',
      );
      expect(banner((await server.client().get('/artists')).text)).to.equal(null);
      expect(banner((await server.client().get('/fr/artists', { 'Accept-Language': 'fr' })).text)).to.equal(null);
      const dismissed = await server.client().get('/artists', { 'Accept-Language': 'fr', Cookie: 'lang_hint=off' });
      expect(banner(dismissed.text)).to.equal(null);
    },
  );

  it("renders a signed-in person's pages in their language, and a prefixed URL in the prefix's", async () => {
    await fan.client.patch('/api/users/me/preferences', { locale: 'de' });
    expect((await fan.client.get('/discover')).text).to.match(/<html lang="de"/);
    expect((await fan.client.get('/ja/discover')).text).to.match(/<html lang="ja"/);
    await fan.client.patch('/api/users/me/preferences', { locale: 'auto' });
    expect((await fan.client.get('/discover')).text).to.match(/<html lang="en"/);
  });
});
