import { expect } from 'chai';
import { TestClient } from '../../../api/test/client.ts';
import { startTestProxy, type TestProxy } from '../../../api/test/proxy.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { GENRES } from '../../catalog/rules.ts';
import { image } from '../../releases/test/fixtures.ts';
import { PROFILE_CHANGES_PER_HOUR } from '../rules.ts';
import { signUp } from './fixtures.ts';

// Behind a load balancer (TRUST_PROXY=1) the client writes whatever X-Forwarded-For it likes; the
// limits must count the address the trusted proxy appended. These requests go through a real proxy
// hop that appends, as HAProxy's `option forwardfor` did, each with a new forged address.

describe('accounts: address limits behind a proxy, with forged X-Forwarded-For', () => {
  let server: TestServer;
  let proxy: TestProxy;
  let forged = 0;
  /** A new browser behind the proxy that claims yet another address. */
  const viaProxy = () =>
    new TestClient(proxy.url, { 'X-Forwarded-For': `203.0.113.${++forged % 250}, 10.0.0.${forged % 250}` });
  const account = (name: string) => ({
    username: name,
    password: 'secret123',
    email: `${name}@example.com`,
    name: 'Some One',
  });

  before(async () => {
    server = await startTestServer({
      config: {
        trustProxy: true,
        abuseLimits: { registrationsPerHour: 3, uploadBytesPerDay: 0, rendersPerMinute: 0 },
      },
    });
    proxy = await startTestProxy(server.url);
  });
  after(async () => {
    await proxy.stop();
    await server.stop();
  });

  it('refuses the 21st failed login from one address, whatever address each request claims', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await viaProxy().post('/api/auth/login', { username: `nobody${i}`, password: 'whatever' });
      expect(res.status, `attempt ${i + 1}`).to.equal(401);
    }
    const blocked = await viaProxy().post('/api/auth/login', { username: 'someone-else', password: 'whatever' });
    expect(blocked.status).to.equal(429);
    expect(blocked.body.message).to.match(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  it(
    'limits registrations per address (REGISTRATIONS_PER_HOUR), counting only ' +
      'accounts made, changing nothing when refused',
    async () => {
      for (const name of ['first', 'second'])
        expect((await viaProxy().post('/api/auth/register', account(name))).status).to.equal(201);
      // A refused registration (name taken, bad field) is no account: it does not count.
      expect((await viaProxy().post('/api/auth/register', account('first'))).status).to.equal(409);
      expect((await viaProxy().post('/api/auth/register', { ...account('x'), username: 'ab' })).status).to.equal(400);
      expect((await viaProxy().post('/api/auth/register', account('third'))).status).to.equal(201);
      const refused = await viaProxy().post('/api/auth/register', account('fourth'));
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.equal({ message: refused.body.message });
      expect(refused.body.message).to.match(
        /^Too many accounts were registered from your network\. Try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 3600);
      expect(await server.app.kernel.knex('users').where({ username: 'fourth' })).to.deep.equal([]);
    },
  );
});

describe('accounts: registrations from IPv6 clients count per /64', () => {
  let server: TestServer;
  let proxy: TestProxy;
  let network = '2001:db8:1:2';
  let host = 0;

  before(async () => {
    server = await startTestServer({
      config: {
        trustProxy: true,
        abuseLimits: { registrationsPerHour: 2, uploadBytesPerDay: 0, rendersPerMinute: 0 },
      },
    });
    // Every request from a new address of the current network, as an IPv6 subscriber can take.
    proxy = await startTestProxy(server.url, { clientAddress: () => `${network}:${(++host).toString(16)}::1` });
  });
  after(async () => {
    await proxy.stop();
    await server.stop();
  });

  it('refuses a /64 past the limit whichever of its addresses asks; another /64 has its own count', async () => {
    const register = (name: string) =>
      new TestClient(proxy.url).post('/api/auth/register', {
        username: name,
        password: 'secret123',
        email: `${name}@example.com`,
        name: 'Six',
      });
    expect([
      (await register('six1')).status,
      (await register('six2')).status,
      (await register('six3')).status,
    ]).to.deep.equal([201, 201, 429]);
    network = '2001:db8:1:3';
    expect((await register('six4')).status).to.equal(201);
  });
});

// Each change to a profile shows anywhere, so it empties every cache on every node: one account may
// make PROFILE_CHANGES_PER_HOUR of them an hour, counted on every node together (kernel.limits).
describe('accounts: profile changes per account', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  it(
    `refuses a change past ${PROFILE_CHANGES_PER_HOUR} an hour (429, nothing ` +
      `saved), counting photos and genres, not saves that change nothing or fail`,
    async () => {
      const [nova, other] = [await signUp(server, 'manychanges', { artist: true }), await signUp(server, 'takenname')];
      const profile = (patch: object) => nova.client.patch(`/api/users/${nova.user.id}`, patch);
      const photo = async () =>
        nova.client.post('/api/users/me/photo', {
          data: `data:image/png;base64,${(await image(120, 120)).toString('base64')}`,
        });
      const genre = (name: string) => nova.client.patch(`/api/artists/${nova.artist!.id}`, { genre: name });
      expect((await profile({ username: other.user.username })).status, 'a taken username changes nothing').to.equal(
        409,
      );
      expect(
        (await nova.client.post('/api/users/me/photo', { data: 'data:image/png;base64,AAAA' })).status,
        'nor does a file that is no image',
      ).to.equal(400);
      expect((await photo()).status).to.equal(200);
      expect((await genre(GENRES[1])).status).to.equal(200);
      for (let i = 2; i < PROFILE_CHANGES_PER_HOUR; i++)
        expect((await profile({ name: `Name ${i}` })).status, `change ${i + 1}`).to.equal(200);
      expect(
        (await profile({ name: `Name ${PROFILE_CHANGES_PER_HOUR - 1}` })).status,
        'saved as it is: no change',
      ).to.equal(200);
      for (const refused of [await profile({ name: 'One too many' }), await photo(), await genre(GENRES[2])]) {
        expect(refused.status).to.equal(429);
        expect(refused.body.message).to.match(
          /^You have changed your profile many times in the last hour\. Try again in \d+ minutes?\.$/,
        );
        expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
      }
      const saved = (await nova.client.get('/api/auth/user')).body;
      expect(saved.name).to.equal(`Name ${PROFILE_CHANGES_PER_HOUR - 1}`);
      expect((await server.client().get(`/api/artists/${nova.artist!.id}`)).body.genre).to.equal(GENRES[1]);
      expect(
        (await other.client.patch(`/api/users/${other.user.id}`, { name: 'Still free' })).status,
        'another account has its own count',
      ).to.equal(200);
    },
  );
});
