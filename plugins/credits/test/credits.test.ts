import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';

describe('credits: balance, allocation and monthly refill', () => {
  let server: TestServer;
  let clock = new Date('2026-03-15T12:00:00Z');
  let fan: SignedUp;
  let artist: SignedUp;
  let other: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    fan = await signUp(server, 'fanny');
    artist = await signUp(server, 'arty', { artist: true });
    other = await signUp(server, 'otto', { artist: true });
  });
  after(() => server.stop());

  const grants = (userId: number) => server.app.kernel.knex('credit_grants').where({ userId }).orderBy('month');

  describe('permissions', () => {
    for (const [method, path] of [
      ['get', '/api/credits/user'],
      ['get', '/api/credits/allocations'],
      ['get', '/api/credits/artists'],
      ['post', '/api/credits/allocate'],
      ['get', '/api/credits/payouts'],
      ['get', '/api/credits/payouts/2026-03'],
    ] as const) {
      it(`answers 401 to an anonymous ${method.toUpperCase()} ${path}`, async () => {
        const res = await server.client()[method](path);
        expect(res.status).to.equal(401);
        expect(res.body.message).to.be.a('string');
      });
    }

    it('says "Please log in to allocate credits" to an anonymous allocation', async () => {
      const res = await server.client().post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1 });
      expect(res.body).to.deep.equal({ message: 'Please log in to allocate credits' });
    });

    it('refuses a month summary to a user who is not an admin (403)', async () => {
      expect((await fan.client.get('/api/credits/payouts/2026-03')).status).to.equal(403);
      expect((await artist.client.get('/api/credits/payouts/2026-03')).status).to.equal(403);
    });

    it('refuses payout statements to a user without an artist record (403)', async () => {
      const res = await fan.client.get('/api/credits/payouts');
      expect(res.status).to.equal(403);
      expect(res.body.message).to.equal('Only artist accounts have payout statements');
    });
  });

  describe('balance', () => {
    it('starts a new user at 100 credits and says when the next refill comes', async () => {
      const res = await fan.client.get('/api/credits/user');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        credits: 100,
        noCredits: null,
        monthlyCredits: 100,
        month: '2026-03',
        nextRefillAt: '2026-04-01T00:00:00.000Z',
        allocatedThisMonth: 0,
        totalAllocated: 0,
        artistsSupported: 0,
      });
    });

    it('creates one grant per user and month however often the balance is read', async () => {
      await Promise.all([
        fan.client.get('/api/credits/user'),
        fan.client.get('/api/credits/user'),
        fan.client.get('/api/credits/user'),
      ]);
      const rows = await grants(fan.user.id);
      expect(rows.map((r) => [r.month, r.credits])).to.deep.equal([['2026-03', 100]]);
    });
  });

  describe('allocate', () => {
    const invalid: Array<[string, object, string]> = [
      ['zero credits', { credits: 0 }, 'Please enter a valid credit amount'],
      ['negative credits', { credits: -5 }, 'Please enter a valid credit amount'],
      ['a fraction of a credit', { credits: 1.5 }, 'Please enter a valid credit amount'],
      ['credits as text', { credits: '3' }, 'Please enter a valid credit amount'],
      ['no amount', { credits: undefined }, 'Please enter a valid credit amount'],
      ['no artist', { artistId: undefined }, 'Please select an artist'],
      ['an artist id that is not a number', { artistId: 'x' }, 'Please select an artist'],
    ];
    for (const [what, patch, message] of invalid) {
      it(`refuses ${what} with 400 "${message}"`, async () => {
        const res = await fan.client.post('/api/credits/allocate', {
          artistId: artist.artist!.id,
          credits: 5,
          ...patch,
        });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it('refuses an unknown artist with 404', async () => {
      const res = await fan.client.post('/api/credits/allocate', { artistId: 99999, credits: 5 });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Artist not found' });
    });

    it('refuses more credits than the balance with the spec message', async () => {
      const res = await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 101 });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'You only have 100 credits available' });
    });

    it('refuses an artist allocating to their own artist record', async () => {
      const res = await artist.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 5 });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'You cannot allocate credits to yourself' });
    });

    it('spends from the session user only, ignoring a userId in the body', async () => {
      const res = await fan.client.post('/api/credits/allocate', {
        artistId: artist.artist!.id,
        credits: 20,
        userId: other.user.id,
      });
      expect(res.status).to.equal(201);
      expect(res.body.credits).to.equal(80);
      expect(res.body.allocation).to.include({ artistId: artist.artist!.id, credits: 20 });
      expect(res.body.allocation.artist).to.deep.equal({ name: 'Arty', genre: null });
      expect(new Date(res.body.allocation.allocationDate).toISOString()).to.equal(clock.toISOString());
      expect((await other.client.get('/api/credits/user')).body.credits).to.equal(100);
      expect((await other.client.get('/api/credits/allocations')).body).to.deep.equal([]);
    });

    it('lists allocations newest first with the artist name and genre, and sums them on the vault', async () => {
      await server.app.kernel.knex('artists').where({ id: other.artist!.id }).update({ genre: 'Jazz' });
      clock = new Date('2026-03-16T09:00:00Z');
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: other.artist!.id, credits: 10 })).status,
      ).to.equal(201);
      const list = await fan.client.get('/api/credits/allocations');
      expect(list.body.map((a: { credits: number; artist: object }) => [a.credits, a.artist])).to.deep.equal([
        [10, { name: 'Otto', genre: 'Jazz' }],
        [20, { name: 'Arty', genre: null }],
      ]);
      const vault = (await fan.client.get('/api/credits/user')).body;
      expect(vault).to.include({ credits: 70, allocatedThisMonth: 30, totalAllocated: 30, artistsSupported: 2 });
    });
  });

  describe('month rollover', () => {
    it('tops the balance to exactly 100 on the first day of the next month (no carry-over)', async () => {
      clock = new Date('2026-03-31T23:59:59Z');
      // A member: a new account's included month would end with March (membership.test.ts).
      expect((await fan.client.post('/api/credits/membership/upgrade')).status).to.equal(200);
      expect((await fan.client.get('/api/credits/user')).body.credits).to.equal(70);
      // Kept for this fan until a write or the month's end, whichever comes first.
      const again = await fan.client.get('/api/credits/user');
      expect(again.headers.get('x-page-cache')).to.equal('hit');
      expect(again.body.credits).to.equal(70);
      clock = new Date('2026-04-01T00:00:00Z');
      const vault = (await fan.client.get('/api/credits/user')).body;
      expect(vault).to.include({
        credits: 100,
        month: '2026-04',
        allocatedThisMonth: 0,
        totalAllocated: 30,
        artistsSupported: 2,
      });
      expect(vault.nextRefillAt).to.equal('2026-05-01T00:00:00.000Z');
      const rows = await grants(fan.user.id);
      expect(rows.map((r) => [r.month, r.remaining])).to.deep.equal([
        ['2026-03', 70],
        ['2026-04', 100],
      ]);
    });

    it('keeps each month balanced in the ledger: grant − allocations = balance', async () => {
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 45 })).status,
      ).to.equal(201);
      const knex = server.app.kernel.knex;
      for (const grant of await grants(fan.user.id)) {
        const [{ spent }] = await knex('credit_allocations')
          .where({ userId: fan.user.id, month: grant.month })
          .sum({ spent: 'credits' });
        expect(grant.credits - Number(spent)).to.equal(grant.remaining);
      }
    });
  });

  describe("the Allocate dialog's artists (read when it opens, not with the vault page)", () => {
    const choice = (account: SignedUp, genre: string | null = null) => ({
      id: account.artist!.id,
      name: account.artist!.name,
      genre,
    });

    it('lists every artist by name but the caller’s own, and none whose account was deleted', async () => {
      await server.app.kernel.knex('artists').where({ id: other.artist!.id }).update({ genre: 'Jazz' });
      const leaving = await signUp(server, 'abel', { artist: true });
      expect((await fan.client.get('/api/credits/artists')).body).to.deep.equal([
        choice(leaving),
        choice(artist),
        choice(other, 'Jazz'),
      ]);
      expect((await artist.client.get('/api/credits/artists')).body).to.deep.equal([
        choice(leaving),
        choice(other, 'Jazz'),
      ]);
      expect(
        (await leaving.client.post(`/api/users/${leaving.user.id}/deletion`, { password: 'secret123' })).status,
      ).to.equal(200);
      expect((await fan.client.get('/api/credits/artists')).body).to.deep.equal([
        choice(artist),
        choice(other, 'Jazz'),
      ]);
    });
  });

  describe('concurrency', () => {
    it('gives exactly 33 successes and a balance of 1 to 60 concurrent requests for 3 credits', async () => {
      const racer = await signUp(server, 'racer');
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          racer.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 3 }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(33);
      expect(statuses.filter((s) => s === 400)).to.have.length(27);
      for (const refused of answers.filter((a) => a.status === 400))
        expect(refused.body.message).to.equal('You only have 1 credit available');
      expect((await racer.client.get('/api/credits/user')).body.credits).to.equal(1);
      const rows = await server.app.kernel.knex('credit_allocations').where({ userId: racer.user.id });
      expect(rows).to.have.length(33);
      expect((await grants(racer.user.id)).length).to.equal(1);
    });
  });
});

// A world of its own (one app per database in this process: Objection's models are bound to the latest).
describe('credits: whether the vault has anyone to allocate to', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'] });
  });
  after(() => server.stop());

  it('is told without reading the list: never the caller’s own artist, nor a deleted account’s', async () => {
    const credits = server.app.kernel.services.credits;
    const solo = await signUp(server, 'solo', { artist: true });
    expect((await solo.client.get('/api/credits/artists')).body).to.deep.equal([]);
    expect(await credits.hasArtistChoices(solo.user.id)).to.equal(false);
    const second = await signUp(server, 'second', { artist: true });
    expect(await credits.hasArtistChoices(solo.user.id)).to.equal(true);
    expect(await credits.hasArtistChoices(second.user.id)).to.equal(true);
    expect((await solo.client.post(`/api/users/${solo.user.id}/deletion`, { password: 'secret123' })).status).to.equal(
      200,
    );
    expect(await credits.hasArtistChoices(second.user.id)).to.equal(false);
  });
});
