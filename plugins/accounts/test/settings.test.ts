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
      expect((await server.client().patch('/api/users/me/preferences', { theme: 'light' })).status).to.equal(401);
    });

    it('starts with every toggle on, loudness matching included, and the theme following the device', async () => {
      const res = await alice.client.get('/api/users/me/preferences');
      expect(res.body).to.deep.equal({
        emailNotifications: true,
        inAppNotifications: true,
        theme: 'system',
        locale: 'auto',
        highQualityAudio: true,
        normaliseLoudness: true,
      });
    });

    it('persists a change for this user only', async () => {
      const res = await alice.client.patch('/api/users/me/preferences', {
        emailNotifications: false,
        highQualityAudio: false,
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        emailNotifications: false,
        inAppNotifications: true,
        theme: 'system',
        locale: 'auto',
        highQualityAudio: false,
        normaliseLoudness: true,
      });
      await alice.client.patch('/api/users/me/preferences', { theme: 'light', normaliseLoudness: false });
      expect((await alice.client.get('/api/users/me/preferences')).body).to.deep.equal({
        emailNotifications: false,
        inAppNotifications: true,
        theme: 'light',
        locale: 'auto',
        highQualityAudio: false,
        normaliseLoudness: false,
      });
      expect((await bob.client.get('/api/users/me/preferences')).body).to.include({
        emailNotifications: true,
        normaliseLoudness: true,
        theme: 'system',
      });
    });

    it(
      'refuses a toggle that is not a boolean and a theme that is not one of the ' + 'three, changing nothing',
      async () => {
        const before = (await alice.client.get('/api/users/me/preferences')).body;
        let res = await alice.client.patch('/api/users/me/preferences', { highQualityAudio: 'off' });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: 'High quality audio must be a boolean' });
        res = await alice.client.patch('/api/users/me/preferences', { theme: 'sepia', emailNotifications: true });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: 'Theme must be one of: system, dark, light' });
        expect((await alice.client.get('/api/users/me/preferences')).body).to.deep.equal(before);
      },
    );

    it("gives the signed-in request's user the saved theme (the layout renders it), fresh after a change", async () => {
      const sessionTheme = async () =>
        (await bob.client.get('/api/auth/user')).status === 200 &&
        (await server.app.kernel.services.accounts.sessionUser(bob.user.id))?.theme;
      expect(await sessionTheme()).to.equal('system');
      await bob.client.patch('/api/users/me/preferences', { theme: 'dark' });
      expect(await sessionTheme()).to.equal('dark');
    });

    it(
      'migrates the old Dark mode switch: on (the default nobody could see) follows ' +
        'the device, off asks for light',
      async () => {
        const migration = await import('../migrations/20261126150000_theme_preference.ts');
        const knex = server.app.kernel.knex;
        const carol = await signUp(server, 'carol');
        await carol.client.patch('/api/users/me/preferences', { theme: 'light' });
        await alice.client.patch('/api/users/me/preferences', { theme: 'dark' });
        await migration.down(knex);
        const darkModeOf = async (id: number) =>
          Boolean((await knex('user_preferences').where({ userId: id }).first('darkMode')).darkMode);
        expect([await darkModeOf(alice.user.id), await darkModeOf(carol.user.id)]).to.deep.equal([true, false]);
        await migration.up(knex);
        const themes = await knex('user_preferences')
          .whereIn('userId', [alice.user.id, carol.user.id])
          .orderBy('userId')
          .pluck('theme');
        expect(themes).to.deep.equal(['system', 'light']);
      },
    );
  });

  let photo = '';

  describe('profile photo', () => {
    const MB = 1024 * 1024;
    const asDataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
    const png = async (width: number, height: number) =>
      asDataUrl(
        await sharp({ create: { width, height, channels: 3, background: '#c33' } })
          .png()
          .toBuffer(),
      );
    const keyOf = (url: string) => url.replace(/^\/media\//, '');

    it('answers 401 to an anonymous upload', async () => {
      expect((await server.client().post('/api/users/me/photo', { data: await png(10, 10) })).status).to.equal(401);
    });

    it(
      'stores a 400x400 JPEG through the storage interface, serves it under /media ' + 'and uses it for the artist too',
      async () => {
        const res = await alice.client.post('/api/users/me/photo', { data: await png(600, 400) });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.profileImage).to.match(/^\/media\/avatars\/\d+-[0-9a-f]{12}\.jpg$/);
        expect(await server.app.kernel.storage.head(keyOf(res.body.profileImage))).to.not.equal(null);
        const file = await fetch(server.url + res.body.profileImage);
        expect(file.status).to.equal(200);
        expect(file.headers.get('content-type')).to.equal('image/jpeg');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).to.deep.equal(['jpeg', 400, 400]);
        const artist = await server.app.kernel.knex('artists').where({ userId: alice.user.id }).first();
        expect(artist.profileImage).to.equal(res.body.profileImage);
        expect((await alice.client.get('/api/auth/user')).body.profileImage).to.equal(res.body.profileImage);
        photo = res.body.profileImage;
      },
    );

    it('takes a photo of several megabytes (past the 1 MB JSON limit) and drops its metadata', async () => {
      // Noise does not compress: a 1600x1600 JPEG of it is a few MB.
      const noise = Buffer.alloc(1600 * 1600 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const jpeg = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } })
        .jpeg({ quality: 98 })
        .withExif({ IFD0: { Copyright: 'Alice private', Artist: 'Alice private' } })
        .toBuffer();
      expect(jpeg.length).to.be.within(1.5 * MB, 10 * MB);
      const res = await alice.client.post('/api/users/me/photo', { data: asDataUrl(jpeg, 'image/jpeg') });
      expect(res.status, res.text).to.equal(200);
      const stored = Buffer.from(await (await fetch(server.url + res.body.profileImage)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect([meta.width, meta.height, meta.exif]).to.deep.equal([400, 400, undefined]);
      expect(stored.includes('Alice private')).to.equal(false);
      photo = res.body.profileImage;
    });

    it('removes the old file from storage when the photo is replaced', async () => {
      const res = await alice.client.post('/api/users/me/photo', { data: await png(300, 300) });
      expect(res.status).to.equal(200);
      expect((await fetch(server.url + photo)).status).to.equal(404);
      expect(await server.app.kernel.storage.head(keyOf(photo))).to.equal(null);
      expect((await fetch(server.url + res.body.profileImage)).status).to.equal(200);
      photo = res.body.profileImage;
    });

    it('judges the bytes, not the declared type: only real JPEG or PNG images', async () => {
      const webp = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3c3' } })
        .webp()
        .toBuffer();
      const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#3c3' } })
        .gif()
        .toBuffer();
      const cases: Array<[string, string]> = [
        ['data:image/png;base64,aGVsbG8=', 'File must be an image (jpg, png, etc.)'],
        ['data:text/plain;base64,aGVsbG8=', 'File must be an image (jpg, png, etc.)'],
        ['not a data url', 'File must be an image (jpg, png, etc.)'],
        // A PNG header over a body that does not decode.
        [
          asDataUrl(
            Buffer.concat([
              (
                await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
                  .png()
                  .toBuffer()
              ).subarray(0, 40),
              Buffer.alloc(500),
            ]),
          ),
          'File must be an image (jpg, png, etc.)',
        ],
        [asDataUrl(webp, 'image/png'), 'Please choose a JPG or PNG image'],
        [asDataUrl(gif, 'image/jpeg'), 'Please choose a JPG or PNG image'],
        [await png(99, 400), 'Image must be at least 100x100 pixels'],
      ];
      for (const [data, message] of cases) {
        const res = await alice.client.post('/api/users/me/photo', { data });
        expect(res.status, message).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      }
      expect((await alice.client.get('/api/auth/user')).body.profileImage).to.equal(photo);
    });

    it('refuses more than 10 MB with 413', async () => {
      const big = await alice.client.post('/api/users/me/photo', {
        data: asDataUrl(Buffer.alloc(10 * MB + 1), 'image/jpeg'),
      });
      expect(big.status).to.equal(413);
      expect(big.body).to.deep.equal({ message: 'File size must be less than 10MB' });
      const huge = await alice.client.post('/api/users/me/photo', {
        data: asDataUrl(Buffer.alloc(11 * MB), 'image/jpeg'),
      });
      expect(huge.status).to.equal(413);
      // Only this route reads bodies that large, and only for a signed-in user.
      const elsewhere = await alice.client.patch(`/api/users/${alice.user.id}`, { bio: 'x'.repeat(2 * MB) });
      expect(elsewhere.status).to.equal(413);
      // Anonymous: the session is missing before anything else, and the body is never read.
      expect(
        (await server.client().post('/api/users/me/photo', { data: asDataUrl(Buffer.alloc(2 * MB)) })).status,
      ).to.equal(401);
    });

    it("never sets or deletes another user's photo: the URL comes from the server's upload only", async () => {
      const mallory = await signUp(server, 'mallory', { artist: true });
      const alicePhoto = async () => (await fetch(server.url + photo)).status;
      const profile = `/api/users/${mallory.user.id}`;
      expect((await mallory.client.patch(profile, { profileImage: photo })).body).to.deep.equal({
        message: 'Nothing to update',
      });
      const ignored = await mallory.client.patch(profile, { bio: 'hi', profileImage: photo });
      expect([ignored.status, ignored.body.profileImage, ignored.body.bio]).to.deep.equal([200, null, 'hi']);
      // A row already pointing at Alice's files (as the old API let it): replacing the photo and
      // deleting the account leave them alone.
      const knex = server.app.kernel.knex;
      const point = async () => {
        await knex('users').where({ id: mallory.user.id }).update({ profileImage: photo });
        await knex('artists')
          .where({ userId: mallory.user.id })
          .update({
            profileImage: photo,
            profileImageVariants: JSON.stringify([{ url: photo, width: 96, type: 'image/webp' }]),
          });
      };
      await point();
      expect((await mallory.client.post('/api/users/me/photo', { data: await png(200, 200) })).status).to.equal(200);
      expect(await alicePhoto()).to.equal(200);
      await point();
      expect((await mallory.client.post(`${profile}/deletion`, { password: 'secret123' })).status).to.equal(200);
      expect(await alicePhoto()).to.equal(200);
      expect((await alice.client.get('/api/auth/user')).body.profileImage).to.equal(photo);
    });
  });

  describe('delete account', () => {
    it('answers 401 anonymous, 403 for someone else’s account, 404 for an unknown one', async () => {
      expect(
        (await server.client().post(`/api/users/${bob.user.id}/deletion`, { password: 'secret123' })).status,
      ).to.equal(401);
      expect(
        (await alice.client.post(`/api/users/${bob.user.id}/deletion`, { password: 'secret123' })).status,
      ).to.equal(403);
      expect((await alice.client.post('/api/users/99999/deletion', { password: 'secret123' })).status).to.equal(404);
      expect((await bob.client.get('/api/auth/user')).status).to.equal(200);
    });

    it('wipes the personal data, ends every session and forbids logging in again', async () => {
      const secondDevice = server.client();
      expect(
        (await secondDevice.post('/api/auth/login', { username: 'alice', password: 'secret123' })).status,
      ).to.equal(200);
      const res = await alice.client.post(`/api/users/${alice.user.id}/deletion`, { password: 'secret123' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ message: 'Your account has been deleted' });
      expect((await alice.client.get('/api/auth/user')).status).to.equal(401);
      expect((await secondDevice.get('/api/auth/user')).status).to.equal(401);
      expect(
        (await server.client().post('/api/auth/login', { username: 'alice', password: 'secret123' })).status,
      ).to.equal(401);

      const knex = server.app.kernel.knex;
      const row = await knex('users').where({ id: alice.user.id }).first();
      expect(row).to.include({
        username: `deleted-${alice.user.id}`,
        name: 'Deleted user',
        bio: '',
        profileImage: null,
      });
      expect(JSON.stringify(row)).not.to.match(/alice/i);
      expect(row.deletedAt).to.be.a('number');
      const artist = await knex('artists').where({ userId: alice.user.id }).first();
      expect(artist).to.include({ name: 'Deleted artist', bio: '', profileImage: null });
      expect(await knex('user_preferences').where({ userId: alice.user.id })).to.deep.equal([]);
      expect((await fetch(server.url + photo)).status).to.equal(404);
    });

    it('frees the username and email for a new account', async () => {
      const again = await server.client().post('/api/auth/register', {
        username: 'alice',
        password: 'secret123',
        email: 'alice@example.com',
        name: 'Alice Again',
      });
      expect(again.status).to.equal(201);
    });
  });
});
