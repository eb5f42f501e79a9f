import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { PASSWORD_CHANGE_MESSAGES } from '../rules.ts';
import { signUp } from './fixtures.ts';

// Settings › Security › Change password (issue 44 point 2): the current password confirms it, the
// new one meets the rules, and other devices are signed out only when asked.
describe('accounts: changing the password while signed in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const login = async (password: string) => {
    const device = server.client();
    const res = await device.post('/api/auth/login', { username: 'changer', password });
    return { device, status: res.status };
  };

  it('refuses a visitor, a wrong current password and a weak new one, changing nothing', async () => {
    await signUp(server, 'changer');
    const visitor = await server
      .client()
      .post('/api/auth/password', { currentPassword: 'secret123', newPassword: 'x' });
    expect(visitor.status).to.equal(401);
    const { device } = await login('secret123');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ newPassword: 'another123' }, 400, PASSWORD_CHANGE_MESSAGES.current],
      [{ currentPassword: 'wrong-one', newPassword: 'another123' }, 403, PASSWORD_CHANGE_MESSAGES.wrongCurrent],
      [{ currentPassword: 'secret123', newPassword: 'short' }, 400, 'Password must be at least 6 characters'],
      [{ currentPassword: 'secret123', newPassword: 'secret123' }, 400, PASSWORD_CHANGE_MESSAGES.same],
      [{ currentPassword: 'secret123', newPassword: 'Changer' }, 400, PASSWORD_CHANGE_MESSAGES.username],
    ];
    for (const [body, status, message] of cases) {
      const res = await device.post('/api/auth/password', body);
      expect([res.status, res.body.message], JSON.stringify(body)).to.deep.equal([status, message]);
    }
    expect((await login('secret123')).status, 'the old password still works').to.equal(200);
  });

  it('changes it, keeping other devices signed in unless asked, then signing them out', async () => {
    const { device: here } = await login('secret123');
    const { device: there } = await login('secret123');
    const kept = await here.post('/api/auth/password', { currentPassword: 'secret123', newPassword: 'brand-new-1' });
    expect([kept.status, kept.body]).to.deep.equal([200, { message: PASSWORD_CHANGE_MESSAGES.done, signedOut: 0 }]);
    expect((await there.get('/api/auth/user')).status, 'not asked: still signed in').to.equal(200);
    expect((await login('secret123')).status).to.equal(401);
    expect((await login('brand-new-1')).status).to.equal(200);

    const ended = await here.post('/api/auth/password', {
      currentPassword: 'brand-new-1',
      newPassword: 'brand-new-2',
      signOutOthers: true,
    });
    expect(ended.status, ended.text).to.equal(200);
    expect(ended.body.message).to.equal(PASSWORD_CHANGE_MESSAGES.doneSignedOut);
    expect(ended.body.signedOut).to.be.greaterThan(1);
    expect((await there.get('/api/auth/user')).status, 'other devices signed out').to.equal(401);
    expect((await here.get('/api/auth/user')).status, 'this one stays').to.equal(200);
    expect((await login('brand-new-2')).status).to.equal(200);
  });
});
