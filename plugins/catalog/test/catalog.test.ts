import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Exclusive } from '../models.ts';
import { LISTEN_WINDOW_MS, PLACEHOLDER_ARTIST_IMAGE, PLACEHOLDER_COVER } from '../rules.ts';
import { addTrack, join, type Member, WITHOUT_INSIGHTS } from './fixtures.ts';

const ARTIST_FIELDS = [
  'id',
  'userId',
  'name',
  'genre',
  'bio',
  'profileImage',
  'photoSrcset',
  'verified',
  'monthlyListeners',
  'dropCount',
  'createdAt',
  'nextDropAt',
  'dropRecord',
];
const TRACK_FIELDS = [
  'id',
  'artistId',
  'artist',
  'title',
  'audioUrl',
  'coverImage',
  'duration',
  'uploadDate',
  'isMonthlyDrop',
  'dropMonth',
  'liked',
  'likeCount',
  'processing',
  'coverSrcset',
  'playback',
];
const DAY = 86_400_000;

describe('catalog API', () => {
  let server: TestServer;
  // A movable clock: 15 November 2026, noon UTC.
  let clock = new Date('2026-11-15T12:00:00Z');
  let ana: Member;
  let ben: Member;
  let fan: Member;
  let fan2: Member;
  const ids: Record<string, number> = {};

  before(async () => {
    server = await startTestServer({ plugins: WITHOUT_INSIGHTS, now: () => clock });
  });
  after(() => server.stop());

  it('answers empty lists before anything exists', async () => {
    const anon = server.client();
    for (const path of ['/api/artists', '/api/artists/featured', '/api/tracks/monthly', '/api/exclusives']) {
      const res = await anon.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.body, path).to.deep.equal([]);
    }
  });

  describe('artists and tracks', () => {
    before(async () => {
      ana = await join(server, 'ana', true);
      ben = await join(server, 'ben', true);
      fan = await join(server, 'fan');
      fan2 = await join(server, 'fan2');
      ids.anaNow = await addTrack(ana.artist!.id, 'Ana This Month', new Date('2026-11-03T10:00:00Z'));
      ids.anaLast = await addTrack(ana.artist!.id, 'Ana Last Month', new Date('2026-10-05T10:00:00Z'));
      ids.anaSingle = await addTrack(ana.artist!.id, 'Ana Single', new Date('2026-11-10T10:00:00Z'), false);
      ids.anaScheduled = await addTrack(ana.artist!.id, 'Ana Next Month', new Date('2026-12-02T10:00:00Z'));
      ids.benNow = await addTrack(ben.artist!.id, 'Ben This Month', new Date('2026-11-12T10:00:00Z'));
    });

    it('lists artists with exactly the spec fields, derived counts and a placeholder image', async () => {
      const res = await server.client().get('/api/artists');
      expect(res.status).to.equal(200);
      expect(res.body.map((a: { name: string }) => a.name)).to.deep.equal(['ana name', 'ben name']);
      const [a] = res.body;
      expect(Object.keys(a).sort()).to.deep.equal([...ARTIST_FIELDS].sort());
      expect(a).to.include({
        id: ana.artist!.id,
        userId: ana.user.id,
        verified: false,
        profileImage: PLACEHOLDER_ARTIST_IMAGE,
        photoSrcset: null,
        monthlyListeners: 0,
      });
      // Two released monthly drops; the single is not a drop and next month's is not out yet.
      expect(a.dropCount).to.equal(2);
      // The countdown is to ana's scheduled December drop; ben has none scheduled.
      expect(a.nextDropAt).to.equal('2026-12-02T10:00:00.000Z');
      expect(res.body[1].nextDropAt).to.equal(null);
    });

    it('answers one artist, and 404 JSON for an unknown or malformed id', async () => {
      const anon = server.client();
      const res = await anon.get(`/api/artists/${ben.artist!.id}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ name: 'ben name', dropCount: 1 });
      for (const bad of ['9999', 'abc', '0', '-1']) {
        const missing = await anon.get(`/api/artists/${bad}`);
        expect(missing.status, bad).to.equal(404);
        expect(missing.body, bad).to.deep.equal({ message: 'Artist not found' });
      }
    });

    it('features verified artists first', async () => {
      await server.app.kernel.knex('artists').where({ id: ben.artist!.id }).update({ verified: 1 });
      const res = await server.client().get('/api/artists/featured');
      expect(res.status).to.equal(200);
      expect(res.body[0]).to.include({ id: ben.artist!.id, verified: true });
    });

    it('lets only the owner change the genre, and only to a listed genre', async () => {
      const path = `/api/artists/${ana.artist!.id}`;
      expect((await server.client().patch(path, { genre: 'Jazz' })).status).to.equal(401);
      const other = await ben.client.patch(path, { genre: 'Jazz' });
      expect(other.status).to.equal(403);
      expect(other.body.message).to.equal('You can only edit your own artist profile');
      const invalid = await ana.client.patch(path, { genre: 'Polka' });
      expect(invalid.status).to.equal(400);
      expect(invalid.body.message).to.equal('Please choose a genre from the list');
      expect((await ana.client.patch(path, {})).status).to.equal(400);
      const ok = await ana.client.patch(path, { genre: 'Jazz' });
      expect(ok.status).to.equal(200);
      expect(ok.body.genre).to.equal('Jazz');
      expect((await server.client().get(path)).body.genre).to.equal('Jazz');
      expect((await ana.client.patch('/api/artists/9999', { genre: 'Jazz' })).status).to.equal(404);
    });

    it("lists an artist's released tracks latest first, with the spec's track fields", async () => {
      const res = await server.client().get(`/api/artists/${ana.artist!.id}/tracks`);
      expect(res.status).to.equal(200);
      expect(res.body.map((t: { id: number }) => t.id)).to.deep.equal([ids.anaSingle, ids.anaNow, ids.anaLast]);
      const [t] = res.body;
      expect(Object.keys(t).sort()).to.deep.equal([...TRACK_FIELDS].sort());
      expect(t).to.include({
        title: 'Ana Single',
        isMonthlyDrop: false,
        liked: false,
        likeCount: 0,
        duration: 180,
        coverImage: PLACEHOLDER_COVER,
      });
      expect(t.artist).to.deep.equal({ id: ana.artist!.id, name: 'ana name', profileImage: PLACEHOLDER_ARTIST_IMAGE });
      expect(t.uploadDate).to.equal('2026-11-10T10:00:00.000Z');
      // Not measured yet: the player plays it at unity gain.
      expect(t.playback).to.deep.equal({ lufs: null, truePeak: null, losslessUrl: null });
      expect((await server.client().get('/api/artists/9999/tracks')).status).to.equal(404);
    });

    it("lists this month's released drops, newest first", async () => {
      const res = await server.client().get('/api/tracks/monthly');
      expect(res.status).to.equal(200);
      expect(res.body.map((t: { id: number }) => t.id)).to.deep.equal([ids.benNow, ids.anaNow]);
    });

    it('answers a track with liked=false signed out, and 404 for unknown or unreleased tracks', async () => {
      const res = await server.client().get(`/api/tracks/${ids.anaNow}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: ids.anaNow, liked: false });
      expect((await server.client().get(`/api/tracks/${ids.anaScheduled}`)).status).to.equal(404);
      const missing = await server.client().get('/api/tracks/424242');
      expect(missing.status).to.equal(404);
      expect(missing.body).to.deep.equal({ message: 'Track not found' });
    });
  });

  describe('likes', () => {
    it('needs a session', async () => {
      const res = await server.client().post(`/api/tracks/${ids.anaNow}/like`, { like: true });
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Please log in to like tracks');
    });

    it('is idempotent: liking twice keeps one like; unliking removes it', async () => {
      const path = `/api/tracks/${ids.anaNow}/like`;
      for (let i = 0; i < 2; i++) {
        const res = await fan.client.post(path, { like: true });
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ id: ids.anaNow, liked: true, likeCount: 1 });
      }
      expect((await fan.client.get(`/api/tracks/${ids.anaNow}`)).body.liked).to.equal(true);
      expect((await fan2.client.get(`/api/tracks/${ids.anaNow}`)).body.liked).to.equal(false);
      expect((await server.client().get(`/api/tracks/${ids.anaNow}`)).body.liked).to.equal(false);
      const monthly = await fan.client.get('/api/tracks/monthly');
      expect(monthly.body.find((t: { id: number }) => t.id === ids.anaNow).liked).to.equal(true);
      const off = await fan.client.post(path, { like: false });
      expect(off.body).to.include({ liked: false, likeCount: 0 });
      expect((await fan.client.post(path, { like: false })).body.likeCount).to.equal(0);
    });

    it('refuses a body without a boolean like, and unknown or unreleased tracks', async () => {
      const bad = await fan.client.post(`/api/tracks/${ids.anaNow}/like`, { like: 'yes' });
      expect(bad.status).to.equal(400);
      expect(bad.body.message).to.equal('like must be true or false');
      expect((await fan.client.post(`/api/tracks/${ids.anaNow}/like`, {})).status).to.equal(400);
      expect((await fan.client.post(`/api/tracks/${ids.anaScheduled}/like`, { like: true })).status).to.equal(404);
      expect((await fan.client.post('/api/tracks/99999/like', { like: true })).status).to.equal(404);
    });
  });

  describe('listens and monthly listeners', () => {
    // Read signed in, so answered fresh: listener counts are counters, which the anonymous copy
    // shows up to the cache's TTL old (api/README.md, "Cache tags").
    const listeners = async () => (await ana.client.get(`/api/artists/${ana.artist!.id}`)).body.monthlyListeners;

    it('needs a session and a released track', async () => {
      expect((await server.client().post(`/api/tracks/${ids.anaNow}/listen`)).status).to.equal(401);
      expect((await fan.client.post(`/api/tracks/${ids.anaScheduled}/listen`)).status).to.equal(404);
    });

    it('counts a listen once per user and track within the window', async () => {
      const path = `/api/tracks/${ids.anaNow}/listen`;
      const first = await fan.client.post(path);
      expect(first.status).to.equal(201);
      expect(first.body).to.deep.equal({ counted: true });
      const again = await fan.client.post(path);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal({ counted: false });
      const rows = await server.app.kernel.knex('listens').where({ userId: fan.user.id });
      expect(rows).to.have.length(1);
      expect(await listeners()).to.equal(1);

      clock = new Date(clock.getTime() + LISTEN_WINDOW_MS + 1000);
      expect((await fan.client.post(path)).status).to.equal(201);
      // Still one distinct listener, though two listens are counted.
      expect(await listeners()).to.equal(1);
    });

    it('counts simultaneous listens of the same user and track once', async () => {
      const path = `/api/tracks/${ids.anaSingle}/listen`;
      const results = await Promise.all(Array.from({ length: 8 }, () => fan.client.post(path)));
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(results.filter((r) => r.body.counted)).to.have.length(1);
      expect(
        await server.app.kernel.knex('listens').where({ userId: fan.user.id, trackId: ids.anaSingle }),
      ).to.have.length(1);
    });

    it('counts distinct listeners over the last 30 days', async () => {
      expect((await fan2.client.post(`/api/tracks/${ids.anaLast}/listen`)).status).to.equal(201);
      expect(await listeners()).to.equal(2);
      expect((await server.client().get(`/api/artists/${ben.artist!.id}`)).body.monthlyListeners).to.equal(0);
      clock = new Date(clock.getTime() + 31 * DAY);
      expect(await listeners()).to.equal(0);
    });
  });

  describe('subscriptions', () => {
    it('need a session', async () => {
      const anon = server.client();
      expect((await anon.get('/api/subscriptions/user')).status).to.equal(401);
      const res = await anon.post('/api/subscriptions', {
        userId: fan.user.id,
        artistId: ana.artist!.id,
        active: true,
      });
      expect(res.status).to.equal(401);
      expect(res.body.message).to.equal('Please log in to subscribe to artists');
    });

    it('subscribe the session user whatever userId says, once', async () => {
      const res = await fan.client.post('/api/subscriptions', {
        userId: fan2.user.id,
        artistId: ana.artist!.id,
        active: true,
      });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({
        id: res.body.id,
        userId: fan.user.id,
        artistId: ana.artist!.id,
        active: true,
        artist: { id: ana.artist!.id, name: 'ana name', profileImage: PLACEHOLDER_ARTIST_IMAGE, photoSrcset: null },
      });
      const twice = await fan.client.post('/api/subscriptions', {
        userId: fan.user.id,
        artistId: ana.artist!.id,
        active: true,
      });
      expect(twice.status).to.equal(200);
      expect(twice.body.id).to.equal(res.body.id);
      expect(await server.app.kernel.knex('subscriptions').where({ artistId: ana.artist!.id })).to.have.length(1);
      expect((await fan2.client.get('/api/subscriptions/user')).body).to.deep.equal([]);
      const mine = await fan.client.get('/api/subscriptions/user');
      expect(mine.body.map((s: { artistId: number }) => s.artistId)).to.deep.equal([ana.artist!.id]);
    });

    it('refuse subscribing to your own artist (403), writing nothing', async () => {
      const res = await ana.client.post('/api/subscriptions', { artistId: ana.artist!.id });
      expect([res.status, res.body]).to.deep.equal([403, { message: 'You cannot subscribe to yourself' }]);
      expect(await server.app.kernel.knex('subscriptions').where({ userId: ana.user.id })).to.have.length(0);
    });

    it('refuse an unknown artist (404) and a malformed body (400)', async () => {
      expect((await fan.client.post('/api/subscriptions', { artistId: 9999 })).status).to.equal(404);
      const bad = await fan.client.post('/api/subscriptions', { artistId: 'ana' });
      expect(bad.status).to.equal(400);
      expect(bad.body.message).to.equal('artistId must be a whole number');
      expect((await fan.client.post('/api/subscriptions', {})).status).to.equal(400);
    });
  });

  describe('exclusives', () => {
    before(async () => {
      const base = {
        artistId: ana.artist!.id,
        description: 'For fans',
        remaining: null,
        totalAvailable: null,
        duration: null,
      };
      await Exclusive.query().insert({
        ...base,
        type: 'NFT',
        title: 'Token',
        remaining: 3,
        totalAvailable: 10,
        createdAt: 1,
      });
      await Exclusive.query().insert({
        ...base,
        type: 'behind-the-scenes',
        title: 'Studio',
        duration: 300,
        createdAt: 2,
      });
      await Exclusive.query().insert({
        ...base,
        artistId: ben.artist!.id,
        type: 'unreleased-track',
        title: 'Demo',
        duration: 120,
        createdAt: 3,
      });
    });

    it('lists every exclusive newest first with the spec fields', async () => {
      const res = await server.client().get('/api/exclusives');
      expect(res.status).to.equal(200);
      expect(res.body.map((e: { title: string }) => e.title)).to.deep.equal(['Demo', 'Studio', 'Token']);
      const token = res.body[2];
      expect(token).to.deep.include({
        type: 'NFT',
        remaining: 3,
        totalAvailable: 10,
        metadata: {},
        artistId: ana.artist!.id,
      });
      expect(token.artist.name).to.equal('ana name');
      expect(res.body[0].metadata).to.deep.equal({ duration: 120 });
    });

    it("lists one artist's exclusives, and 404 for an unknown artist", async () => {
      const res = await server.client().get(`/api/artists/${ana.artist!.id}/exclusives`);
      expect(res.body.map((e: { title: string }) => e.title)).to.deep.equal(['Studio', 'Token']);
      expect((await server.client().get('/api/artists/9999/exclusives')).status).to.equal(404);
    });
  });

  describe('month rollover', () => {
    it('starts a new month with an empty drop list and no countdown once the scheduled drop is out', async () => {
      clock = new Date('2027-01-01T00:00:05Z');
      expect((await server.client().get('/api/tracks/monthly')).body).to.deep.equal([]);
      expect((await server.client().get(`/api/artists/${ana.artist!.id}`)).body.nextDropAt).to.equal(null);
    });
  });
});
