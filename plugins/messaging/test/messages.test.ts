import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { replySubject } from '../rules.ts';

describe('messaging: send, list, mark read', () => {
  let server: TestServer;
  let clock = new Date('2026-03-05T14:30:00Z');
  let fan: SignedUp, artist: SignedUp, stranger: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'messaging'], now: () => clock });
    fan = await signUp(server, 'fanny');
    artist = await signUp(server, 'arty', { artist: true });
    stranger = await signUp(server, 'stran');
  });
  after(() => server.stop());

  describe('permissions', () => {
    for (const [method, path] of [
      ['get', '/api/messages'],
      ['get', '/api/messages/unread-count'],
      ['post', '/api/messages'],
      ['patch', '/api/messages/1/read'],
    ] as const) {
      it(`answers 401 to an anonymous ${method.toUpperCase()} ${path}`, async () => {
        expect((await server.client()[method](path)).status).to.equal(401);
      });
    }

    it('tells an anonymous sender to log in', async () => {
      const res = await server.client().post('/api/messages', { recipientId: artist.user.id, content: 'hi' });
      expect(res.body).to.deep.equal({ message: 'Please log in to send messages' });
    });
  });

  describe('send', () => {
    const invalid: Array<[string, object, string]> = [
      ['an empty message', { content: '' }, 'Please write a message'],
      ['a whitespace-only message', { content: ' \n\t ' }, 'Please write a message'],
      ['no content', { content: undefined }, 'Please write a message'],
      ['a message over 2000 characters', { content: 'x'.repeat(2001) }, 'Message must be less than 2000 characters'],
      ['a subject over 200 characters', { subject: 's'.repeat(201) }, 'Subject must be less than 200 characters'],
      ['no recipient', { recipientId: undefined }, 'Please choose a recipient'],
    ];
    for (const [what, patch, message] of invalid) {
      it(`refuses ${what} with 400 "${message}"`, async () => {
        const res = await fan.client.post('/api/messages', { recipientId: artist.user.id, content: 'Hello', ...patch });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it('refuses a message to oneself', async () => {
      const res = await artist.client.post('/api/messages', { recipientId: artist.user.id, content: 'Note to self' });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'You cannot send messages to yourself' });
    });

    it('says its refusals in the caller’s language, and changes nothing', async () => {
      const said: Array<[string, object, string]> = [
        ['fr', { recipientId: artist.user.id, content: 'Moi' }, 'Vous ne pouvez pas vous envoyer de messages'],
        ['ja', { recipientId: fan.user.id, content: 'x'.repeat(2001) }, 'メッセージは2000文字未満にしてください'],
        ['ar', { recipientId: 99999, content: 'مرحبا' }, 'لم يُعثر على المستلم'],
      ];
      const before = await server.app.kernel.knex('messages').count({ n: '*' }).first();
      for (const [language, body, message] of said) {
        const res = await artist.client.post('/api/messages', body, { 'Accept-Language': language });
        expect([language, res.body]).to.deep.equal([language, { message }]);
      }
      expect(await server.app.kernel.knex('messages').count({ n: '*' }).first()).to.deep.equal(before);
    });

    it('refuses an unknown recipient with 404', async () => {
      const res = await fan.client.post('/api/messages', { recipientId: 99999, content: 'Anyone there?' });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Recipient not found' });
    });

    it('sends a trimmed message and shows it to both sides from their own point of view', async () => {
      const res = await fan.client.post('/api/messages', {
        recipientId: artist.user.id,
        content: '  Loved this month’s drop!  ',
      });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({
        senderId: fan.user.id,
        senderName: 'Fanny',
        recipientId: artist.user.id,
        recipientName: 'Arty',
        subject: null,
        content: 'Loved this month’s drop!',
        isRead: false,
        isSentByCurrentUser: true,
        createdAt: '2026-03-05T14:30:00.000Z',
      });
      const inbox = (await artist.client.get('/api/messages')).body;
      expect(inbox).to.have.length(1);
      expect(inbox[0]).to.include({ id: res.body.id, isSentByCurrentUser: false, isRead: false, senderName: 'Fanny' });
      expect((await artist.client.get('/api/messages/unread-count')).body).to.deep.equal({ count: 1 });
      expect((await fan.client.get('/api/messages/unread-count')).body).to.deep.equal({ count: 0 });
    });

    it('lists sent and received newest first, with a reply subject', async () => {
      clock = new Date('2026-03-05T15:00:00Z');
      const reply = await artist.client.post('/api/messages', {
        recipientId: fan.user.id,
        content: 'Thank you!',
        subject: 'Re: ',
      });
      expect(reply.status).to.equal(201);
      const list = (await fan.client.get('/api/messages')).body;
      expect(
        list.map((m: { content: string; isSentByCurrentUser: boolean }) => [m.content, m.isSentByCurrentUser]),
      ).to.deep.equal([
        ['Thank you!', false],
        ['Loved this month’s drop!', true],
      ]);
      // A bare "Re:" is no subject (it showed as a bold "Re:" line and "Re:: …" previews).
      expect(list[0].subject).to.equal(null);
      const titled = await artist.client.post('/api/messages', {
        recipientId: fan.user.id,
        content: 'And again',
        subject: ' Re: Your drop ',
      });
      expect(titled.body.subject).to.equal('Re: Your drop');
    });

    it('shows no stored bare "Re:" subject, and replies with no subject to a message without one', async () => {
      const [row] = await server.app.kernel
        .knex('messages')
        .insert({
          senderId: artist.user.id,
          recipientId: fan.user.id,
          subject: 'Re:',
          content: 'Old reply',
          isRead: false,
          createdAt: clock.getTime(),
        })
        .returning('id');
      const list = (await fan.client.get('/api/messages')).body as Array<{ id: number; subject: string | null }>;
      expect(list.find((m) => m.id === Number(typeof row === 'object' ? row.id : row))?.subject).to.equal(null);
      expect(replySubject(null)).to.equal(null);
      expect(replySubject('Re:')).to.equal(null);
      expect(replySubject('Live dates?')).to.equal('Re: Live dates?');
      expect(replySubject('Re: Live dates?')).to.equal('Re: Live dates?');
    });
  });

  describe('privacy', () => {
    it('shows a stranger none of the conversation', async () => {
      expect((await stranger.client.get('/api/messages')).body).to.deep.equal([]);
    });

    it('lets nobody but the recipient mark a message read', async () => {
      const [received] = (await artist.client.get('/api/messages')).body.filter(
        (m: { isSentByCurrentUser: boolean }) => !m.isSentByCurrentUser,
      );
      const byStranger = await stranger.client.patch(`/api/messages/${received.id}/read`);
      expect(byStranger.status).to.equal(403);
      const bySender = await fan.client.patch(`/api/messages/${received.id}/read`);
      expect(bySender.status).to.equal(403);
      expect(bySender.body).to.deep.equal({ message: 'You can only mark messages sent to you as read' });
      expect((await artist.client.get('/api/messages/unread-count')).body.count).to.equal(1);
    });

    it('answers 404 for an unknown message id', async () => {
      expect((await artist.client.patch('/api/messages/99999/read')).status).to.equal(404);
      expect((await artist.client.patch('/api/messages/abc/read')).status).to.equal(404);
    });

    it('marks read for the recipient, idempotently, and the count follows', async () => {
      const [received] = (await artist.client.get('/api/messages')).body.filter(
        (m: { isSentByCurrentUser: boolean }) => !m.isSentByCurrentUser,
      );
      const first = await artist.client.patch(`/api/messages/${received.id}/read`);
      expect(first.status).to.equal(200);
      expect(first.body).to.include({ id: received.id, isRead: true, isSentByCurrentUser: false });
      expect((await artist.client.patch(`/api/messages/${received.id}/read`)).body.isRead).to.equal(true);
      expect((await artist.client.get('/api/messages/unread-count')).body.count).to.equal(0);
    });
  });

  describe('limits and deletion', () => {
    it('slows down a sender who sends more than 20 messages a minute (429) and says when to try again', async () => {
      const spammer = await signUp(server, 'spammer');
      const statuses = [];
      for (let i = 0; i < 21; i++)
        statuses.push(
          (await spammer.client.post('/api/messages', { recipientId: stranger.user.id, content: `#${i}` })).status,
        );
      expect(statuses.slice(0, 20).every((s) => s === 201)).to.equal(true);
      expect(statuses[20]).to.equal(429);
      const refused = await spammer.client.post('/api/messages', { recipientId: stranger.user.id, content: 'again' });
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({ message: 'You are sending messages too fast. Please wait a minute.' });
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    });

    it('lets exactly 20 of 30 messages sent at the same moment through', async () => {
      const sender = await signUp(server, 'burster');
      const reader = await signUp(server, 'reader');
      const sends = Array.from({ length: 30 }, (_, i) =>
        sender.client.post('/api/messages', { recipientId: reader.user.id, content: `at once #${i}` }),
      );
      const statuses = (await Promise.all(sends)).map((res) => res.status);
      expect(statuses.filter((s) => s === 201)).to.have.length(20);
      expect(statuses.filter((s) => s === 429)).to.have.length(10);
      expect(
        await server.app.kernel.knex('messages').where({ senderId: sender.user.id }).count({ n: '*' }),
      ).to.deep.equal([{ n: 20 }]);
    });

    it('deletes the conversations of a deleted account, and nobody can write to it', async () => {
      const res = await fan.client.post(`/api/users/${fan.user.id}/deletion`, { password: 'secret123' });
      expect(res.status).to.equal(200);
      expect((await artist.client.get('/api/messages')).body).to.deep.equal([]);
      const toDeleted = await artist.client.post('/api/messages', {
        recipientId: fan.user.id,
        content: 'Are you there?',
      });
      expect(toDeleted.status).to.equal(404);
    });
  });

  describe('shell badge', () => {
    it('gives the unread count to the app shell', async () => {
      const plugin = server.app.plugins.find((p) => p.name === 'messaging')!;
      await stranger.client.get('/api/messages');
      const shell = await plugin.shell!(server.app.kernel, {
        id: stranger.user.id,
        username: 'stran',
        name: 'Stran',
        role: 'user',
        isArtist: false,
        profileImage: null,
      });
      expect(shell).to.deep.equal({ unreadMessages: 20 });
    });
  });
});
