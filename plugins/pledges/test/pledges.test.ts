import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { JOB } from '../../releases/jobs.ts';
import { upgrade } from '../../credits/test/fixtures.ts';
import { releaseDrop, settlingRunner } from './fixtures.ts';

describe('pledges: held credits that land with the drop', function () {
  this.timeout(60_000);
  let server: TestServer;
  let clock = new Date('2026-11-05T10:00:00Z');
  let fan: SignedUp;
  let second: SignedUp;
  let nova: SignedUp;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    fan = await signUp(server, 'fanny');
    second = await signUp(server, 'sam');
    nova = await signUp(server, 'nova', { artist: true });
    // Members: pledges to next month's drop spend next month's credits, past a new account's included month.
    await upgrade(fan, second);
  });
  after(() => server.stop());

  const knex = () => server.app.kernel.knex;
  const balance = async (member: SignedUp) => (await member.client.get('/api/credits/user')).body.credits as number;
  const pledge = (member: SignedUp, artist: SignedUp, credits: number) =>
    member.client.post('/api/pledges', { artistId: artist.artist!.id, credits });
  const waiting = async (artist: SignedUp) =>
    (await artist.client.get(`/api/pledges/artists/${artist.artist!.id}`)).body.waiting as number;

  describe('rules', () => {
    it('answers 401 with its message to anonymous callers, before reading a body', async () => {
      const res = await server.client().post('/api/pledges', { artistId: nova.artist!.id, credits: 3 });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Please log in to pledge credits' });
      expect((await server.client().get('/api/pledges')).status).to.equal(401);
      expect((await server.client().delete('/api/pledges/1')).status).to.equal(401);
      expect((await server.client().get('/api/pledges/artists')).body).to.deep.equal({
        message: 'Please log in to pledge credits',
      });
    });

    it(
      "offers the vault's dialog every artist by name, each with their next drop's " +
        "month, but the fan's own and deleted accounts'",
      async () => {
        const pledges = server.app.kernel.services.pledges;
        const novaChoice = { id: nova.artist!.id, name: 'Nova', month: '2026-11' };
        expect((await nova.client.get('/api/pledges/artists')).body).to.deep.equal([]);
        expect(await pledges.hasPledgeableArtists(nova.user.id)).to.equal(false);
        expect((await fan.client.get('/api/pledges/artists')).body).to.deep.equal([novaChoice]);
        expect(await pledges.hasPledgeableArtists(fan.user.id)).to.equal(true);
        const leaving = await signUp(server, 'departed', { artist: true });
        expect((await fan.client.get('/api/pledges/artists')).body).to.deep.equal([
          { id: leaving.artist!.id, name: 'Departed', month: '2026-11' },
          novaChoice,
        ]);
        expect(await pledges.hasPledgeableArtists(nova.user.id)).to.equal(true);
        expect(
          (await leaving.client.post(`/api/users/${leaving.user.id}/deletion`, { password: 'secret123' })).status,
        ).to.equal(200);
        expect((await fan.client.get('/api/pledges/artists')).body).to.deep.equal([novaChoice]);
        expect(await pledges.hasPledgeableArtists(nova.user.id)).to.equal(false);
      },
    );

    it(
      'refuses an unknown artist (404), your own artist (403), bad amounts and more ' + 'than the balance (400)',
      async () => {
        expect((await fan.client.post('/api/pledges', { artistId: 99999, credits: 3 })).body).to.deep.equal({
          message: 'Artist not found',
        });
        const own = await pledge(nova, nova, 3);
        expect([own.status, own.body.message]).to.deep.equal([403, 'You cannot pledge credits to yourself']);
        for (const credits of [0, -2, 1.5, '3']) {
          const res = await fan.client.post('/api/pledges', { artistId: nova.artist!.id, credits });
          expect([res.status, res.body.message]).to.deep.equal([400, 'Please enter a valid credit amount']);
        }
        const tooMany = await pledge(fan, nova, 101);
        expect([tooMany.status, tooMany.body.message]).to.deep.equal([400, 'You only have 100 credits available']);
        expect(await knex()('pledges').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
        expect(await balance(fan)).to.equal(100);
      },
    );
  });

  describe('holding and cancelling', () => {
    it('takes pledged credits from the balance at once and shows them to the fan and the artist', async () => {
      const res = await pledge(fan, nova, 30);
      expect(res.status, res.text).to.equal(201);
      expect(res.body.credits).to.equal(70);
      expect(res.body.pledge).to.include({
        artistId: nova.artist!.id,
        artistName: 'Nova',
        credits: 30,
        month: '2026-11',
      });
      expect(await balance(fan)).to.equal(70);
      const mine = (await fan.client.get('/api/pledges')).body.pledges;
      expect(mine.map((p: { credits: number }) => p.credits)).to.deep.equal([30]);
      expect(await waiting(nova)).to.equal(30);
    });

    it(
      "tells only the artist what waits for their drop: another member's read of the " + 'window has no total',
      async () => {
        for (const other of [fan, second]) {
          const res = await other.client.get(`/api/pledges/artists/${nova.artist!.id}`);
          expect(res.status).to.equal(200);
          expect(res.body).to.include({ own: false, month: '2026-11' });
          expect(res.body).not.to.have.property('waiting');
        }
      },
    );

    it('gives a cancelled pledge back, once; nobody else can cancel it', async () => {
      const { body } = await pledge(fan, nova, 5);
      expect((await second.client.delete(`/api/pledges/${body.pledge.id}`)).status).to.equal(404);
      const cancelled = await fan.client.delete(`/api/pledges/${body.pledge.id}`);
      expect([cancelled.status, cancelled.body.credits]).to.deep.equal([200, 5]);
      expect(await balance(fan)).to.equal(70);
      const again = await fan.client.delete(`/api/pledges/${body.pledge.id}`);
      expect([again.status, again.body.message]).to.deep.equal([409, 'This pledge was already cancelled']);
      expect(await waiting(nova)).to.equal(30);
    });

    it('cancels the pending pledges of a deleted account, so its artist no longer counts them', async () => {
      const leaving = await signUp(server, 'leaving');
      expect((await pledge(leaving, nova, 9)).status).to.equal(201);
      expect(await waiting(nova)).to.equal(39);
      const res = await leaving.client.post(`/api/users/${leaving.user.id}/deletion`, { password: 'secret123' });
      expect(res.status, res.text).to.equal(200);
      expect(await waiting(nova)).to.equal(30);
      expect(await knex()('pledges').where({ userId: leaving.user.id }).select('status')).to.deep.equal([
        { status: 'cancelled' },
      ]);
    });
  });

  describe('the drop', () => {
    it('converts every pledge into an allocation dated at the drop, in the job, once', async () => {
      expect((await pledge(second, nova, 12)).status).to.equal(201);
      clock = new Date('2026-11-06T09:30:00Z');
      const trackId = await releaseDrop(nova, 'Harbor Lights');
      // A page view converts nothing: only the job does.
      expect(await waiting(nova)).to.equal(0, "the next drop is December's now");
      expect(
        await knex()('pledges').where({ artistId: nova.artist!.id, status: 'pending' }).count({ n: '*' }),
      ).to.deep.equal([{ n: 2 }]);
      const runner = settlingRunner(server);
      expect(await runner.drain()).to.equal(1);
      const allocations = await knex()('credit_allocations').where({ artistId: nova.artist!.id }).orderBy('credits');
      expect(allocations.map((a) => [a.userId, a.credits, a.month, Number(a.createdAt)])).to.deep.equal([
        [second.user.id, 12, '2026-11', clock.getTime()],
        [fan.user.id, 30, '2026-11', clock.getTime()],
      ]);
      expect(await knex()('pledges').where({ status: 'pending' }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
      // Balances do not move again: the credits left them when pledged.
      expect([await balance(fan), await balance(second)]).to.deep.equal([70, 88]);
      expect(await waiting(nova)).to.equal(0);
      // The fans are told, once each.
      const told = (await fan.client.get('/api/notifications')).body.notifications.filter(
        (n: { kind: string }) => n.kind === 'pledge',
      );
      expect(told.map((n: { title: string; body: string; link: string }) => [n.title, n.body, n.link])).to.deep.equal([
        [
          'Your pledge to Nova landed',
          '30 credits went to Nova with their November drop “Harbor Lights”.',
          `/tracks/${trackId}`,
        ],
      ]);
      // Announcing the drop again (a retried job) changes nothing.
      await server.app.kernel.services.releases.announcePublic(trackId);
      expect(await knex()('credit_allocations').where({ artistId: nova.artist!.id }).count({ n: '*' })).to.deep.equal([
        { n: 2 },
      ]);
      expect(
        await knex()('notifications').where({ userId: fan.user.id, kind: 'pledge' }).count({ n: '*' }),
      ).to.deep.equal([{ n: 1 }]);
      const [landed] = await knex()('pledges').where({ userId: fan.user.id, status: 'converted' });
      const cancel = await fan.client.delete(`/api/pledges/${landed.id}`);
      expect([cancel.status, cancel.body.message]).to.deep.equal([409, 'This pledge already landed with the drop']);
    });

    it("once this month's drop is out, pledges go to next month's drop, held from next month's credits", async () => {
      const window = (await fan.client.get(`/api/pledges/artists/${nova.artist!.id}`)).body;
      expect(window).to.include({ month: '2026-12', closesAt: '2026-12-29T00:00:00.000Z', available: 100, own: false });
      const res = await pledge(fan, nova, 6);
      expect(res.status, res.text).to.equal(201);
      expect([res.body.pledge.month, res.body.credits]).to.deep.equal(['2026-12', 94]);
      // This month's balance is untouched; December's starts at 100 less the pledge.
      expect(await balance(fan)).to.equal(70);
      expect(
        await knex()('credit_grants').where({ userId: fan.user.id, month: '2026-12' }).first('remaining'),
      ).to.deep.equal({ remaining: 94 });
      expect((await fan.client.get(`/api/pledges/artists/${nova.artist!.id}`)).body.available).to.equal(94);
      expect(await waiting(nova)).to.equal(6);
      const sweeps = (await knex()('jobs').where({ type: 'pledges.expire' }).orderBy('runAt').select('runAt')).map(
        (j) => Number(j.runAt),
      );
      expect(sweeps).to.include(Date.parse('2026-12-29T00:00:00Z'));
      // Cancelled, it goes back to December's balance.
      expect((await fan.client.delete(`/api/pledges/${res.body.pledge.id}`)).status).to.equal(200);
      expect(
        await knex()('credit_grants').where({ userId: fan.user.id, month: '2026-12' }).first('remaining'),
      ).to.deep.equal({ remaining: 100 });
      expect(await balance(fan)).to.equal(70);
    });

    it("lands a pledge to next month's drop when the artist's scheduled December drop comes out", async () => {
      const dropped = await pledge(second, nova, 15);
      expect(dropped.body.pledge.month).to.equal('2026-12');
      const trackId = await releaseDrop(nova, 'December Lights', '2026-12-03');
      // Only the release job: November's sweep stays queued for the month-boundary test.
      const runner = createRunner(server.app.kernel, { [JOB.public]: jobHandlers(server.app.plugins)[JOB.public] });
      expect(await runner.drain()).to.equal(0);
      expect(await waiting(nova)).to.equal(15, 'held until the drop is out');
      const saved = clock;
      clock = new Date('2026-12-03T00:00:00Z');
      try {
        expect(await runner.drain()).to.equal(1);
        const [allocation] = await knex()('credit_allocations').where({ artistId: nova.artist!.id, month: '2026-12' });
        expect([allocation.userId, allocation.credits, Number(allocation.createdAt)]).to.deep.equal([
          second.user.id,
          15,
          clock.getTime(),
        ]);
        const told = await knex()('notifications')
          .where({ userId: second.user.id, kind: 'pledge' })
          .orderBy('id', 'desc')
          .first('body', 'link');
        expect(told).to.deep.equal({
          body: '15 credits went to Nova with their December drop “December Lights”.',
          link: `/tracks/${trackId}`,
        });
        // And the next drop is January's now.
        expect((await second.client.get(`/api/pledges/artists/${nova.artist!.id}`)).body.month).to.equal('2027-01');
      } finally {
        clock = saved;
      }
    });

    it('converts a scheduled drop at its moment (00:00 UTC of its day), not before', async () => {
      const kai = await signUp(server, 'kai', { artist: true });
      const trackId = await releaseDrop(kai, 'Scheduled', '2026-11-20');
      expect((await pledge(fan, kai, 10)).status).to.equal(201);
      const runner = settlingRunner(server);
      clock = new Date('2026-11-19T23:59:59Z');
      expect(await runner.drain()).to.equal(0);
      expect(await waiting(kai)).to.equal(10);
      clock = new Date('2026-11-20T00:00:00Z');
      expect(await runner.drain()).to.equal(1);
      const [allocation] = await knex()('credit_allocations').where({ artistId: kai.artist!.id });
      expect([allocation.credits, Number(allocation.createdAt)]).to.deep.equal([
        10,
        Date.parse('2026-11-20T00:00:00Z'),
      ]);
      const told = await knex()('notifications').where({ userId: fan.user.id, eventKey: `drop:${trackId}` });
      expect(told).to.have.length(0, 'the fan does not subscribe to kai');
    });
  });

  describe('the month boundary', () => {
    it(
      'releases pledges 3 days before the month ends (UTC) when the artist has not ' + 'dropped, and closes pledging',
      async () => {
        clock = new Date('2026-11-21T08:00:00Z');
        const quiet = await signUp(server, 'quiet', { artist: true });
        const before = await balance(fan);
        expect((await pledge(fan, quiet, 8)).status).to.equal(201);
        expect((await pledge(fan, quiet, 2)).status).to.equal(201);
        const runner = settlingRunner(server);
        clock = new Date('2026-11-27T23:59:59Z');
        expect(await runner.drain()).to.equal(0);
        expect(await balance(fan)).to.equal(before - 10);
        clock = new Date('2026-11-28T00:00:00Z');
        expect(await runner.drain()).to.equal(1);
        expect(await balance(fan)).to.equal(before);
        expect(await knex()('pledges').where({ artistId: quiet.artist!.id }).pluck('status')).to.deep.equal([
          'released',
          'released',
        ]);
        const told = (await fan.client.get('/api/notifications')).body.notifications.find(
          (n: { title: string }) => n.title === 'Your pledge to Quiet was released',
        );
        expect(told.body).to.equal(
          'Quiet has no November drop yet, so 10 credits went back to your balance. ' +
            'Allocate them before the month ends.',
        );
        // November's pledges are closed: a pledge now goes to quiet's December drop, from December's credits.
        const next = await pledge(fan, quiet, 1);
        expect([next.status, next.body.pledge.month]).to.deep.equal([201, '2026-12']);
        expect(await balance(fan)).to.equal(before);
        clock = new Date('2026-12-01T00:00:00Z');
        expect((await pledge(fan, quiet, 4)).body.pledge.month).to.equal('2026-12');
        expect(await waiting(quiet)).to.equal(5);
        const sweeps = (await knex()('jobs').where({ type: 'pledges.expire' }).orderBy('runAt').select('runAt')).map(
          (j) => j.runAt,
        );
        expect(sweeps.map(Number)).to.deep.equal([
          Date.parse('2026-11-28T00:00:00Z'),
          Date.parse('2026-12-29T00:00:00Z'),
        ]);
      },
    );
  });

  describe('under concurrency', () => {
    it('60 parallel pledges and allocations of 3 from 100 leave exactly 1', async () => {
      clock = new Date('2026-12-03T10:00:00Z');
      const busy = await signUp(server, 'busy');
      const target = await signUp(server, 'target', { artist: true });
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2
            ? busy.client.post('/api/credits/allocate', { artistId: target.artist!.id, credits: 3 })
            : pledge(busy, target, 3),
        ),
      );
      const ok = results.filter((r) => r.status === 201).length;
      expect(ok).to.equal(33);
      for (const r of results)
        if (r.status !== 201)
          expect([r.status, r.body.message]).to.deep.equal([400, 'You only have 1 credit available']);
      expect(await balance(busy)).to.equal(1);
      const [{ pledged }] = await knex()('pledges').where({ userId: busy.user.id }).sum({ pledged: 'credits' });
      const [{ allocated }] = await knex()('credit_allocations')
        .where({ userId: busy.user.id })
        .sum({ allocated: 'credits' });
      expect(Number(pledged) + Number(allocated)).to.equal(99);
      expect(await waiting(target)).to.equal(Number(pledged));
    });

    it('a drop released while pledges are made converts each accepted pledge once and loses none', async () => {
      const racer = await signUp(server, 'racer', { artist: true });
      const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(server, `racefan${i}`)));
      const runner = settlingRunner(server);
      let releasing = true;
      const drop = releaseDrop(racer, 'Race Day').finally(() => (releasing = false));
      const worker = (async () => {
        while (releasing) {
          await runner.drain();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await runner.drain();
      })();
      const attempts = await Promise.all(fans.flatMap((f) => Array.from({ length: 5 }, () => pledge(f, racer, 2))));
      await drop;
      await worker;
      await runner.drain();
      // Accepted before the drop: December's; after it: January's, for racer's next drop.
      const accepted = attempts.filter((r) => r.status === 201 && r.body.pledge.month === '2026-12');
      const later = attempts.filter((r) => r.status === 201 && r.body.pledge.month === '2027-01');
      for (const r of attempts)
        if (r.status !== 201)
          expect([r.status, r.body.message]).to.deep.equal([
            409,
            "Racer's December drop came out meanwhile: nothing was pledged, so pledge again to their next drop",
          ]);
      const rows = await knex()('pledges').where({ artistId: racer.artist!.id, month: '2026-12' });
      expect(rows.length).to.equal(accepted.length);
      expect(
        rows.every((p) => p.status === 'converted'),
        'no pledge left pending',
      ).to.equal(true);
      expect(
        await knex()('pledges')
          .where({ artistId: racer.artist!.id, month: '2027-01', status: 'pending' })
          .count({ n: '*' }),
      ).to.deep.equal([{ n: later.length }]);
      const allocations = await knex()('credit_allocations').where({ artistId: racer.artist!.id });
      expect(allocations.length).to.equal(accepted.length);
      expect(allocations.reduce((sum, a) => sum + a.credits, 0)).to.equal(accepted.length * 2);
      for (const f of fans) {
        const mine = rows.filter((p) => p.userId === f.user.id).length;
        expect(await balance(f)).to.equal(100 - 2 * mine);
      }
    });
  });
});
