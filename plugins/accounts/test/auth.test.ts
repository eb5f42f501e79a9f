import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { SESSION_COOKIE } from '../../../api/http/session.ts';
import type { TestClient } from '../../../api/test/client.ts';

const alice = { username: 'alice', password: 'secret123', email: 'alice@example.com', name: 'Alice Liddell' };

const pick = ({ username, password }: typeof alice) => ({ username, password });

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.to.match(/password|hash|scrypt/i);
}

describe('accounts: registration, login, logout', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  describe('register', () => {
    it('creates the account, signs it in and returns the user without any secret', async () => {
      const client = server.client();
      const res = await client.post('/api/auth/register', { ...alice, isArtist: false });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({
        username: 'alice',
        email: 'alice@example.com',
        name: 'Alice Liddell',
        isArtist: false,
        role: 'user',
        bio: '',
      });
      expect(res.body.id).to.be.a('number');
      expect(res.body.profileImage).to.equal(null);
      expectNoSecrets(res.body);
      const me = await client.get('/api/auth/user');
      expect(me.status).to.equal(200);
      expect(me.body.username).to.equal('alice');
      expectNoSecrets(me.body);
    });

    it('stores a salted scrypt hash, never the password', async () => {
      const row = await server.app.kernel.knex('users').where({ username: 'alice' }).first();
      expect(row.passwordHash).to.match(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(row.passwordHash).not.to.include(alice.password);
    });

    it('refuses a duplicate username or email with 409 and a message, changing nothing', async () => {
      const before = await server.app.kernel.knex('users').count({ n: '*' });
      const byName = await server
        .client()
        .post('/api/auth/register', { ...alice, username: 'ALICE', email: 'other@example.com' });
      expect(byName.status).to.equal(409);
      expect(byName.body).to.deep.equal({ message: 'That username is already taken' });
      const byEmail = await server
        .client()
        .post('/api/auth/register', { ...alice, username: 'alice2', email: 'Alice@Example.com' });
      expect(byEmail.status).to.equal(409);
      expect(byEmail.body).to.deep.equal({ message: 'An account with that email already exists' });
      const after = await server.app.kernel.knex('users').count({ n: '*' });
      expect(Number(after[0].n)).to.equal(Number(before[0].n));
    });

    const invalid: Array<[string, object, string]> = [
      ['a short username', { username: 'ab' }, 'Username must be at least 3 characters'],
      ['a short password', { password: '12345' }, 'Password must be at least 6 characters'],
      ['an invalid email', { email: 'not-an-email' }, 'Please enter a valid email'],
      ['a short name', { name: 'A' }, 'Name must be at least 2 characters'],
      ['a missing username', { username: undefined }, 'Username is required'],
      ['a non-boolean isArtist', { isArtist: 'yes' }, 'Artist account must be a boolean'],
    ];
    for (const [what, patch, message] of invalid) {
      it(`refuses ${what} with 400 "${message}"`, async () => {
        const res = await server
          .client()
          .post('/api/auth/register', { ...alice, username: 'newbie', email: 'newbie@example.com', ...patch });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message });
        expect(await server.app.kernel.knex('users').where({ username: 'newbie' }).first()).to.equal(undefined);
      });
    }

    it('ignores fields a client may not set, such as role', async () => {
      const res = await server.client().post('/api/auth/register', {
        username: 'mallory',
        password: 'secret123',
        email: 'mallory@example.com',
        name: 'Mallory',
        role: 'superadmin',
      });
      expect(res.status).to.equal(201);
      expect(res.body.role).to.equal('user');
    });
  });

  describe('login and the session', () => {
    it("says which field is missing, in the spec's words", async () => {
      const noName = await server.client().post('/api/auth/login', { password: 'x' });
      expect(noName.status).to.equal(400);
      expect(noName.body.message).to.equal('Username is required');
      const noPassword = await server.client().post('/api/auth/login', { username: 'alice', password: '' });
      expect(noPassword.body.message).to.equal('Password is required');
    });

    it('returns the user on success and 401 with a message on a wrong password', async () => {
      const ok = await server.client().post('/api/auth/login', { username: 'alice', password: alice.password });
      expect(ok.status).to.equal(200);
      expect(ok.body.username).to.equal('alice');
      expectNoSecrets(ok.body);
      const wrong = await server.client().post('/api/auth/login', { username: 'alice', password: 'wrong-password' });
      expect(wrong.status).to.equal(401);
      expect(wrong.body).to.deep.equal({ message: 'Invalid username or password' });
    });

    describe('as a form posted without JavaScript (the sign-in page)', () => {
      const form = (client: TestClient, fields: Record<string, string>) =>
        client.post('/api/auth/login', new URLSearchParams(fields).toString(), {
          'Content-Type': 'application/x-www-form-urlencoded',
        });

      it('signs in and redirects (303) to the next page, in the language of the form it came from', async () => {
        const client = server.client();
        const res = await form(client, { ...pick(alice), back: '/es/login', next: '/artists?page=2' });
        expect(res.status).to.equal(303);
        expect(res.headers.get('location')).to.equal('/es/artists?page=2');
        expect((await client.get('/api/auth/user')).body.username).to.equal('alice');
      });

      it('sends a refusal back to the form with its kind, never the password, and signs no one in', async () => {
        const client = server.client();
        const wrong = await form(client, { username: 'alice', password: 'wrong-password', back: '/fr/login' });
        expect(wrong.status).to.equal(303);
        expect(wrong.headers.get('location')).to.equal('/fr/login?failed=unauthenticated');
        const empty = await form(client, { username: '', password: '', next: '/tracks/1' });
        expect(empty.headers.get('location')).to.equal('/login?failed=invalid&next=%2Ftracks%2F1');
        expect((await client.get('/api/auth/user')).status).to.equal(401);
      });

      it('follows no other site or page: an outside next goes home, an outside back to /login', async () => {
        const res = await form(server.client(), {
          ...pick(alice),
          back: '//evil.example/login',
          next: '//evil.example',
        });
        expect(res.headers.get('location')).to.equal('/');
        const refused = await form(server.client(), { username: 'alice', password: 'x', back: '/artists' });
        expect(refused.headers.get('location')).to.equal('/login?failed=unauthenticated');
      });

      it('is refused from another site like every write', async () => {
        const res = await server.client().post('/api/auth/login', new URLSearchParams(pick(alice)).toString(), {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://evil.example',
        });
        expect(res.status).to.equal(403);
      });

      it('is read as a form on no route outside formBodies', async () => {
        const client = server.client();
        await client.post('/api/auth/login', pick(alice));
        const me = (await client.get('/api/auth/user')).body;
        // As JSON this would rename her; as a form nothing is read, so there is nothing to update.
        const res = await client.request('PATCH', `/api/users/${me.id}`, 'name=Alice+Form', {
          'Content-Type': 'application/x-www-form-urlencoded',
        });
        expect(res.status).to.equal(400);
        expect((await client.get('/api/auth/user')).body.name).to.equal(alice.name);
      });
    });

    describe('registering as a form posted without JavaScript (the sign-in page)', () => {
      const form = (client: TestClient, fields: Record<string, string>) =>
        client.post('/api/auth/register', new URLSearchParams(fields).toString(), {
          'Content-Type': 'application/x-www-form-urlencoded',
        });
      const wren = { name: 'Wren Walker', username: 'wren', email: 'wren@example.com', password: 'wrensecret' };

      it('registers, signs in, makes the artist profile asked for and welcomes, in the form’s language', async () => {
        const client = server.client();
        const res = await form(client, { ...wren, isArtist: 'true', back: '/de/login' });
        expect(res.status).to.equal(303);
        expect(res.headers.get('location')).to.equal('/de/welcome');
        const me = (await client.get('/api/auth/user')).body;
        expect(me.username).to.equal('wren');
        const artist = await server.app.kernel.knex('artists').where({ userId: me.id }).first('name');
        expect(artist).to.deep.equal({ name: 'Wren Walker' });
      });

      it('sends a refusal back to the Register tab with its kind, by the JSON path’s rules', async () => {
        const client = server.client();
        const taken = await form(client, { ...alice, next: '/artists' });
        expect(taken.headers.get('location')).to.equal('/login?tab=register&failed=conflict&next=%2Fartists');
        const short = await form(client, { ...wren, username: 'ww', password: 'short' });
        expect(short.status).to.equal(303);
        expect(short.headers.get('location')).to.equal('/login?tab=register&failed=invalid');
        expect(await server.app.kernel.knex('users').where({ username: 'ww' }).first('id')).to.equal(undefined);
        expect((await client.get('/api/auth/user')).status).to.equal(401);
      });
    });

    it('answers 401 to GET /api/auth/user when signed out', async () => {
      const res = await server.client().get('/api/auth/user');
      expect(res.status).to.equal(401);
      expect(res.body.message).to.be.a('string');
    });

    it('sets an HttpOnly, SameSite=Lax cookie', async () => {
      const res = await server.client().post('/api/auth/login', { username: 'alice', password: alice.password });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).to.match(/httponly/i);
      expect(cookie).to.match(/samesite=lax/i);
      expect(cookie).not.to.match(/secure/i);
    });

    it('gives a new session id at login (no fixation)', async () => {
      const client = server.client();
      // A visit that writes a session before login: a failed login does not, so plant one as an attacker would.
      await client.post('/api/auth/login', { username: 'alice', password: alice.password });
      const planted = client.cookies.get(SESSION_COOKIE);
      expect(planted).to.be.a('string');
      await client.post('/api/auth/login', { username: 'alice', password: alice.password });
      expect(client.cookies.get(SESSION_COOKIE)).to.be.a('string').and.not.equal(planted);
      // The planted id no longer signs anyone in.
      const attacker = server.client();
      attacker.cookies.set(SESSION_COOKIE, planted!);
      attacker.cookies.set(`${SESSION_COOKIE}.sig`, '');
      const replay = await attacker.get('/api/auth/user');
      expect(replay.status).to.equal(401);
    });

    it('destroys the session on logout, so a replayed old cookie is anonymous', async () => {
      const client = server.client();
      await client.post('/api/auth/login', { username: 'alice', password: alice.password });
      const saved = new Map(client.cookies);
      expect((await client.get('/api/auth/user')).status).to.equal(200);
      const out = await client.post('/api/auth/logout');
      expect(out.status).to.equal(200);
      expect((await client.get('/api/auth/user')).status).to.equal(401);
      const replayer = server.client();
      for (const [k, v] of saved) replayer.cookies.set(k, v);
      expect((await replayer.get('/api/auth/user')).status).to.equal(401);
    });

    it('matches a username exactly, after folding ASCII capitals only, on every database', async () => {
      for (const name of ['yan', 'kate'])
        expect(
          (await server.client().post('/api/auth/register', { ...alice, username: name, email: `${name}@example.com` }))
            .status,
        ).to.equal(201);
      const login = (username: string, password = alice.password) =>
        server.client().post('/api/auth/login', { username, password });
      expect((await login('YAN')).status).to.equal(200);
      // MariaDB's collation folds accents, JavaScript's toLowerCase turns the Kelvin sign into k.
      for (const spelling of ['ýan', 'yán', 'YAN\u0301', '\u212Aate']) {
        const res = await login(spelling);
        expect([res.status, res.body.message], spelling).to.deep.equal([401, 'Invalid username or password']);
      }
      const taken = await server
        .client()
        .post('/api/auth/register', { ...alice, username: 'Kate', email: 'kate2@example.com' });
      expect(taken.body).to.deep.equal({ message: 'That username is already taken' });
      const row = await server.app.kernel.knex('users').where({ username: 'kate' }).first();
      expect(row.usernameKey).to.equal('kate');
    });

    it('keeps one account per spelling when two register at the same moment', async () => {
      const names = ['Racer', 'rAcer', 'RACER', 'racer'];
      const results = await Promise.all(
        names.map((username, i) =>
          server.client().post('/api/auth/register', { ...alice, username, email: `racer${i}@example.com` }),
        ),
      );
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409, 409, 409]);
      expect(await server.app.kernel.knex('users').where('usernameKey', 'racer')).to.have.length(1);
    });

    it('also serves the current user at /api/users/me', async () => {
      const client = server.client();
      await client.post('/api/auth/login', { username: 'alice', password: alice.password });
      const me = await client.get('/api/users/me');
      expect(me.status).to.equal(200);
      expect(me.body.username).to.equal('alice');
    });
  });

  describe('rate limiting of failed logins', () => {
    it(
      'refuses a username with 429 after 5 failures, even with the right password, ' + 'and says when to retry',
      async () => {
        const target = { username: 'bob', password: 'bobsecret', email: 'bob@example.com', name: 'Bob' };
        await server.client().post('/api/auth/register', target);
        for (let i = 0; i < 5; i++) {
          const res = await server.client().post('/api/auth/login', { username: 'bob', password: `guess-${i}` });
          expect(res.status).to.equal(401);
        }
        const blocked = await server.client().post('/api/auth/login', { username: 'BOB', password: target.password });
        expect(blocked.status).to.equal(429);
        expect(blocked.body.message).to.match(/Too many failed login attempts/);
        expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
      },
    );
  });
});

describe('accounts: behind an HTTPS proxy', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ config: { trustProxy: true } })));
  after(() => server.stop());

  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const client = server.client({ 'X-Forwarded-Proto': 'https' });
    const res = await client.post('/api/auth/register', { ...alice });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).to.match(/;\s*secure/i);
  });
});

describe('accounts: rate limit per address', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  it('refuses an address with 429 after 20 failures across usernames', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await server.client().post('/api/auth/login', { username: `nobody${i}`, password: 'whatever' });
      expect(res.status).to.equal(401);
    }
    const blocked = await server.client().post('/api/auth/login', { username: 'someone-else', password: 'whatever' });
    expect(blocked.status).to.equal(429);
  });
});

describe('accounts: profile and artist hook', () => {
  let server: TestServer;
  let carol: TestClient;
  let carolId: number;
  let dave: TestClient;
  before(async () => {
    server = await startTestServer();
    carol = server.client();
    carolId = (
      await carol.post('/api/auth/register', {
        username: 'carol',
        password: 'secret123',
        email: 'carol@example.com',
        name: 'Carol',
      })
    ).body.id;
    dave = server.client();
    await dave.post('/api/auth/register', {
      username: 'dave',
      password: 'secret123',
      email: 'dave@example.com',
      name: 'Dave',
    });
  });
  after(() => server.stop());

  it('lets a user update their own profile', async () => {
    const res = await carol.patch(`/api/users/${carolId}`, {
      name: 'Carol King',
      bio: 'Songwriter',
      username: 'carolk',
      email: 'carolk@example.com',
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      name: 'Carol King',
      bio: 'Songwriter',
      username: 'carolk',
      email: 'carolk@example.com',
    });
    expectNoSecrets(res.body);
    // The comparison form follows the new name: it signs in, the old one no longer does.
    expect(
      (await server.client().post('/api/auth/login', { username: 'CarolK', password: 'secret123' })).status,
    ).to.equal(200);
    expect(
      (await server.client().post('/api/auth/login', { username: 'carol', password: 'secret123' })).status,
    ).to.equal(401);
  });

  it('answers 401 without a session, 403 for someone else, 404 for an unknown id', async () => {
    expect((await server.client().patch(`/api/users/${carolId}`, { name: 'Hacker' })).status).to.equal(401);
    const other = await dave.patch(`/api/users/${carolId}`, { name: 'Hacker' });
    expect(other.status).to.equal(403);
    expect(other.body.message).to.equal('You can only update your own profile');
    expect((await dave.patch('/api/users/999999', { name: 'Ghost' })).status).to.equal(404);
    expect((await dave.patch('/api/users/abc', { name: 'Ghost' })).status).to.equal(404);
    const row = await server.app.kernel.knex('users').where({ id: carolId }).first();
    expect(row.name).to.equal('Carol King');
  });

  it("validates profile fields with the spec's messages", async () => {
    const cases: Array<[object, string]> = [
      [{ name: 'C' }, 'Name must be at least 2 characters'],
      [{ username: 'cc' }, 'Username must be at least 3 characters'],
      [{ email: 'nope' }, 'Please enter a valid email'],
      [{ bio: 'x'.repeat(501) }, 'Bio must be less than 500 characters'],
    ];
    for (const [patch, message] of cases) {
      const res = await carol.patch(`/api/users/${carolId}`, patch);
      expect(res.status, JSON.stringify(patch)).to.equal(400);
      expect(res.body.message).to.equal(message);
    }
  });

  it('does not let a user make themselves admin', async () => {
    const res = await carol.patch(`/api/users/${carolId}`, { role: 'superadmin', name: 'Carol K' });
    expect(res.status).to.equal(200);
    expect(res.body.role).to.equal('user');
  });

  it('refuses a username or email someone else has with 409', async () => {
    const res = await carol.patch(`/api/users/${carolId}`, { username: 'dave' });
    expect(res.status).to.equal(409);
    expect(res.body.message).to.equal('That username is already taken');
  });

  it('creates the artist record once; calling the hook again changes nothing', async () => {
    const first = await carol.post('/api/auth/register-artist-hook');
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ userId: carolId, name: 'Carol K' });
    const second = await carol.post('/api/auth/register-artist-hook');
    expect(second.body.id).to.equal(first.body.id);
    const rows = await server.app.kernel.knex('artists').where({ userId: carolId });
    expect(rows).to.have.length(1);
    const me = await carol.get('/api/auth/user');
    expect(me.body.isArtist).to.equal(true);
  });

  it('keeps one artist record when the hook is called concurrently', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => dave.post('/api/auth/register-artist-hook')));
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.id)).size).to.equal(1);
    const rows = await server.app.kernel
      .knex('artists')
      .join('users', 'users.id', 'artists.userId')
      .where('users.username', 'dave');
    expect(rows).to.have.length(1);
  });

  it('needs a session for the artist hook', async () => {
    expect((await server.client().post('/api/auth/register-artist-hook')).status).to.equal(401);
  });
});
