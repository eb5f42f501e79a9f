import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';

const ECONOMY_PLUGINS = ['accounts', 'catalog', 'content', 'credits', 'messaging', 'admin'];

describe('admin: platform stats', () => {
  let server: TestServer;
  let admin: SignedUp, superadmin: SignedUp, fan: SignedUp, artist: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ECONOMY_PLUGINS });
    admin = await signUp(server, 'admin', { role: 'admin' });
    superadmin = await signUp(server, 'root', { role: 'superadmin' });
    fan = await signUp(server, 'fanny');
    artist = await signUp(server, 'arty', { artist: true });
  });
  after(() => server.stop());

  it('answers 401 anonymous and 403 to a listener or an artist', async () => {
    expect((await server.client().get('/api/admin/stats')).status).to.equal(401);
    expect((await fan.client.get('/api/admin/stats')).status).to.equal(403);
    expect((await artist.client.get('/api/admin/stats')).status).to.equal(403);
  });

  it('counts users, artists, tracks and active subscriptions for admins and superadmins', async () => {
    const knex = server.app.kernel.knex;
    const now = Date.now();
    await knex('tracks').insert(
      [1, 2].map((n) => ({
        artistId: artist.artist!.id,
        title: `Song ${n}`,
        audioUrl: `/media/${n}.mp3`,
        uploadDate: now,
        createdAt: now,
      })),
    );
    expect((await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id })).status).to.equal(201);
    const res = await admin.client.get('/api/admin/stats');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ totalUsers: 4, totalArtists: 1, totalTracks: 2, totalActiveSubscriptions: 1 });
    expect((await superadmin.client.get('/api/admin/stats')).body.totalActiveSubscriptions).to.equal(1);
  });

  it('stops counting a deleted account', async () => {
    await fan.client.post(`/api/users/${fan.user.id}/deletion`, { password: 'secret123' });
    const stats = (await admin.client.get('/api/admin/stats')).body;
    // Its subscriptions ended with it (the artist's dashboard counts them lost).
    expect([stats.totalUsers, stats.totalActiveSubscriptions]).to.deep.equal([3, 0]);
  });
});
