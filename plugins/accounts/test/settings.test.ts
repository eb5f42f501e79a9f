import { expect } from 'chai';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from './fixtures.ts';

describe('accounts: preferences and account deletion', () => {
  let server: TestServer;
  let alice: SignedUp, bob: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts'] });
    alice = await signUp(server, 'alice', { artist: true });
    bob = await signUp(server, 'bob');
  });
  after(() => server.stop());

  describe('preferences', () => {
    it('answers 401 to anonymous reads and writes', async () => {
      expect((await server.client().get('/api/users/me/preferences')).status).to.equal(401);
      expect((await server.client().patch('/api/users/me/preferences', { darkMode: false })).status).to.equal(401);
    });

    it('starts with all four toggles on', async () => {
      const res = await alice.client.get('/api/users/me/preferences');
      expect(res.body).to.deep.equal({ emailNotifications: true, inAppNotifications: true, darkMode: true, highQualityAudio: true });
    });

    it('persists a change for this user only', async () => {
      const res = await alice.client.patch('/api/users/me/preferences', { emailNotifications: false, highQualityAudio: false });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ emailNotifications: false, inAppNotifications: true, darkMode: true, highQualityAudio: false });
      await alice.client.patch('/api/users/me/preferences', { darkMode: false });
      expect((await alice.client.get('/api/users/me/preferences')).body).to.deep.equal({
        emailNotifications: false,
        inAppNotifications: true,
        darkMode: false,
        highQualityAudio: false,
      });
      expect((await bob.client.get('/api/users/me/preferences')).body.emailNotifications).to.equal(true);
    });

    it('refuses a toggle that is not a boolean', async () => {
      const res = await alice.client.patch('/api/users/me/preferences', { darkMode: 'off' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'Dark mode must be a boolean' });
    });
  });

  let photo = '';

  describe('profile photo', () => {
    const png = async (width: number, height: number) =>
      `data:image/png;base64,${(await sharp({ create: { width, height, channels: 3, background: '#c33' } }).png().toBuffer()).toString('base64')}`;

    it('answers 401 to an anonymous upload', async () => {
      expect((await server.client().post('/api/users/me/photo', { data: await png(10, 10) })).status).to.equal(401);
    });

    it('stores a square JPEG, serves it under /media and uses it for the artist too', async () => {
      const res = await alice.client.post('/api/users/me/photo', { data: await png(600, 400) });
      expect(res.status).to.equal(200);
      expect(res.body.profileImage).to.match(/^\/media\/avatars\/\d+-[0-9a-f]{12}\.jpg$/);
      const file = await fetch(server.url + res.body.profileImage);
      expect(file.headers.get('content-type')).to.equal('image/jpeg');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['jpeg', 256, 256]);
      const artist = await server.app.kernel.knex('artists').where({ userId: alice.user.id }).first();
      expect(artist.profileImage).to.equal(res.body.profileImage);
      photo = res.body.profileImage;
    });

    it('removes the old file when the photo is replaced', async () => {
      const res = await alice.client.post('/api/users/me/photo', { data: await png(300, 300) });
      expect((await fetch(server.url + photo)).status).to.equal(404);
      expect((await fetch(server.url + res.body.profileImage)).status).to.equal(200);
      photo = res.body.profileImage;
    });

    it('refuses data that is not an image', async () => {
      for (const data of ['data:image/png;base64,aGVsbG8=', 'data:text/plain;base64,aGVsbG8=', 'not a data url']) {
        const res = await alice.client.post('/api/users/me/photo', { data });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: 'File must be an image (jpg, png, etc.)' });
      }
    });
  });

  describe('delete account', () => {
    it('answers 401 anonymous, 403 for someone else’s account, 404 for an unknown one', async () => {
      expect((await server.client().delete(`/api/users/${bob.user.id}`)).status).to.equal(401);
      expect((await alice.client.delete(`/api/users/${bob.user.id}`)).status).to.equal(403);
      expect((await alice.client.delete('/api/users/99999')).status).to.equal(404);
      expect((await bob.client.get('/api/auth/user')).status).to.equal(200);
    });

    it('wipes the personal data, ends every session and forbids logging in again', async () => {
      const secondDevice = server.client();
      expect((await secondDevice.post('/api/auth/login', { username: 'alice', password: 'secret123' })).status).to.equal(200);
      const res = await alice.client.delete(`/api/users/${alice.user.id}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ message: 'Your account has been deleted' });
      expect((await alice.client.get('/api/auth/user')).status).to.equal(401);
      expect((await secondDevice.get('/api/auth/user')).status).to.equal(401);
      expect((await server.client().post('/api/auth/login', { username: 'alice', password: 'secret123' })).status).to.equal(401);

      const knex = server.app.kernel.knex;
      const row = await knex('users').where({ id: alice.user.id }).first();
      expect(row).to.include({ username: `deleted-${alice.user.id}`, name: 'Deleted user', bio: '', profileImage: null });
      expect(JSON.stringify(row)).not.to.match(/alice/i);
      expect(row.deletedAt).to.be.a('number');
      const artist = await knex('artists').where({ userId: alice.user.id }).first();
      expect(artist).to.include({ name: 'Deleted artist', bio: '', profileImage: null });
      expect(await knex('user_preferences').where({ userId: alice.user.id })).to.deep.equal([]);
      expect((await fetch(server.url + photo)).status).to.equal(404);
    });

    it('frees the username and email for a new account', async () => {
      const again = await server.client().post('/api/auth/register', { username: 'alice', password: 'secret123', email: 'alice@example.com', name: 'Alice Again' });
      expect(again.status).to.equal(201);
    });
  });
});
