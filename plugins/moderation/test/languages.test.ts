import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';

// Needs the built site (npx astro build). Issue 43: the copyright notice's page and the API's
// refusals in the reader's language, English unchanged.
describe('moderation in the reader’s language', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ pages: true });
  });
  after(() => server?.stop());

  it('refuses a notice without the good-faith statement in Accept-Language’s language', async () => {
    const notice = { trackUrl: '/tracks/1', work: 'My song', name: 'Rita Rights', email: 'rita@example.com' };
    const send = (headers: Record<string, string> = {}) =>
      server.client().post('/api/copyright-notices', { ...notice, goodFaith: false }, headers);
    expect((await send()).body).to.deep.equal({ message: 'Please confirm the good-faith statement' });
    const spanish = await send({ 'Accept-Language': 'es' });
    expect(spanish.status).to.equal(400);
    expect(spanish.body).to.deep.equal({ message: 'Confirma la declaración de buena fe' });
  });

  it('writes the copyright notice page right to left in Arabic', async () => {
    const page = await server.client().get('/ar/copyright');
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('<html lang="ar" dir="rtl"');
    expect(page.text).to.contain('إشعار حقوق النشر').and.contain('إلى الفنانين:');
    expect(page.text).not.to.contain('Copyright Notice');
    expect((await server.client().get('/copyright')).text).to.contain('Copyright Notice');
  });
});
