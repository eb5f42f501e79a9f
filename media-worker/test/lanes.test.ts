import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../api/test/server.ts';
import { enqueue } from '../../api/jobs/queue.ts';
import { inLane } from '../../api/jobs/handler.ts';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';
import { startSmtpServer } from '../../plugins/notifications/test/smtp.ts';
import { createRunner, jobHandlers } from '../runner.ts';

// Urgent jobs first (api/jobs/handler.ts): with 50 media jobs queued and a long one in hand, a
// password-reset e-mail and a data export still run at once, in lanes of their own, through the
// real handlers, the real jobs table and a real SMTP server. The media job stands in for a transcode
// that takes as long as the test likes (it ends when told).

describe('media worker: lanes', function () {
  this.timeout(30_000);
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      config: {
        publicUrl: 'https://onetrack.test',
        mail: { smtpUrl: smtp.url, from: 'OneTrack <hello@onetrack.test>' },
      },
    });
  });
  after(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('sends a reset e-mail and builds an export while a long media job runs and 50 more wait', async () => {
    const { kernel } = server.app;
    const rose = await signUp(server, 'rose');
    await kernel.knex('jobs').delete();
    const started: number[] = [];
    let finish!: () => void;
    const transcoding = new Promise<void>((resolve) => (finish = resolve));
    const media = inLane('media', async (payload) => {
      started.push((payload as { n: number }).n);
      await transcoding;
    });
    for (let n = 0; n < 51; n++) await enqueue(kernel.knex, 'test.transcode', { n }, Date.now());
    const runner = createRunner(
      kernel,
      { ...jobHandlers(server.app.plugins), 'test.transcode': media },
      { idleMs: 50 },
    );
    runner.start();
    try {
      while (!started.length) await new Promise((resolve) => setTimeout(resolve, 10));
      const asked = Date.now();
      const reset = await server.client().post('/api/auth/password-reset', { email: 'rose@example.com' });
      expect(reset.status, reset.text).to.equal(202);
      const exported = await rose.client.post('/api/users/me/exports');
      expect(exported.status, exported.text).to.be.oneOf([200, 201, 202]);
      const sent = async () => smtp.received.some((m) => m.to.includes('rose@example.com') && /reset/i.test(m.raw));
      while (!(await sent()) && Date.now() - asked < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      const delay = Date.now() - asked;
      expect(await sent(), 'the reset e-mail went out').to.equal(true);
      expect(delay, 'the reset e-mail within 5 s').to.be.below(5000);
      const exportRow = async () => kernel.knex('jobs').where({ type: 'accounts.export' }).first('status');
      while ((await exportRow())?.status !== 'done' && Date.now() - asked < 5000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await exportRow())?.status, 'the export ran').to.equal('done');
      expect(started, 'still the first media job in hand').to.deep.equal([0]);
      expect(
        (await kernel.knex('jobs').where({ type: 'test.transcode', status: 'queued' }).count({ n: '*' }))[0].n,
      ).to.equal(50);
    } finally {
      finish();
      await kernel.knex('jobs').where({ type: 'test.transcode' }).delete();
      await runner.stop();
    }
  });

  it('drains the mail lane first in a one-off run', async () => {
    const { kernel } = server.app;
    await kernel.knex('jobs').delete();
    const order: string[] = [];
    const handler = (type: string) => async () => void order.push(type);
    await enqueue(kernel.knex, 'test.media', {}, Date.now());
    await enqueue(kernel.knex, 'test.other', {}, Date.now());
    await enqueue(kernel.knex, 'test.mail', {}, Date.now());
    const runner = createRunner(kernel, {
      'test.media': inLane('media', handler('test.media')),
      'test.other': handler('test.other'),
      'test.mail': inLane('mail', handler('test.mail')),
    });
    expect(await runner.drain()).to.equal(3);
    expect(order).to.deep.equal(['test.mail', 'test.other', 'test.media']);
  });
});
