import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';

// Needs the built site (npx astro build). Issue 43: the catalog's API texts and pages in the
// reader's language (the artist and track pages, their not-found states), English unchanged.
describe('catalog in the reader’s language', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp;

  before(async () => {
    server = await startTestServer({ pages: true });
    artist = await signUp(server, 'noor', { artist: true });
  });
  after(() => server?.stop());

  it('answers a subscription without a session in Accept-Language’s language', async () => {
    const subscribe = (headers: Record<string, string> = {}) =>
      server.client().post('/api/subscriptions', { artistId: artist.artist!.id, active: true }, headers);
    const english = await subscribe();
    expect(english.status).to.equal(401);
    expect(english.body.message).to.equal('Please log in to subscribe to artists');
    const arabic = await subscribe({ 'Accept-Language': 'ar' });
    expect(arabic.status).to.equal(401);
    expect(arabic.body.message).to.equal('يُرجى تسجيل الدخول للاشتراك في الفنانين');
    expect((await subscribe({ 'Accept-Language': 'de' })).body.message).to.equal(
      'Bitte melde dich an, um Artists zu abonnieren',
    );
  });

  it('writes the artist page and the missing track in the URL’s language', async () => {
    const page = await server.client().get(`/ar/artist/${artist.artist!.id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('<html lang="ar" dir="rtl"');
    expect(page.text).to.contain('المستمعون الشهريون').and.contain('لا إصدارات بعد');
    expect(page.text).not.to.contain('Monthly listeners');
    const english = await server.client().get(`/artist/${artist.artist!.id}`);
    expect(english.text).to.contain('Monthly listeners').and.contain('No Drops Yet');
    const missing = await server.client().get('/ja/tracks/999999');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('トラックが見つかりません');
    const gone = await server.client().get('/fr/artist/999999');
    expect(gone.status).to.equal(404);
    expect(gone.text).to.contain('Artiste introuvable').and.contain('href="/fr/artists"');
  });
});
