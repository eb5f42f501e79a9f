import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('insights: private preview links', function () {
  this.timeout(60_000);
  let server: TestServer;
  let clock = new Date('2026-11-20T10:00:00Z');
  let nova: SignedUp;
  let other: SignedUp;
  let unreleased: number;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    nova = await signUp(server, 'nova', { artist: true });
    other = await signUp(server, 'orbit', { artist: true });
    unreleased = await addTrack(nova.artist!.id, 'Coming', new Date('2026-12-01T00:00:00Z'));
  });
  after(() => server.stop());

  const make = (who: SignedUp, body: object) => who.client.post('/api/insights/links', body);
  const playWith = (link: string, trackId = unreleased) =>
    server.client({ 'User-Agent': BROWSER }).post('/api/plays', { trackId, event: 'start', source: 'home', link });

  it('answers 401 without a session, before reading a body', async () => {
    const res = await server.client().post('/api/insights/links', { trackId: unreleased, expiresOn: '2026-11-30' });
    expect([res.status, res.body]).to.deep.equal([401, { message: 'Please log in to see your dashboard' }]);
    expect((await server.client().delete('/api/insights/links/1')).status).to.equal(401);
    expect((await server.client().get('/api/insights/links')).status).to.equal(401);
  });

  it("refuses another artist's track, a past day and one beyond 90 days", async () => {
    const cases: Array<[SignedUp, object, number, string]> = [
      [other, { trackId: unreleased, expiresOn: '2026-11-30' }, 403, 'You can only share your own tracks'],
      [
        nova,
        { trackId: unreleased, expiresOn: '2026-11-19' },
        400,
        'Please pick an expiry date within the next 90 days',
      ],
      [
        nova,
        { trackId: unreleased, expiresOn: '2027-03-01' },
        400,
        'Please pick an expiry date within the next 90 days',
      ],
      [
        nova,
        { trackId: unreleased, expiresOn: '2026-02-30' },
        400,
        'Please pick an expiry date within the next 90 days',
      ],
      [nova, { trackId: unreleased, expiresOn: 'tomorrow' }, 400, 'Please pick an expiry date within the next 90 days'],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await make(who, body);
      expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([status, { message }]);
    }
    expect(await server.app.kernel.knex('private_links').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it('plays an unreleased track through the link as source "private link", until the end of its day', async () => {
    const res = await make(nova, { trackId: unreleased, expiresOn: '2026-11-25' });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({ trackId: unreleased, trackTitle: 'Coming', expiresOn: '2026-11-25', revoked: false });
    expect(res.body.token).to.match(/^[A-Za-z0-9_-]{43}$/);
    const counted = await playWith(res.body.token);
    expect([counted.status, counted.body]).to.deep.equal([201, { counted: true }]);
    const [event] = await server.app.kernel.knex('play_events').where({ trackId: unreleased });
    expect(event.source).to.equal('private');
    // The link opens its own track only.
    const elsewhere = await addTrack(nova.artist!.id, 'Public', new Date('2026-11-02T00:00:00Z'));
    expect((await playWith(res.body.token, elsewhere)).status).to.equal(403);
    expect(await server.app.kernel.services.insights.preview(res.body.token)).to.have.nested.property(
      'track.title',
      'Coming',
    );
    // The processed stream, not the uploaded master (issue 44 point 10).
    await server.app.kernel
      .knex('tracks')
      .where({ id: unreleased })
      .update({ masterUrl: '/media/master.wav', audioUrl: '/media/master.wav', streamUrl: '/media/stream.m4a' });
    const heard = (await server.app.kernel.services.insights.preview(res.body.token))!.track;
    expect([heard.audioUrl, heard.playback.losslessUrl]).to.deep.equal(['/media/stream.m4a', null]);
    clock = new Date('2026-11-25T23:59:59Z');
    expect((await server.app.kernel.services.insights.preview(res.body.token))?.expiresOn).to.equal('2026-11-25');
    clock = new Date('2026-11-26T00:00:00Z');
    expect(await server.app.kernel.services.insights.preview(res.body.token)).to.equal(null);
    expect((await playWith(res.body.token)).body).to.deep.equal({
      message: 'This private link has expired or was revoked',
    });
  });

  it('stops at once when revoked, only by its artist', async () => {
    const { token, id } = (await make(nova, { trackId: unreleased, expiresOn: '2026-12-10' })).body;
    expect((await playWith(token)).status).to.be.oneOf([200, 201]);
    const stranger = await other.client.delete(`/api/insights/links/${id}`);
    expect([stranger.status, stranger.body]).to.deep.equal([404, { message: 'Private link not found' }]);
    const revoked = await nova.client.delete(`/api/insights/links/${id}`);
    expect([revoked.status, revoked.body.revoked]).to.deep.equal([200, true]);
    expect((await playWith(token)).status).to.equal(404);
    expect(await server.app.kernel.services.insights.preview(token)).to.equal(null);
    const listed = (await nova.client.get('/api/insights/links')).body.links;
    expect(listed.map((l: { id: number; revoked: boolean }) => [l.id, l.revoked])).to.deep.include([id, true]);
    expect((await other.client.get('/api/insights/links')).body.links).to.deep.equal([]);
  });
});
