import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp } from '../../accounts/test/fixtures.ts';
import { MAX_APP_PASSWORDS, TOO_MANY_APP_PASSWORDS } from '../rules.ts';

// Settings › Apps: a user's app passwords, the secret shown once, refused input changing nothing.

describe('subsonic: app passwords in Settings', function () {
  this.timeout(30_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.stop());

  it('answers 401 without a session, before reading a body', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/subsonic/app-passwords')).status).to.equal(401);
    expect((await anonymous.post('/api/subsonic/app-passwords', { name: 'x' })).status).to.equal(401);
    expect((await anonymous.delete('/api/subsonic/app-passwords/1')).status).to.equal(401);
  });

  it('shows the secret once, lists names and dates only, deletes only its own', async () => {
    const fan = await signUp(server, 'listfan');
    const other = await signUp(server, 'listother');
    const created = await fan.client.post('/api/subsonic/app-passwords', { name: '  Phone  ' });
    expect(created.status).to.equal(201);
    expect(created.body.name).to.equal('Phone');
    expect(created.body.password).to.match(/^[A-Za-z0-9_-]{24}$/);
    const list = await fan.client.get('/api/subsonic/app-passwords');
    expect(list.body).to.have.length(1);
    expect(list.body[0]).to.have.keys(['id', 'name', 'createdAt', 'lastUsedAt']);
    expect(list.text).not.to.contain(created.body.password);
    expect((await other.client.get('/api/subsonic/app-passwords')).body).to.deep.equal([]);
    expect((await other.client.delete(`/api/subsonic/app-passwords/${created.body.id}`)).status).to.equal(404);
    expect((await fan.client.delete('/api/subsonic/app-passwords/abc')).status).to.equal(404);

    // Used by an app: the list says when.
    await fetch(`${server.url}/rest/ping?apiKey=${created.body.password}`);
    expect((await fan.client.get('/api/subsonic/app-passwords')).body[0].lastUsedAt).to.be.a('string');
    expect((await fan.client.delete(`/api/subsonic/app-passwords/${created.body.id}`)).status).to.equal(204);
    expect((await fan.client.get('/api/subsonic/app-passwords')).body).to.deep.equal([]);
  });

  it('refuses a missing, blank or too long name, and more than the limit', async () => {
    const fan = await signUp(server, 'limitfan');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(41) }, { name: 5 }]) {
      const res = await fan.client.post('/api/subsonic/app-passwords', body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.message).to.be.a('string');
    }
    expect((await fan.client.post('/api/subsonic/app-passwords', {})).body.message).to.equal(
      'Name the app this password is for',
    );
    for (let i = 0; i < MAX_APP_PASSWORDS; i += 1)
      expect((await fan.client.post('/api/subsonic/app-passwords', { name: `app ${i}` })).status).to.equal(201);
    const over = await fan.client.post('/api/subsonic/app-passwords', { name: 'one more' });
    expect(over.status).to.equal(409);
    expect(over.body.message).to.equal(TOO_MANY_APP_PASSWORDS);
    expect((await fan.client.get('/api/subsonic/app-passwords')).body).to.have.length(MAX_APP_PASSWORDS);
  });
});
