import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp } from './fixtures.ts';

// Signed-in devices (sessions.ts) when one browser signs in as someone else: koa-session keeps a
// session's data when it regenerates its id, so the new account must not inherit the old device.
describe('accounts: signing in over another account’s session', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('signs the second account in on a device of its own, and the first account’s device out', async () => {
    const first = await signUp(server, 'firstfan');
    await signUp(server, 'secondfan');
    const browser = server.client();
    expect((await browser.post('/api/auth/login', { username: 'firstfan', password: 'secret123' })).status).to.equal(
      200,
    );
    // The device it signed up on, and this one.
    expect((await browser.get('/api/auth/sessions')).body).to.have.length(2);
    expect((await browser.post('/api/auth/login', { username: 'secondfan', password: 'secret123' })).status).to.equal(
      200,
    );

    const me = await browser.get('/api/auth/user');
    expect(me.status, me.text).to.equal(200);
    expect(me.body.username).to.equal('secondfan');
    const devices = (await browser.get('/api/auth/sessions')).body as Array<{ current: boolean }>;
    expect(devices.map((d) => d.current).sort()).to.deep.equal([false, true]);
    // The first account keeps only the device it signed up on.
    expect((await first.client.get('/api/auth/sessions')).body).to.have.length(1);
  });
});
