import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../../api/app.ts';
import { listen } from '../../../api/http/listen.ts';
import { TestClient } from '../../../api/test/client.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { startSmtpServer } from '../../notifications/test/smtp.ts';
import { TOKEN_MAIL_JOB } from '../recovery.ts';
import { RECOVERY_MESSAGES } from '../rules.ts';
import { signUp, type SignedUp } from './fixtures.ts';

const HOUR = 3600_000;
const PASSWORD = 'secret123';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** The link of the latest mail to this address, and its token (quoted-printable soft breaks undone). */
function lastLink(smtp: Smtp, to: string): { link: string; token: string } {
  const mails = smtp.received.filter((m) => m.to.includes(to));
  expect(mails, `a mail to ${to}`).to.not.have.length(0);
  const raw = mails
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match = raw.match(/(https:\/\/onetrack\.test\/[a-z-]+#token=([A-Za-z0-9_-]{43}))/);
  expect(match, raw).to.not.equal(null);
  return { link: match![1], token: match![2] };
}

async function login(server: TestServer, username: string, password: string, client = server.client()) {
  const res = await client.post('/api/auth/login', { username, password });
  return { client, status: res.status };
}

describe('accounts: recovery with mail configured', function () {
  this.timeout(60_000);
  let smtp: Smtp;
  let server: TestServer;
  let clock = new Date('2026-11-10T12:00:00Z');
  const mail = () =>
    createRunner(server.app.kernel, { [TOKEN_MAIL_JOB]: jobHandlers(server.app.plugins)[TOKEN_MAIL_JOB] }).drain();

  before(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      now: () => clock,
      config: {
        publicUrl: 'https://onetrack.test',
        mail: { smtpUrl: smtp.url, from: 'OneTrack <hello@onetrack.test>' },
      },
    });
  });
  after(async () => {
    await server.stop();
    await smtp.stop();
  });

  describe('password reset', () => {
    let rose: SignedUp;
    before(async () => {
      rose = await signUp(server, 'rose', { unverified: true });
      await mail();
    });

    it('answers the same whether or not the address has an account, and mails only an account', async () => {
      const known = await server.client().post('/api/auth/password-reset', { email: 'ROSE@example.com' });
      const unknown = await server.client().post('/api/auth/password-reset', { email: 'nobody@example.com' });
      expect([known.status, known.body]).to.deep.equal([202, { message: RECOVERY_MESSAGES.resetSent }]);
      expect([unknown.status, unknown.body]).to.deep.equal([known.status, known.body]);
      await mail();
      expect(smtp.received.filter((m) => m.to.includes('nobody@example.com'))).to.have.length(0);
      const { link } = lastLink(smtp, 'rose@example.com');
      expect(link).to.match(/^https:\/\/onetrack\.test\/reset-password#token=/);
    });

    it('stores only the sha256 of a token: not in the tokens table, not in the job queue', async () => {
      const { token } = lastLink(smtp, 'rose@example.com');
      const { knex } = server.app.kernel;
      const dump = JSON.stringify([
        await knex('account_tokens').select(),
        await knex('jobs').select(),
        await knex('sessions').select(),
      ]);
      expect(dump).not.to.include(token);
      const rows = await knex('account_tokens').where({ purpose: 'reset' }).select('tokenHash');
      expect(rows.map((r) => r.tokenHash))
        .to.have.length(1)
        .and.to.satisfy((hashes: string[]) => hashes.every((h) => /^[0-9a-f]{64}$/.test(h)));
    });

    it('answers and mails in the language of the request that asked (Accept-Language)', async () => {
      const asked = await server.client().post(
        '/api/auth/password-reset',
        { email: 'rose@example.com' },
        {
          'Accept-Language': 'de-DE,de;q=0.9',
        },
      );
      expect(asked.body.message).to.equal(
        'Wenn ein Konto diese Adresse nutzt, ist ein Link für ein neues Passwort ' +
          'unterwegs. Er funktioniert einmal, eine Stunde lang.',
      );
      await mail();
      const raw = smtp.received.filter((m) => m.to.includes('rose@example.com')).at(-1)!.raw;
      const text = Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      expect(text).to.include('Jemand (hoffentlich du) möchte ein neues Passwort für dein OneTrack-Konto wählen.');
      expect(text).to.include('Wenn du das nicht angefordert hast, ignoriere diese E-Mail');
      expect(text).not.to.include('Someone (we hope you)');
    });

    it('sets the new password once, signs out every session of the account, and the link then fails', async () => {
      const other = await login(server, 'rose', PASSWORD);
      expect(other.status).to.equal(200);
      const { token } = lastLink(smtp, 'rose@example.com');
      const reset = await server.client().post('/api/auth/password-reset/confirm', { token, password: 'brand-new-1' });
      expect([reset.status, reset.body]).to.deep.equal([200, { message: RECOVERY_MESSAGES.resetDone }]);
      expect((await rose.client.get('/api/auth/user')).status, 'the first session').to.equal(401);
      expect((await other.client.get('/api/auth/user')).status, 'the second session').to.equal(401);
      expect((await login(server, 'rose', PASSWORD)).status).to.equal(401);
      expect((await login(server, 'rose', 'brand-new-1', rose.client)).status).to.equal(200);
      const again = await server.client().post('/api/auth/password-reset/confirm', { token, password: 'another-one' });
      expect([again.status, again.body]).to.deep.equal([400, { message: RECOVERY_MESSAGES.badLink }]);
      expect((await login(server, 'rose', 'another-one')).status, 'unchanged by the refused reuse').to.equal(401);
    });

    it('lets exactly one of two simultaneous uses of a link through', async () => {
      await server.client().post('/api/auth/password-reset', { email: 'rose@example.com' });
      await mail();
      const { token } = lastLink(smtp, 'rose@example.com');
      const both = await Promise.all(
        ['first-pass-1', 'second-pass-2'].map((password) =>
          server.client().post('/api/auth/password-reset/confirm', { token, password }),
        ),
      );
      expect(both.map((r) => r.status).sort()).to.deep.equal([200, 400]);
    });

    it('refuses a link after an hour', async () => {
      const reader = await signUp(server, 'reader');
      await reader.client.post('/api/auth/password-reset', { email: 'reader@example.com' });
      await mail();
      const { token } = lastLink(smtp, 'reader@example.com');
      clock = new Date(clock.getTime() + HOUR + 1000);
      const late = await server.client().post('/api/auth/password-reset/confirm', { token, password: 'too-late-1' });
      expect([late.status, late.body.message]).to.deep.equal([400, RECOVERY_MESSAGES.badLink]);
      expect((await login(server, 'reader', PASSWORD)).status).to.equal(200);
    });

    it('refuses bad input with 400 and a message', async () => {
      const cases: Array<[string, object, string]> = [
        ['/api/auth/password-reset', {}, 'Email is required'],
        ['/api/auth/password-reset', { email: 'not-an-email' }, 'Please enter a valid email'],
        ['/api/auth/password-reset/confirm', { token: 'x'.repeat(43) }, 'Password is required'],
        [
          '/api/auth/password-reset/confirm',
          { token: 'x'.repeat(43), password: '123' },
          'Password must be at least 6 characters',
        ],
        [
          '/api/auth/password-reset/confirm',
          { token: 'not a token', password: 'secret123' },
          RECOVERY_MESSAGES.badLink,
        ],
        ['/api/auth/verify-email', { token: 42 }, 'Link must be a string'],
      ];
      for (const [path, body, message] of cases) {
        const res = await server.client().post(path, body);
        expect([res.status, res.body.message], `${path} ${JSON.stringify(body)}`).to.deep.equal([400, message]);
      }
    });

    it('limits requests per address, whether or not it has an account', async () => {
      for (const email of ['limit@example.com', 'rose@example.com']) {
        const statuses = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await server.client().post('/api/auth/password-reset', { email })).status);
        expect(
          statuses.slice(0, 3).every((s) => s === 202 || s === 429),
          email,
        ).to.equal(true);
        expect(statuses[3], email).to.equal(429);
      }
      const limited = await server.client().post('/api/auth/password-reset', { email: 'Limit@Example.com' });
      expect(limited.status).to.equal(429);
      expect(limited.body.message).to.match(/^Too many requests/);
      expect(limited.headers.get('retry-after')).to.match(/^\d+$/);
    });
  });

  describe('e-mail verification and what it gates', () => {
    let vera: SignedUp;
    let nova: SignedUp;
    before(async () => {
      vera = await signUp(server, 'vera', { unverified: true });
      nova = await signUp(server, 'nova', { artist: true, unverified: true });
      await mail();
    });

    it('mails a link at registration; the account reads as unverified until it is used', async () => {
      expect(lastLink(smtp, 'vera@example.com').link).to.match(/^https:\/\/onetrack\.test\/verify-email#token=/);
      expect((await vera.client.get('/api/auth/user')).body.emailVerified).to.equal(false);
    });

    it('lets an unverified account listen and subscribe, but not message or upload (403 with the reason)', async () => {
      expect((await vera.client.post('/api/subscriptions', { artistId: nova.artist!.id })).status).to.equal(201);
      const message = await vera.client.post('/api/messages', {
        recipientId: nova.user.id,
        subject: 'Hi',
        content: 'Hello',
      });
      expect([message.status, message.body.message]).to.deep.equal([
        403,
        'Please verify your e-mail address before you send messages: open the link we ' +
          'sent you, or send a new one from Settings.',
      ]);
      const upload = await nova.client.post('/api/upload', { data: 'data:image/png;base64,AAAA', type: 'image' });
      expect([upload.status, upload.body.message]).to.deep.equal([
        403,
        'Please verify your e-mail address before you upload: open the link we sent ' +
          'you, or send a new one from Settings.',
      ]);
      const track = await nova.client.post('/api/tracks', {});
      expect(track.status).to.equal(403);
      expect(Number((await server.app.kernel.knex('messages').count({ n: '*' }))[0].n)).to.equal(0);
    });

    it('verifies with the link (from any browser), once; then messaging works', async () => {
      const { token } = lastLink(smtp, 'vera@example.com');
      const ok = await server.client().post('/api/auth/verify-email', { token });
      expect([ok.status, ok.body]).to.deep.equal([200, { message: RECOVERY_MESSAGES.verified }]);
      expect((await vera.client.get('/api/auth/user')).body.emailVerified).to.equal(true);
      expect((await server.client().post('/api/auth/verify-email', { token })).status).to.equal(400);
      const message = await vera.client.post('/api/messages', {
        recipientId: nova.user.id,
        subject: 'Hi',
        content: 'Hello',
      });
      expect(message.status, message.text).to.equal(201);
      const resend = await vera.client.post('/api/auth/verify-email/send');
      expect([resend.status, resend.body.message]).to.deep.equal([409, RECOVERY_MESSAGES.alreadyVerified]);
    });

    it("makes a changed address unverified, mails it a link, and the old address's link no longer works", async () => {
      await nova.client.post('/api/auth/verify-email/send');
      await mail();
      const old = lastLink(smtp, 'nova@example.com').token;
      const changed = await nova.client.patch(`/api/users/${nova.user.id}`, { email: 'nova@new.example.com' });
      expect([changed.status, changed.body.emailVerified]).to.deep.equal([200, false]);
      await mail();
      expect((await server.client().post('/api/auth/verify-email', { token: old })).status).to.equal(400);
      const fresh = lastLink(smtp, 'nova@new.example.com').token;
      expect((await server.client().post('/api/auth/verify-email', { token: fresh })).status).to.equal(200);
      expect((await nova.client.get('/api/users/me')).body.emailVerified).to.equal(true);
    });

    it('answers 401 to an anonymous request for a link', async () => {
      expect((await server.client().post('/api/auth/verify-email/send')).status).to.equal(401);
    });
  });
});

describe('accounts: recovery without mail (the embedded default)', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  it('refuses a reset with the reason: an operator must configure mail', async () => {
    await signUp(server, 'mona');
    const res = await server.client().post('/api/auth/password-reset', { email: 'mona@example.com' });
    expect([res.status, res.body]).to.deep.equal([403, { message: RECOVERY_MESSAGES.noMail }]);
    expect(Number((await server.app.kernel.knex('account_tokens').count({ n: '*' }))[0].n)).to.equal(0);
  });

  it('gates nothing, and puts the verification link in the notifications instead of a mail', async () => {
    const mona = await signUp(server, 'mona2', { unverified: true });
    const paul = await signUp(server, 'paul');
    expect((await mona.client.get('/api/notifications/unread-count')).body.count, 'nothing at registration').to.equal(
      0,
    );
    const message = await mona.client.post('/api/messages', {
      recipientId: paul.user.id,
      subject: 'Hi',
      content: 'Hello',
    });
    expect(message.status).to.equal(201);
    const sent = await mona.client.post('/api/auth/verify-email/send');
    expect([sent.status, sent.body.message]).to.deep.equal([200, RECOVERY_MESSAGES.verificationInApp]);
    const [note] = (await mona.client.get('/api/notifications')).body.notifications;
    expect(note.kind).to.equal('account');
    const token = (note.link as string).match(/^\/verify-email#token=([A-Za-z0-9_-]{43})$/)![1];
    expect((await server.client().post('/api/auth/verify-email', { token })).status).to.equal(200);
    expect((await mona.client.get('/api/auth/user')).body.emailVerified).to.equal(true);
  });
});

describe('accounts: signed-in devices', function () {
  this.timeout(60_000);
  let server: TestServer;
  let second: { app: App; url: string; stop(): Promise<void> };
  before(async () => {
    const redis = { url: 'redis://127.0.0.1:6379', prefix: `onetrack-test-${randomBytes(4).toString('hex')}:` };
    server = await startTestServer({ config: { redis } });
    // A second node on the same database and Redis, as behind a load balancer.
    const app = await createApp({ config: server.app.kernel.config, pages: false });
    const listening = await listen(app.koa, 0, '127.0.0.1');
    second = {
      app,
      url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
      async stop() {
        listening.closeAllConnections();
        await new Promise((resolve) => listening.close(resolve));
        await app.close();
      },
    };
  });
  after(async () => {
    await second.stop();
    await server.stop();
  });

  const browser = (ua: string) => ({ 'User-Agent': ua });
  const CHROME_LINUX =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  const SAFARI_IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

  it('answers 401 to anonymous callers', async () => {
    expect((await server.client().get('/api/auth/sessions')).status).to.equal(401);
    expect((await server.client().post('/api/auth/sessions/sign-out-others')).status).to.equal(401);
    expect((await server.client().delete('/api/auth/sessions/abc')).status).to.equal(401);
  });

  it('lists the devices signed in, this one marked, and signs one out on every node', async () => {
    const laptop = server.client(browser(CHROME_LINUX));
    expect(
      (
        await laptop.post('/api/auth/register', {
          username: 'dev',
          password: PASSWORD,
          email: 'dev@example.com',
          name: 'Dev',
        })
      ).status,
    ).to.equal(201);
    // The phone talks to the other node.
    const phone = new TestClient(second.url, browser(SAFARI_IPHONE));
    expect((await login(server, 'dev', PASSWORD, phone)).status).to.equal(200);
    const listed = (await laptop.get('/api/auth/sessions')).body;
    expect(listed.map((s: { device: string; current: boolean }) => [s.device, s.current]).sort()).to.deep.equal([
      ['Chrome on Linux', true],
      ['Safari on iPhone', false],
    ]);
    expect(JSON.stringify(listed)).not.to.match(/Mozilla/);
    const phoneRow = listed.find((s: { current: boolean }) => !s.current);
    expect((await phone.get('/api/auth/user')).status, 'the phone is signed in, on node B').to.equal(200);
    const ended = await laptop.delete(`/api/auth/sessions/${phoneRow.id}`);
    expect(ended.status).to.equal(200);
    expect((await phone.get('/api/auth/user')).status, 'node B hears of it at once').to.equal(401);
    expect((await laptop.get('/api/auth/user')).status).to.equal(200);
    expect((await laptop.delete(`/api/auth/sessions/${phoneRow.id}`)).status, 'gone').to.equal(404);
  });

  it("signs out everywhere else, keeps this device; another account's device is unknown", async () => {
    const here = server.client(browser(CHROME_LINUX));
    await login(server, 'dev', PASSWORD, here);
    const elsewhere = [new TestClient(second.url), server.client()];
    for (const client of elsewhere) await login(server, 'dev', PASSWORD, client);
    const stranger = await signUp(server, 'stranger');
    const strangerRow = (await stranger.client.get('/api/auth/sessions')).body[0];
    expect((await here.delete(`/api/auth/sessions/${strangerRow.id}`)).status).to.equal(404);
    const res = await here.post('/api/auth/sessions/sign-out-others');
    expect(res.status).to.equal(200);
    expect(res.body.ended).to.be.at.least(2);
    for (const client of elsewhere) expect((await client.get('/api/auth/user')).status).to.equal(401);
    expect((await here.get('/api/auth/user')).status).to.equal(200);
    expect((await here.get('/api/auth/sessions')).body).to.have.length(1);
    expect((await stranger.client.get('/api/auth/user')).status, 'other accounts untouched').to.equal(200);
  });

  it(
    'keeps a device’s row on a node through other accounts’ writes, and reads it ' +
      'again when that account’s devices are signed out',
    async () => {
      const phone = new TestClient(second.url);
      await login(server, 'dev', PASSWORD, phone);
      const laptop = server.client();
      await login(server, 'dev', PASSWORD, laptop);
      const fan = await signUp(server, 'devicesfan');
      let reads = 0;
      const count = (query: { sql: string }) => void (/account_sessions/.test(query.sql) && reads++);
      second.app.kernel.knex.on('query', count);
      try {
        expect((await phone.get('/api/auth/user')).status).to.equal(200);
        reads = 0;
        // Another account's writes, which every node hears of.
        expect((await fan.client.patch('/api/users/me/preferences', { theme: 'dark' })).status).to.equal(200);
        await fan.client.post('/api/auth/logout');
        expect((await phone.get('/api/auth/user')).status).to.equal(200);
        expect(reads, 'the row stayed in node B’s memory').to.equal(0);
        expect((await laptop.post('/api/auth/sessions/sign-out-others')).status).to.equal(200);
        expect((await phone.get('/api/auth/user')).status, 'signed out on node B at once').to.equal(401);
        expect(reads, 'node B read the row again').to.be.at.least(1);
      } finally {
        second.app.kernel.knex.off('query', count);
      }
    },
  );

  it('forgets a device at logout', async () => {
    const client = server.client();
    await login(server, 'dev', PASSWORD, client);
    const before = Number((await server.app.kernel.knex('account_sessions').count({ n: '*' }))[0].n);
    await client.post('/api/auth/logout');
    expect(Number((await server.app.kernel.knex('account_sessions').count({ n: '*' }))[0].n)).to.equal(before - 1);
  });
});
