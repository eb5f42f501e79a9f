import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { releaseDrop, settlingRunner } from '../../pledges/test/fixtures.ts';
import { startSmtpServer } from './smtp.ts';

describe('notifications: the bell, the page and e-mail', function () {
  this.timeout(60_000);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  const clock = new Date('2026-11-10T12:00:00Z');
  let fan: SignedUp;
  let writer: SignedUp;
  let nova: SignedUp;

  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      now: () => clock,
      config: {
        mail: { smtpUrl: smtp.url, from: 'OneTrack <hello@onetrack.test>' },
        publicUrl: 'https://onetrack.test',
      },
    });
    fan = await signUp(server, 'fanny');
    writer = await signUp(server, 'writer');
    nova = await signUp(server, 'nova', { artist: true });
    expect((await fan.client.post('/api/subscriptions', { artistId: nova.artist!.id })).status).to.equal(201);
  });
  after(async () => {
    await server.stop();
    await smtp.stop();
  });

  const list = async (member: SignedUp) => (await member.client.get('/api/notifications')).body;
  const unread = async (member: SignedUp) =>
    (await member.client.get('/api/notifications/unread-count')).body.count as number;

  it('answers 401 to anonymous callers', async () => {
    for (const res of [
      await server.client().get('/api/notifications'),
      await server.client().get('/api/notifications/unread-count'),
      await server.client().post('/api/notifications/read-all'),
    ]) {
      expect(res.status).to.equal(401);
    }
    expect((await server.client().get('/api/notifications')).body.message).to.equal(
      'Please log in to see your notifications',
    );
  });

  it(
    'tells subscribers when a drop is live, from the job at its public moment, ' + 'once, in the app and by e-mail',
    async () => {
      const trackId = await releaseDrop(nova, 'Harbor Lights');
      expect(await unread(fan), 'nothing before the job runs').to.equal(0);
      const runner = settlingRunner(server);
      await runner.drain();
      const { notifications, unread: count } = await list(fan);
      expect(count).to.equal(1);
      expect(
        notifications.map((n: Record<string, unknown>) => [n.kind, n.title, n.body, n.link, n.read]),
      ).to.deep.equal([['drop', 'New drop from Nova', '“Harbor Lights” is out now.', `/tracks/${trackId}`, false]]);
      expect(await unread(nova), 'the artist does not subscribe to themself').to.equal(0);
      // The e-mail arrived at the SMTP server, with a link to the site's public address.
      const mails = smtp.received.filter((m) => m.to.includes('fanny@example.com'));
      expect(mails).to.have.length(1);
      expect(mails[0].from).to.equal('hello@onetrack.test');
      expect(mails[0].raw).to.include('Subject: New drop from Nova');
      expect(mails[0].raw).to.include(`https://onetrack.test/tracks/${trackId}`);
      // The same event again (a retried job) is neither listed nor mailed twice.
      await server.app.kernel.services.releases.announcePublic(trackId);
      await runner.drain();
      expect(await unread(fan)).to.equal(1);
      expect(smtp.received.filter((m) => m.to.includes('fanny@example.com'))).to.have.length(1);
    },
  );

  it('tells the recipient of a new message', async () => {
    const sent = await writer.client.post('/api/messages', {
      recipientId: fan.user.id,
      subject: 'Hello there',
      content: 'Loved the set.',
    });
    expect(sent.status, sent.text).to.equal(201);
    const [latest] = (await list(fan)).notifications;
    expect([latest.kind, latest.title, latest.body, latest.link]).to.deep.equal([
      'message',
      'New message from Writer',
      'Hello there: Loved the set.',
      '/messages',
    ]);
    await settlingRunner(server).drain();
    expect(smtp.received.some((m) => m.raw.includes('Subject: New message from Writer'))).to.equal(true);
  });

  it('says a notification in the language it is read in, and mails it in the one the recipient chose', async () => {
    const before = smtp.received.length;
    const sent = await fan.client.post('/api/messages', { recipientId: writer.user.id, content: 'Merci !' });
    expect(sent.status, sent.text).to.equal(201);
    const read = async (language: string) =>
      (await writer.client.get('/api/notifications', { 'Accept-Language': language })).body.notifications[0].title;
    expect(await read('es')).to.equal('Nuevo mensaje de Fanny');
    expect(await read('ar')).to.equal('رسالة جديدة من Fanny');
    expect(await read('en')).to.equal('New message from Fanny');
    // Chosen in Settings: the API answers in it whatever the browser says, and so does the mail.
    const chosen = await writer.client.patch('/api/users/me/preferences', { locale: 'de' });
    expect(chosen.status, chosen.text).to.equal(200);
    const again = await fan.client.post('/api/messages', { recipientId: writer.user.id, content: 'Danke!' });
    expect(again.status, again.text).to.equal(201);
    expect(await read('en')).to.equal('Neue Nachricht von Fanny');
    await settlingRunner(server).drain();
    const mails = smtp.received.slice(before).filter((mail) => mail.to.includes('writer@example.com'));
    expect(mails.at(-1)!.raw).to.include('Subject: Neue Nachricht von Fanny');
    expect(mails.at(-1)!.raw.replace(/=\r?\n/g, '')).to.include('https://onetrack.test/de/messages');
    await writer.client.patch('/api/users/me/preferences', { locale: 'auto' });
  });

  it("marks one or all read; another user's notification is unknown", async () => {
    const { notifications } = await list(fan);
    expect(await unread(fan)).to.equal(2);
    expect((await writer.client.post(`/api/notifications/${notifications[0].id}/read`)).status).to.equal(404);
    const one = await fan.client.post(`/api/notifications/${notifications[0].id}/read`);
    expect([one.status, one.body.unread]).to.deep.equal([200, 1]);
    expect((await fan.client.post('/api/notifications/read-all')).body.unread).to.equal(0);
    expect((await list(fan)).notifications.every((n: { read: boolean }) => n.read)).to.equal(true);
  });

  it(
    'follows the Preferences switches: no e-mail when e-mail is off, nothing in ' + 'the bell when in-app is off',
    async () => {
      expect((await fan.client.patch('/api/users/me/preferences', { emailNotifications: false })).status).to.equal(200);
      const before = smtp.received.length;
      await writer.client.post('/api/messages', { recipientId: fan.user.id, content: 'Second one.' });
      await settlingRunner(server).drain();
      expect(smtp.received.length).to.equal(before);
      expect(await unread(fan)).to.equal(1);
      expect(
        (await fan.client.patch('/api/users/me/preferences', { emailNotifications: true, inAppNotifications: false }))
          .status,
      ).to.equal(200);
      await writer.client.post('/api/messages', { recipientId: fan.user.id, content: 'Third one.' });
      await settlingRunner(server).drain();
      expect(await unread(fan), 'in-app off: the bell stays as it was').to.equal(1);
      expect(smtp.received.length).to.equal(before + 1);
    },
  );

  it('quotes a reply without a subject instead of saying only "Re:"', async () => {
    expect((await fan.client.patch('/api/users/me/preferences', { inAppNotifications: true })).status).to.equal(200);
    const long = `Thanks for the kind words. ${'More soon. '.repeat(20)}`;
    expect(
      (await writer.client.post('/api/messages', { recipientId: fan.user.id, content: long, subject: 'Re:' })).status,
    ).to.equal(201);
    const [latest] = (await list(fan)).notifications;
    expect(latest.body)
      .to.match(/^Thanks for the kind words\. More soon\./)
      .and.to.match(/…$/);
    expect(latest.body.length).to.be.at.most(140);
  });
});
