import { expect } from 'chai';
import { unzipSync, strFromU8 } from 'fflate';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { upgrade } from '../../credits/test/fixtures.ts';
import { EMAIL_JOB } from '../../notifications/service.ts';
import { releaseDrop } from '../../pledges/test/fixtures.ts';
import { EXPORT_CLEANUP_JOB, EXPORT_JOB } from '../dataExport.ts';
import { EXPORT_RULES } from '../rules.ts';
import { signUp, type SignedUp } from './fixtures.ts';

// "Your data" (issue 20.4): an export built by a job from every plugin's part, downloadable by its
// owner for 7 days; deleting an account removes or anonymises what the export lists, and a deleted
// artist is gone (410) and can no longer be paid.

const DAY = 86_400_000;

describe('your data: export and account deletion', function () {
  this.timeout(120_000);
  let server: TestServer;
  let clock = new Date('2026-11-05T10:00:00Z');
  let fiona: SignedUp, gus: SignedUp, nova: SignedUp, orion: SignedUp;
  let novaTrack: number, orionTrack: number;

  before(async () => {
    server = await startTestServer({ now: () => clock });
    fiona = await signUp(server, 'fiona');
    gus = await signUp(server, 'gus');
    nova = await signUp(server, 'nova', { artist: true });
    orion = await signUp(server, 'orion', { artist: true });
    await upgrade(fiona, gus);
    novaTrack = await releaseDrop(nova, 'Harbor Lights');
    orionTrack = await releaseDrop(orion, 'Far Star');
    // What fiona did: each part of the export has something to show.
    expect((await fiona.client.post(`/api/tracks/${novaTrack}/like`, { like: true })).status).to.equal(200);
    expect((await fiona.client.post(`/api/tracks/${novaTrack}/listen`)).status).to.equal(201);
    expect((await fiona.client.post('/api/subscriptions', { artistId: nova.artist!.id })).status).to.be.oneOf([
      200, 201,
    ]);
    expect(
      (await fiona.client.post('/api/credits/allocate', { artistId: nova.artist!.id, credits: 10 })).status,
    ).to.equal(201);
    expect(
      (await gus.client.post('/api/credits/allocate', { artistId: nova.artist!.id, credits: 20 })).status,
    ).to.equal(201);
    expect(
      (await gus.client.post('/api/credits/allocate', { artistId: orion.artist!.id, credits: 5 })).status,
    ).to.equal(201);
    // Orion's drop is out: a pledge now waits for next month's.
    expect((await fiona.client.post('/api/pledges', { artistId: orion.artist!.id, credits: 7 })).status).to.equal(201);
    expect(
      (
        await fiona.client.post('/api/messages', {
          recipientId: gus.user.id,
          subject: 'Hi',
          content: 'Heard Harbor Lights?',
        })
      ).status,
    ).to.equal(201);
    expect(
      (
        await fiona.client.post('/api/reports', {
          targetType: 'track',
          targetId: orionTrack,
          reason: 'spam',
          note: 'Looks copied',
        })
      ).status,
    ).to.equal(201);
  });
  after(() => server.stop());

  const knex = () => server.app.kernel.knex;
  const runner = () => {
    const all = jobHandlers(server.app.plugins);
    return createRunner(server.app.kernel, {
      [EXPORT_JOB]: all[EXPORT_JOB],
      [EXPORT_CLEANUP_JOB]: all[EXPORT_CLEANUP_JOB],
      [EMAIL_JOB]: all[EMAIL_JOB],
    });
  };
  const exportsOf = async (who: SignedUp) => (await who.client.get('/api/users/me/exports')).body;
  const download = async (who: SignedUp, url: string) => {
    const res = await fetch(server.url + url, { headers: { Cookie: who.client.cookieHeader } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  };
  const json = (files: Record<string, Uint8Array>, name: string) => {
    expect(files, name).to.have.property(name);
    return JSON.parse(strFromU8(files[name]));
  };

  describe('export', () => {
    let fionaZip: Record<string, Uint8Array>;
    let ready: { id: number; downloadUrl: string };

    it('answers 401 to anonymous callers', async () => {
      expect((await server.client().post('/api/users/me/exports')).status).to.equal(401);
      expect((await server.client().get('/api/users/me/exports')).status).to.equal(401);
      expect((await server.client().get('/api/users/me/exports/1/download')).status).to.equal(401);
    });

    it('queues one export at a time, built by the job, and tells its owner when it is ready', async () => {
      const first = await fiona.client.post('/api/users/me/exports');
      expect(first.status, first.text).to.equal(202);
      expect(first.body).to.include({ status: 'queued', downloadUrl: null });
      const again = await fiona.client.post('/api/users/me/exports');
      expect([again.status, again.body.message]).to.deep.equal([409, EXPORT_RULES.messages.inProgress]);
      expect((await exportsOf(fiona)).exports.map((e: { status: string }) => e.status)).to.deep.equal(['queued']);

      expect(await runner().drain()).to.be.greaterThanOrEqual(1);
      const [row] = (await exportsOf(fiona)).exports;
      expect(row).to.include({ status: 'ready', downloadUrl: `/api/users/me/exports/${row.id}/download` });
      expect(Date.parse(row.expiresAt) - Date.parse(row.readyAt)).to.equal(7 * DAY);
      ready = row;
      const notes = (await fiona.client.get('/api/notifications')).body;
      const list = Array.isArray(notes) ? notes : notes.notifications;
      expect(list.map((n: { title: string }) => n.title)).to.include('Your data is ready');
    });

    it('lets its owner download a ZIP with every plugin’s part', async () => {
      const res = await download(fiona, ready.downloadUrl);
      expect(res.status).to.equal(200);
      expect(res.type).to.equal('application/zip');
      expect(res.disposition).to.contain('attachment');
      fionaZip = unzipSync(res.bytes);
      expect(Object.keys(fionaZip)).to.include.members([
        'README.txt',
        'accounts/profile.json',
        'catalog/likes.json',
        'catalog/listens.json',
        'catalog/subscriptions.json',
        'credits/ledger.json',
        'credits/statements.json',
        'pledges/pledges.json',
        'messaging/messages.json',
        'notifications/notifications.json',
        'moderation/reports.json',
      ]);
      expect(json(fionaZip, 'accounts/profile.json')).to.include({ username: 'fiona', email: 'fiona@example.com' });
      expect(json(fionaZip, 'catalog/likes.json').map((l: { title: string }) => l.title)).to.deep.equal([
        'Harbor Lights',
      ]);
      expect(json(fionaZip, 'catalog/listens.json')).to.have.length(1);
      expect(json(fionaZip, 'catalog/subscriptions.json')[0]).to.include({ artist: 'Nova', active: true });
      const ledger = json(fionaZip, 'credits/ledger.json');
      expect(ledger.allocations.map((a: { artist: string; credits: number }) => [a.artist, a.credits])).to.deep.equal([
        ['Nova', 10],
      ]);
      expect(json(fionaZip, 'credits/statements.json').length).to.be.greaterThanOrEqual(1);
      expect(json(fionaZip, 'pledges/pledges.json')[0]).to.include({ artist: 'Orion', credits: 7, status: 'pending' });
      expect(json(fionaZip, 'messaging/messages.json')[0]).to.include({
        from: 'fiona',
        to: 'gus',
        content: 'Heard Harbor Lights?',
      });
      expect(json(fionaZip, 'moderation/reports.json')[0]).to.include({
        targetType: 'track',
        reason: 'spam',
        note: 'Looks copied',
      });
    });

    it('gives an artist their releases with absolute links to their media', async () => {
      expect((await nova.client.post('/api/users/me/exports')).status).to.equal(202);
      await runner().drain();
      const [row] = (await exportsOf(nova)).exports;
      const files = unzipSync((await download(nova, row.downloadUrl)).bytes);
      const [release] = json(files, 'releases/releases.json');
      expect(release).to.include({ id: novaTrack, title: 'Harbor Lights', page: `${server.url}/tracks/${novaTrack}` });
      expect(release.media.master).to.match(new RegExp(`^${server.url}/media/`));
      expect((await fetch(release.media.master)).status).to.equal(200);
      expect(json(files, 'credits/payouts.json').statements.length).to.equal(1);
    });

    it('answers 404 to anyone but the owner, and never serves the archive under /media/', async () => {
      expect((await download(gus, ready.downloadUrl)).status).to.equal(404);
      const key = (await knex()('data_exports').where({ id: ready.id }).first('storageKey')).storageKey as string;
      expect(key).to.match(/^exports\/\d+\/[0-9a-f]{32}\.zip$/);
      expect((await fetch(`${server.url}/media/${key}`)).status).to.equal(404);
      expect((await fiona.client.get('/api/users/me/exports/999/download')).status).to.equal(404);
    });

    it('allows one export a day (429 with the wait)', async () => {
      const res = await fiona.client.post('/api/users/me/exports');
      expect(res.status).to.equal(429);
      expect(res.body.message).to.match(/^You can ask for one export a day\. Try again in \d+ hours\.$/);
      expect((await exportsOf(fiona)).nextRequestAt).to.be.a('string');
    });

    it('expires after 7 days: 410 at once, then the scheduled cleanup removes the archive', async () => {
      const key = (await knex()('data_exports').where({ id: ready.id }).first('storageKey')).storageKey as string;
      clock = new Date(clock.getTime() + 7 * DAY - 1000);
      expect((await download(fiona, ready.downloadUrl)).status).to.equal(200);
      expect(await runner().drain(), 'the cleanup is not due yet').to.equal(0);
      clock = new Date(clock.getTime() + 2000);
      const late = await fiona.client.get(ready.downloadUrl);
      expect([late.status, late.body.message]).to.deep.equal([410, EXPORT_RULES.messages.expired]);
      expect(await runner().drain()).to.equal(2);
      expect(await server.app.kernel.storage.head(key)).to.equal(null);
      expect((await exportsOf(fiona)).exports[0]).to.include({ status: 'expired', downloadUrl: null });
      expect((await fiona.client.get(ready.downloadUrl)).status).to.equal(410);
      // A day later, another may be asked for.
      expect((await fiona.client.post('/api/users/me/exports')).status).to.equal(202);
      await runner().drain();
    });
  });

  describe('deleting an artist', () => {
    let novaStatement: unknown;
    let orionAudio: string;

    it('refuses without the right password and changes nothing', async () => {
      const none = await orion.client.post(`/api/users/${orion.user.id}/deletion`, {});
      expect([none.status, none.body.message]).to.deep.equal([400, 'Enter your password to delete your account']);
      const wrong = await orion.client.post(`/api/users/${orion.user.id}/deletion`, { password: 'guess' });
      expect([wrong.status, wrong.body.message]).to.deep.equal([403, 'That password is not right']);
      expect((await orion.client.get('/api/auth/user')).status).to.equal(200);
      expect((await server.client().get(`/api/artists/${orion.artist!.id}`)).status).to.equal(200);
    });

    it('returns pending pledges to the fans at once and tells them', async () => {
      novaStatement = (await nova.client.get('/api/credits/statements/artist')).body;
      orionAudio = (await server.client().get(`/api/tracks/${orionTrack}`)).body.audioUrl;
      expect((await fetch(server.url + orionAudio)).status).to.equal(200);
      const before = (await fiona.client.get('/api/pledges')).body;
      expect(JSON.stringify(before)).to.contain('Orion');
      const res = await orion.client.post(`/api/users/${orion.user.id}/deletion`, { password: 'secret123' });
      expect(res.status, res.text).to.equal(200);
      const pledge = await knex()('pledges').where({ userId: fiona.user.id }).first('status');
      expect(pledge.status).to.equal('released');
      const notes = (await fiona.client.get('/api/notifications')).body;
      const list = Array.isArray(notes) ? notes : notes.notifications;
      expect(list.map((n: { body: string }) => n.body).join('\n')).to.contain(
        'Orion has left OneTrack, so 7 credits went back to your balance',
      );
      expect((await orion.client.get('/api/auth/user')).status).to.equal(401);
    });

    it('answers 410 for the artist, their tracks and their files; lists leave them out', async () => {
      const anon = server.client();
      for (const path of [
        `/api/artists/${orion.artist!.id}`,
        `/api/artists/${orion.artist!.id}/tracks`,
        `/api/tracks/${orionTrack}`,
      ]) {
        const res = await anon.get(path);
        expect(res.status, path).to.equal(410);
      }
      expect((await anon.get(`/api/artists/${orion.artist!.id}`)).body.message).to.equal(
        'This artist has left OneTrack',
      );
      expect((await fetch(server.url + orionAudio)).status).to.equal(410);
      expect((await anon.get('/api/artists')).body.map((a: { id: number }) => a.id)).not.to.include(orion.artist!.id);
      expect((await anon.get('/api/tracks/monthly')).body.map((t: { id: number }) => t.id)).to.deep.equal([novaTrack]);
    });

    it('refuses allocations, pledges and subscriptions to the deleted artist with a clear message', async () => {
      const allocation = await gus.client.post('/api/credits/allocate', { artistId: orion.artist!.id, credits: 1 });
      expect([allocation.status, allocation.body.message]).to.deep.equal([
        410,
        'This artist has left OneTrack and can no longer receive credits',
      ]);
      const pledge = await gus.client.post('/api/pledges', { artistId: orion.artist!.id, credits: 1 });
      expect([pledge.status, pledge.body.message]).to.deep.equal([
        410,
        'This artist has left OneTrack and can no longer receive pledges',
      ]);
      const subscription = await gus.client.post('/api/subscriptions', { artistId: orion.artist!.id });
      expect([subscription.status, subscription.body.message]).to.deep.equal([410, 'This artist has left OneTrack']);
    });

    it('keeps the ledger (anonymised): another artist’s statement is unchanged', async () => {
      expect(await knex()('credit_allocations').where({ artistId: orion.artist!.id }).count({ n: '*' })).to.deep.equal([
        { n: 1 },
      ]);
      expect((await nova.client.get('/api/credits/statements/artist')).body).to.deep.equal(novaStatement);
    });
  });

  describe('deleting a fan', () => {
    it(
      'removes what the export listed, keeps their ledger rows anonymous, and other ' + 'statements still add up',
      async () => {
        const month = '2026-11';
        const payoutsBefore = await server.app.kernel.services.credits.payouts(month);
        const novaBefore = (await nova.client.get('/api/credits/statements/artist')).body;
        const archives = (
          await knex()('data_exports').where({ userId: fiona.user.id }).whereNotNull('storageKey').select('storageKey')
        ).map((r: { storageKey: string }) => r.storageKey);
        expect(archives.length).to.equal(1);
        const res = await fiona.client.post(`/api/users/${fiona.user.id}/deletion`, { password: 'secret123' });
        expect(res.status, res.text).to.equal(200);

        const id = fiona.user.id;
        const count = async (table: string, where: Record<string, unknown>) =>
          Number((await knex()(table).where(where).count({ n: '*' }))[0].n);
        for (const [table, where] of [
          ['likes', { userId: id }],
          ['listens', { userId: id }],
          ['subscriptions', { userId: id, active: true }],
          ['notifications', { userId: id }],
          ['messages', { senderId: id }],
          ['reports', { reporterId: id }],
          ['data_exports', { userId: id }],
          ['memberships', { userId: id }],
        ] as const)
          expect(await count(table, where), table).to.equal(0);
        expect(await server.app.kernel.storage.head(archives[0])).to.equal(null);
        // Subscriptions end rather than vanish: the artist's dashboard counts a subscriber lost.
        expect(
          await knex()('subscriptions')
            .where({ userId: id })
            .whereNull('endedAt')
            .count({ n: '*' })
            .then(([r]) => Number(r.n)),
        ).to.equal(0);
        // The ledger stays, pointing at a wiped account.
        expect(await count('credit_allocations', { userId: id })).to.equal(1);
        expect(await count('credit_grants', { userId: id })).to.be.greaterThan(0);
        expect(await knex()('users').where({ id }).first('username', 'email', 'name')).to.deep.equal({
          username: `deleted-${id}`,
          email: `deleted-${id}@deleted.invalid`,
          name: 'Deleted user',
        });
        // The report stays for the moderators, without its reporter.
        expect(await count('reports', { targetId: orionTrack })).to.equal(1);

        const payoutsAfter = await server.app.kernel.services.credits.payouts(month);
        expect(payoutsAfter.artists.map((a) => [a.artistId, a.credits, a.amountCents])).to.deep.equal(
          payoutsBefore.artists.map((a) => [a.artistId, a.credits, a.amountCents]),
        );
        expect((await nova.client.get('/api/credits/statements/artist')).body).to.deep.equal(novaBefore);
      },
    );

    it('frees the username and e-mail', async () => {
      const again = await server.client().post('/api/auth/register', {
        username: 'fiona',
        password: 'secret123',
        email: 'fiona@example.com',
        name: 'Fiona Again',
      });
      expect(again.status, again.text).to.equal(201);
    });
  });
});
