import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { MESSAGES, REPORTS_PER_HOUR, NOTICES_PER_HOUR } from '../rules.ts';

// Issue 20 points 2 and 3: reports, copyright notices, the moderators' queue and actions, appeals,
// the audit log and blocking, through the API on this database.

describe('moderation: reports, queue, actions, appeals, audit log', () => {
  let server: TestServer;
  const clock = new Date('2026-11-20T12:00:00Z');
  let admin: SignedUp, artist: SignedUp, fan: SignedUp, other: SignedUp;
  let trackId: number, keptId: number;

  const report = (who: SignedUp, body: object) => who.client.post('/api/reports', body);
  const act = (type: string, id: number, action: string, reason = 'Seen and checked') =>
    admin.client.post(`/api/moderation/items/${type}/${id}/actions`, { action, reason });

  before(async () => {
    server = await startTestServer({ now: () => clock });
    admin = await signUp(server, 'mod', { role: 'admin' });
    artist = await signUp(server, 'singer', { artist: true });
    fan = await signUp(server, 'fanny');
    other = await signUp(server, 'otto');
    trackId = await addTrack(artist.artist!.id, 'Borrowed Tune', new Date('2026-11-02T10:00:00Z'));
    keptId = await addTrack(artist.artist!.id, 'Own Tune', new Date('2026-11-01T10:00:00Z'), false);
  });
  after(() => server.stop());

  describe('reports', () => {
    it('answers 401 to an anonymous report before reading its body', async () => {
      const res = await server
        .client()
        .post('/api/reports', { targetType: 'track', targetId: trackId, reason: 'spam' });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: MESSAGES.loginToReport });
    });

    const invalid: Array<[string, object, string]> = [
      ['no reason', { reason: undefined }, 'Please choose a reason'],
      ['an unknown reason', { reason: 'ugly' }, 'Please choose a reason'],
      [
        'an unknown kind of item',
        { targetType: 'playlist' },
        'You can report a track, an artist, a message or a comment',
      ],
      ['a note over 1000 characters', { note: 'x'.repeat(1001) }, 'Note must be at most 1000 characters'],
    ];
    for (const [what, patch, message] of invalid) {
      it(`refuses ${what} with 400 "${message}"`, async () => {
        const res = await report(fan, { targetType: 'track', targetId: trackId, reason: 'spam', ...patch });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it('refuses an unknown item with 404, and one’s own work with 400', async () => {
      expect((await report(fan, { targetType: 'track', targetId: 99999, reason: 'spam' })).status).to.equal(404);
      const own = await report(artist, { targetType: 'artist', targetId: artist.artist!.id, reason: 'spam' });
      expect(own.status).to.equal(400);
      expect(own.body).to.deep.equal({ message: MESSAGES.ownItem });
    });

    it('takes one open report per person and item (409 for the second)', async () => {
      const first = await report(fan, {
        targetType: 'track',
        targetId: trackId,
        reason: 'copyright',
        note: 'This is my song',
      });
      expect(first.status, first.text).to.equal(201);
      const again = await report(fan, { targetType: 'track', targetId: trackId, reason: 'spam' });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ message: MESSAGES.alreadyReported });
      expect(
        (await report(other, { targetType: 'track', targetId: trackId, reason: 'hate' })).status,
        'another person may',
      ).to.equal(201);
    });

    it('lets only the recipient report a message', async () => {
      const sent = await artist.client.post('/api/messages', {
        recipientId: fan.user.id,
        content: 'Buy followers at spam.example',
      });
      expect(sent.status).to.equal(201);
      const byStranger = await report(other, { targetType: 'message', targetId: sent.body.id, reason: 'spam' });
      expect(byStranger.status).to.equal(403);
      expect(byStranger.body).to.deep.equal({ message: MESSAGES.notYourMessage });
      expect((await report(fan, { targetType: 'message', targetId: sent.body.id, reason: 'spam' })).status).to.equal(
        201,
      );
    });

    it(`limits a person to ${REPORTS_PER_HOUR} reports an hour (429 after)`, async () => {
      const flood = await signUp(server, 'flooder', { artist: true });
      const targets = await Promise.all(
        Array.from({ length: REPORTS_PER_HOUR + 1 }, (_, i) =>
          addTrack(flood.artist!.id, `Filler ${i}`, new Date('2026-11-01T00:00:00Z'), false),
        ),
      );
      const statuses = [];
      for (const id of targets)
        statuses.push((await report(other, { targetType: 'track', targetId: id, reason: 'spam' })).status);
      // otto reported one track above already: the limit counts that one too.
      expect(statuses.filter((s) => s === 201)).to.have.length(REPORTS_PER_HOUR - 1);
      expect(statuses.slice(REPORTS_PER_HOUR - 1)).to.deep.equal([429, 429]);
    });
  });

  describe('copyright notices', () => {
    const notice = (patch: object = {}) => ({
      trackUrl: `https://onetrack.example/tracks/${trackId}`,
      work: 'Borrowed Tune, written and recorded by me in 2019',
      name: 'Rita Rights',
      email: 'rita@example.com',
      goodFaith: true,
      ...patch,
    });

    it('takes a notice from anyone, without an account', async () => {
      const res = await server.client().post('/api/copyright-notices', notice());
      expect(res.status, res.text).to.equal(201);
    });

    const refused: Array<[string, object, string]> = [
      ['without the good-faith statement', { goodFaith: false }, MESSAGES.goodFaith],
      ['missing the statement', { goodFaith: undefined }, 'Please confirm the good-faith statement'],
      ['without a valid email', { email: 'rita' }, 'Please enter a valid email'],
      ['naming no work', { work: '  ' }, 'Copyrighted work is required'],
      ['for an address that is no track', { trackUrl: 'https://onetrack.example/artist/1' }, MESSAGES.noTrackAtUrl],
      ['for an unknown track', { trackUrl: '/tracks/99999' }, MESSAGES.noTrackAtUrl],
    ];
    for (const [what, patch, message] of refused) {
      it(`refuses a notice ${what}`, async () => {
        const res = await server.client().post('/api/copyright-notices', notice(patch));
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it(`limits notices to ${NOTICES_PER_HOUR} an hour per address`, async () => {
      const statuses = [];
      for (let i = 0; i < NOTICES_PER_HOUR; i++)
        statuses.push((await server.client().post('/api/copyright-notices', notice())).status);
      // One was filed above from this address.
      expect(statuses.slice(0, NOTICES_PER_HOUR - 1).every((s) => s === 201)).to.equal(true);
      expect(statuses[NOTICES_PER_HOUR - 1]).to.equal(429);
    });
  });

  describe('the queue', () => {
    it('is for admins only: 401 signed out, 403 for others', async () => {
      expect((await server.client().get('/api/moderation/queue')).status).to.equal(401);
      expect((await fan.client.get('/api/moderation/queue')).status).to.equal(403);
      expect(
        (await fan.client.post(`/api/moderation/items/track/${trackId}/actions`, { action: 'hide', reason: 'x' }))
          .status,
      ).to.equal(403);
      expect((await fan.client.get('/api/moderation/audit')).status).to.equal(403);
    });

    it('lists items with their reports, the most reported first on request', async () => {
      const most = (await admin.client.get('/api/moderation/queue?sort=most')).body;
      expect(most[0]).to.include({
        type: 'track',
        id: trackId,
        label: 'Borrowed Tune',
        detail: 'Singer',
        hidden: false,
      });
      expect(most[0].openReports).to.equal(2 + NOTICES_PER_HOUR);
      const notices = most[0].reports.filter((r: { notice: unknown }) => r.notice);
      expect(notices[0].notice).to.deep.include({ name: 'Rita Rights', email: 'rita@example.com' });
      expect(most[0].reports.map((r: { reporterName: string | null }) => r.reporterName)).to.include.members([
        'Fanny',
        'Otto',
      ]);
      const newest = (await admin.client.get('/api/moderation/queue?sort=newest')).body;
      expect(newest.map((i: { type: string }) => i.type)).to.include('message');
    });
  });

  describe('hide, appeal, restore', () => {
    it('needs a reason, and refuses actions an item cannot take', async () => {
      const res = await admin.client.post(`/api/moderation/items/track/${trackId}/actions`, {
        action: 'hide',
        reason: ' ',
      });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'Please give a reason' });
      const artistHide = await act('artist', artist.artist!.id, 'hide');
      expect(artistHide.status).to.equal(400);
      expect((await act('playlist', 1, 'hide')).status).to.equal(404);
    });

    it('hides a track from every catalog read and tells its artist why', async () => {
      const res = await act('track', trackId, 'hide', 'Copyright notice from the author');
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ hidden: true, hiddenReason: 'Copyright notice from the author', openReports: 0 });
      expect(res.body.history[0]).to.include({
        action: 'hide',
        actorName: 'Mod',
        reason: 'Copyright notice from the author',
      });
      const anon = server.client();
      expect((await anon.get(`/api/tracks/${trackId}`)).status, 'gone: taken down').to.equal(410);
      expect((await anon.get(`/api/tracks/${trackId}/media`)).status).to.equal(404);
      const listed = (await anon.get(`/api/artists/${artist.artist!.id}/tracks`)).body.map((t: { id: number }) => t.id);
      expect(listed).to.deep.equal([keptId]);
      expect((await anon.get('/api/tracks/monthly')).body.map((t: { id: number }) => t.id)).to.not.include(trackId);
      expect((await anon.get('/api/search?q=borrowed')).body.tracks.total).to.equal(0);
      expect((await anon.get('/api/search?q=own')).body.tracks.total, 'search still works').to.equal(1);
      const notes = (await artist.client.get('/api/notifications')).body;
      const list = Array.isArray(notes) ? notes : notes.notifications;
      expect(list[0]).to.include({
        kind: 'moderation',
        title: 'Your track “Borrowed Tune” was taken down',
        link: `/appeals/${trackId}`,
      });
      expect(list[0].body).to.contain('Copyright notice from the author');
    });

    it('cannot be reported again while hidden', async () => {
      expect((await report(admin, { targetType: 'track', targetId: trackId, reason: 'spam' })).status).to.equal(404);
    });

    it('lets only the artist appeal, once; a copyright takedown asks for a counter-notice', async () => {
      expect((await fan.client.post(`/api/appeals/${trackId}`, { message: 'Not mine but still' })).status).to.equal(
        403,
      );
      expect((await fan.client.get(`/api/appeals/${trackId}`)).status).to.equal(404);
      const facts = await artist.client.get(`/api/appeals/${trackId}`);
      expect(facts.body).to.include({
        title: 'Borrowed Tune',
        reason: 'Copyright notice from the author',
        copyright: true,
        appeal: null,
      });
      const bare = await artist.client.post(`/api/appeals/${trackId}`, { message: 'I wrote it' });
      expect(bare.status).to.equal(400);
      expect(bare.body).to.deep.equal({ message: MESSAGES.counterNotice });
      const res = await artist.client.post(`/api/appeals/${trackId}`, {
        message: 'I wrote it; see my 2019 session files',
        name: 'Sam Singer',
        email: 'sam@example.com',
        goodFaith: true,
      });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.appeal).to.include({ status: 'open', message: 'I wrote it; see my 2019 session files' });
      expect(res.body.appeal.counterNotice).to.deep.equal({ name: 'Sam Singer', email: 'sam@example.com' });
      const twice = await artist.client.post(`/api/appeals/${trackId}`, { message: 'Again' });
      expect(twice.status).to.equal(409);
      expect(twice.body).to.deep.equal({ message: MESSAGES.alreadyAppealed });
      const queue = (await admin.client.get('/api/moderation/queue')).body;
      expect(
        queue.find((i: { id: number; type: string }) => i.type === 'track' && i.id === trackId).appeals[0].status,
      ).to.equal('open');
      expect((await artist.client.post(`/api/appeals/${keptId}`, { message: 'Why?' })).body).to.deep.equal({
        message: MESSAGES.notHidden,
      });
    });

    it('restores the track everywhere and grants the appeal', async () => {
      const res = await act('track', trackId, 'restore', 'Counter-notice checks out');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.hidden).to.equal(false);
      expect(res.body.appeals[0].status).to.equal('granted');
      expect((await server.client().get(`/api/tracks/${trackId}`)).status).to.equal(200);
      expect((await act('track', trackId, 'restore')).body).to.deep.equal({ message: MESSAGES.nothingToRestore });
    });
  });

  describe('dismiss and suspend', () => {
    it('dismisses the open reports of an item, which leaves the open queue', async () => {
      await report(fan, { targetType: 'artist', targetId: artist.artist!.id, reason: 'hate', note: 'Rude bio' });
      const res = await act('artist', artist.artist!.id, 'dismiss', 'Bio is fine');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.reports[0].status).to.equal('dismissed');
      const open = (await admin.client.get('/api/moderation/queue')).body;
      expect(
        open.some((i: { type: string; id: number }) => i.type === 'artist' && i.id === artist.artist!.id),
      ).to.equal(false);
      const all = (await admin.client.get('/api/moderation/queue?view=all')).body;
      expect(all.some((i: { type: string; id: number }) => i.type === 'artist' && i.id === artist.artist!.id)).to.equal(
        true,
      );
      expect((await act('artist', artist.artist!.id, 'dismiss')).body).to.deep.equal({ message: MESSAGES.nothingOpen });
      const again = await report(fan, { targetType: 'artist', targetId: artist.artist!.id, reason: 'spam' });
      expect(again.status, 'a dismissed report is no longer open').to.equal(201);
    });

    it('suspends an account: its sessions end, sign-in is refused with the reason', async () => {
      const res = await act('artist', artist.artist!.id, 'suspend', 'Repeated spam');
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.include({ suspended: true, suspensionReason: 'Repeated spam' });
      expect((await artist.client.get('/api/auth/user')).status, 'the old session is signed out').to.equal(401);
      const wrong = await server.client().post('/api/auth/login', { username: 'singer', password: 'wrong-one' });
      expect(wrong.body, 'a wrong password learns nothing').to.deep.equal({ message: 'Invalid username or password' });
      const login = await server.client().post('/api/auth/login', { username: 'singer', password: 'secret123' });
      expect(login.status).to.equal(403);
      expect(login.body).to.deep.equal({ message: 'This account is suspended: Repeated spam' });
    });

    it('refuses to suspend oneself, and lets only a superadmin suspend an admin', async () => {
      const mine = await signUp(server, 'modartist', { artist: true, role: 'admin' });
      const res = await mine.client.post(`/api/moderation/items/artist/${mine.artist!.id}/actions`, {
        action: 'suspend',
        reason: 'test',
      });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: MESSAGES.selfSuspend });
      const byAdmin = await act('artist', mine.artist!.id, 'suspend', 'Rogue admin');
      expect(byAdmin.status).to.equal(403);
      expect(byAdmin.body).to.deep.equal({ message: MESSAGES.adminSuspend });
      expect((await mine.client.get('/api/auth/user')).status, 'nothing changed').to.equal(200);
      const boss = await signUp(server, 'boss', { role: 'superadmin' });
      const bySuper = await boss.client.post(`/api/moderation/items/artist/${mine.artist!.id}/actions`, {
        action: 'suspend',
        reason: 'Rogue admin',
      });
      expect(bySuper.status, bySuper.text).to.equal(200);
      expect((await mine.client.get('/api/auth/user')).status).to.equal(401);
    });

    it('restores the account: it signs in again', async () => {
      expect((await act('artist', artist.artist!.id, 'restore', 'Appealed by mail')).status).to.equal(200);
      const login = await artist.client.post('/api/auth/login', { username: 'singer', password: 'secret123' });
      expect(login.status, login.text).to.equal(200);
    });
  });

  describe('the audit log', () => {
    it('records every moderation action, content edit and role change, newest first', async () => {
      const blocks = (await server.client().get('/api/debug/content')).body;
      const edit = await admin.client.patch(`/api/content/${blocks[0].id}`, { value: 'Fresh hero title' });
      expect(edit.status, edit.text).to.equal(200);
      await server.app.kernel.services.accounts.setRole('otto', 'admin');
      const { entries } = (await admin.client.get('/api/moderation/audit')).body;
      expect(entries[0]).to.include({
        action: 'set-role',
        actorId: null,
        actorName: 'command line',
        targetLabel: 'otto',
        reason: 'user → admin',
      });
      expect(entries[1]).to.include({
        action: 'edit-content',
        actorName: 'Mod',
        targetType: 'content',
        targetId: blocks[0].id,
      });
      expect(entries[1].reason).to.contain('Fresh hero title');
      const actions = entries.map((e: { action: string }) => e.action);
      expect(actions).to.include.members(['hide', 'restore', 'dismiss', 'suspend']);
      expect(entries.find((e: { action: string }) => e.action === 'hide')).to.include({
        actorName: 'Mod',
        targetType: 'track',
        targetId: trackId,
        targetLabel: 'Borrowed Tune',
      });
      expect(entries.every((e: { createdAt: string }) => e.createdAt === clock.toISOString())).to.equal(true);
    });

    it('cannot be edited or deleted by anyone', async () => {
      const { entries } = (await admin.client.get('/api/moderation/audit')).body;
      for (const method of ['patch', 'delete'] as const) {
        expect((await admin.client[method](`/api/moderation/audit/${entries[0].id}`)).status).to.be.oneOf([404, 405]);
        expect((await admin.client[method]('/api/moderation/audit')).status).to.be.oneOf([404, 405]);
      }
      expect((await admin.client.get('/api/moderation/audit')).body.entries).to.deep.equal(entries);
    });
  });
});

describe('blocking', () => {
  let server: TestServer;
  let ann: SignedUp, bob: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'messaging'] });
    ann = await signUp(server, 'ann');
    bob = await signUp(server, 'bob');
    expect((await bob.client.post('/api/messages', { recipientId: ann.user.id, content: 'Hi Ann' })).status).to.equal(
      201,
    );
  });
  after(() => server.stop());

  it('needs a session (401) and a real other person', async () => {
    expect((await server.client().post('/api/blocks', { userId: bob.user.id })).status).to.equal(401);
    expect((await server.client().get('/api/blocks')).status).to.equal(401);
    const self = await ann.client.post('/api/blocks', { userId: ann.user.id });
    expect(self.status).to.equal(400);
    expect(self.body).to.deep.equal({ message: 'You cannot block yourself' });
    expect((await ann.client.post('/api/blocks', { userId: 99999 })).status).to.equal(404);
    expect((await ann.client.post('/api/blocks', { userId: 'bob' })).body).to.deep.equal({
      message: 'Please choose whom to block',
    });
  });

  it('stops the blocked person messaging the blocker, and hides their messages from the blocker', async () => {
    const res = await ann.client.post('/api/blocks', { userId: bob.user.id });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.deep.equal([{ id: bob.user.id, name: 'Bob' }]);
    expect(
      (await ann.client.post('/api/blocks', { userId: bob.user.id })).status,
      'blocking twice changes nothing',
    ).to.equal(201);
    const send = await bob.client.post('/api/messages', { recipientId: ann.user.id, content: 'Hello again' });
    expect(send.status).to.equal(403);
    expect(send.body).to.deep.equal({ message: 'This person does not accept messages from you' });
    expect((await ann.client.get('/api/messages')).body).to.deep.equal([]);
    expect((await ann.client.get('/api/messages/unread-count')).body).to.deep.equal({ count: 0 });
    expect((await bob.client.get('/api/messages')).body, 'the sender still sees what they sent').to.have.length(1);
    expect(
      (await ann.client.post('/api/messages', { recipientId: bob.user.id, content: 'Stop' })).status,
      'the blocker may still write',
    ).to.equal(201);
  });

  it('unblocking shows their messages again and lets them write', async () => {
    const res = await ann.client.delete(`/api/blocks/${bob.user.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal([]);
    expect((await ann.client.get('/api/messages')).body.map((m: { content: string }) => m.content)).to.deep.equal([
      'Stop',
      'Hi Ann',
    ]);
    expect((await bob.client.post('/api/messages', { recipientId: ann.user.id, content: 'Sorry' })).status).to.equal(
      201,
    );
  });
});
