import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { MESSAGES } from '../rules.ts';

// Issue 43: the moderation API's refusals in Accept-Language's language (the people here chose
// none in Settings), English exactly as before without the header. No built site needed.
describe('moderation refusals in the reader’s language', () => {
  let server: TestServer;
  let admin: SignedUp, artist: SignedUp, fan: SignedUp;
  let trackId: number;

  const report = (who: SignedUp, body: object, language?: string) =>
    who.client.post('/api/reports', body, language ? { 'Accept-Language': language } : {});

  before(async () => {
    server = await startTestServer();
    admin = await signUp(server, 'mod', { role: 'admin' });
    artist = await signUp(server, 'singer', { artist: true });
    fan = await signUp(server, 'fanny');
    trackId = await addTrack(artist.artist!.id, 'Borrowed Tune', new Date('2026-11-02T10:00:00Z'));
  });
  after(() => server.stop());

  it('refuses a second report of the same item in Spanish, English unchanged', async () => {
    const body = { targetType: 'track', targetId: trackId, reason: 'spam' };
    expect((await report(fan, body)).status).to.equal(201);
    const english = await report(fan, body);
    expect(english.status).to.equal(409);
    expect(english.body).to.deep.equal({ message: MESSAGES.alreadyReported });
    const spanish = await report(fan, body, 'es-MX,es;q=0.9');
    expect(spanish.status).to.equal(409);
    expect(spanish.body).to.deep.equal({ message: 'Ya lo denunciaste; un moderador lo revisará' });
  });

  it('refuses one’s own work in French and a missing item in Arabic', async () => {
    const own = await report(artist, { targetType: 'artist', targetId: artist.artist!.id, reason: 'spam' }, 'fr');
    expect(own.status).to.equal(400);
    expect(own.body).to.deep.equal({ message: 'Vous ne pouvez pas signaler vos propres œuvres ou messages' });
    const missing = await report(fan, { targetType: 'track', targetId: 99999, reason: 'spam' }, 'ar');
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ message: 'لا يوجد شيء للإبلاغ عنه هنا' });
  });

  it('asks an anonymous reporter to log in in Japanese, and says which reason is missing in Portuguese', async () => {
    const anonymous = await server
      .client()
      .post('/api/reports', { targetType: 'track', targetId: trackId, reason: 'spam' }, { 'Accept-Language': 'ja' });
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body).to.deep.equal({ message: '報告するにはログインしてください' });
    const noReason = await report(fan, { targetType: 'track', targetId: trackId }, 'pt-BR');
    expect(noReason.status).to.equal(400);
    expect(noReason.body).to.deep.equal({ message: 'Escolha um motivo' });
  });

  it('refuses an action an item does not allow in German, with its values', async () => {
    const act = (language?: string) =>
      admin.client.post(
        `/api/moderation/items/artist/${artist.artist!.id}/actions`,
        { action: 'hide', reason: 'Seen and checked' },
        language ? { 'Accept-Language': language } : {},
      );
    expect((await act()).body).to.deep.equal({ message: 'A artist cannot be given “hide”' });
    const german = await act('de');
    expect(german.status).to.equal(400);
    expect(german.body).to.deep.equal({ message: '„hide“ ist für ein Element vom Typ artist nicht möglich' });
  });
});
