import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { PASSKEY_MESSAGES } from '../rules.ts';
import { signUp } from './fixtures.ts';

// The whole ceremony, register to sign-in, runs in passkeys.browser.test.ts with Chromium's virtual
// authenticator; here, what the server refuses.
describe('accounts: passkeys, what the server refuses', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  const fakeAnswer = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
    clientExtensionResults: {},
  };

  it('answers 401 to anonymous callers of the signed-in routes', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/auth/passkeys')).status).to.equal(401);
    expect((await anonymous.post('/api/auth/passkeys/register/options')).status).to.equal(401);
    expect((await anonymous.post('/api/auth/passkeys', { response: fakeAnswer })).status).to.equal(401);
    expect((await anonymous.delete('/api/auth/passkeys/AAAA')).status).to.equal(401);
  });

  it('gives registration options bound to the site, with a fresh challenge each time', async () => {
    const pia = await signUp(server, 'pia');
    const first = await pia.client.post('/api/auth/passkeys/register/options');
    const second = await pia.client.post('/api/auth/passkeys/register/options');
    expect(first.status).to.equal(200);
    expect(first.body.rp).to.deep.equal({ name: 'OneTrack', id: '127.0.0.1' });
    expect(first.body.user.name).to.equal('pia');
    expect(first.body.authenticatorSelection.residentKey).to.equal('required');
    expect(first.body.challenge).to.not.equal(second.body.challenge);
    expect((await pia.client.get('/api/auth/passkeys')).body).to.deep.equal([]);
  });

  it('refuses a forged registration with 400 and stores nothing', async () => {
    const quinn = await signUp(server, 'quinn');
    await quinn.client.post('/api/auth/passkeys/register/options');
    const forged = await quinn.client.post('/api/auth/passkeys', {
      response: { ...fakeAnswer, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    });
    expect([forged.status, forged.body.message]).to.deep.equal([400, PASSKEY_MESSAGES.refused]);
    const again = await quinn.client.post('/api/auth/passkeys', { response: fakeAnswer });
    expect([again.status, again.body.message], 'the challenge was used once').to.deep.equal([
      400,
      PASSKEY_MESSAGES.expired,
    ]);
    const malformed = await quinn.client.post('/api/auth/passkeys', { response: 'nope' });
    expect(malformed.status).to.equal(400);
    expect(Number((await server.app.kernel.knex('passkeys').count({ n: '*' }))[0].n)).to.equal(0);
  });

  it('refuses a sign-in without its options, or with an unknown passkey, and signs nobody in', async () => {
    const client = server.client();
    const early = await client.post('/api/auth/passkeys/login', { response: fakeAnswer });
    expect([early.status, early.body.message]).to.deep.equal([400, PASSKEY_MESSAGES.expired]);
    const options = await client.post('/api/auth/passkeys/login/options');
    expect([options.status, options.body.rpId, options.body.allowCredentials]).to.deep.equal([200, '127.0.0.1', []]);
    const unknown = await client.post('/api/auth/passkeys/login', { response: fakeAnswer });
    expect([unknown.status, unknown.body.message]).to.deep.equal([401, PASSKEY_MESSAGES.unknown]);
    expect((await client.get('/api/auth/user')).status).to.equal(401);
  });

  it("removes only one's own passkeys (another's is unknown)", async () => {
    const owner = await signUp(server, 'owner');
    await server.app.kernel.knex('passkeys').insert({
      id: 'cred-1',
      userId: owner.user.id,
      publicKey: 'AAAA',
      counter: 0,
      transports: '',
      name: 'Key',
      createdAt: 1,
      lastUsedAt: null,
    });
    const other = await signUp(server, 'other');
    expect((await other.client.delete('/api/auth/passkeys/cred-1')).status).to.equal(404);
    expect((await owner.client.delete('/api/auth/passkeys/cred-1')).status).to.equal(200);
    expect((await owner.client.get('/api/auth/passkeys')).body).to.deep.equal([]);
  });
});
