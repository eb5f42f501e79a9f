import { expect } from 'chai';
import type { Knex } from 'knex';
import { revalidate } from './client.ts';
import { startTestServer, type TestServer } from './server.ts';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';
import { GENRES } from '../../plugins/catalog/rules.ts';

// The API's public reads (manifests' `publicReads`) are kept per URL for anonymous callers and
// dropped by kernel.cache; signed-in callers' sessions and users are kept the same way. Two
// processes and Redis: api/test/multinode.cluster.test.ts.

/** Queries run during `work` (those of the `sessions` table only, or all). */
async function queries(knex: Knex, work: () => Promise<unknown>, onlySessions = true): Promise<number> {
  let reads = 0;
  const onQuery = (query: { sql: string }) => {
    if (!onlySessions || (/\bsessions\b/.test(query.sql) && /^select/i.test(query.sql))) reads++;
  };
  knex.on('query', onQuery);
  try {
    await work();
  } finally {
    knex.off('query', onQuery);
  }
  return reads;
}

describe('API response cache and request costs', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ seedDemo: true })));
  after(() => server.stop());

  it(
    'serves an anonymous catalog read from the cache with a strong ETag, and 304 ' + 'to a matching If-None-Match',
    async () => {
      const anonymous = server.client();
      const first = await anonymous.get('/api/artists/1');
      expect(first.status).to.equal(200);
      const second = await anonymous.get('/api/artists/1');
      expect(second.headers.get('x-page-cache')).to.equal('hit');
      expect(second.body).to.deep.equal(first.body);
      const etag = second.headers.get('etag')!;
      expect(etag).to.match(/^"[\w-]+"$/);
      expect(second.headers.get('cache-control')).to.equal('public, no-cache');
      expect((await anonymous.get('/api/artists/1', revalidate(etag))).status).to.equal(304);
      expect((await anonymous.get('/api/artists/1', revalidate('"other"'))).status).to.equal(200);
    },
  );

  it('answers the next read after a write with the new data and a new ETag', async () => {
    const artist = await signUp(server, 'cacheartist', { artist: true });
    const anonymous = server.client();
    const path = `/api/artists/${artist.artist!.id}`;
    await anonymous.get(path);
    const before = await anonymous.get(path);
    expect(before.headers.get('x-page-cache')).to.equal('hit');
    const genre = GENRES.find((g) => g !== before.body.genre)!;
    expect((await artist.client.patch(path, { genre })).status).to.equal(200);
    const after = await anonymous.get(path, revalidate(before.headers.get('etag')!));
    expect(after.status).to.equal(200);
    expect(after.body.genre).to.equal(genre);
    expect(after.headers.get('etag')).to.not.equal(before.headers.get('etag'));
  });

  it('reads the data once for many simultaneous callers of an answer not kept yet', async () => {
    const knex = server.app.kernel.knex;
    const path = '/api/artists?sort=streak';
    const once = await queries(knex, () => server.client().get(path), false);
    expect(once).to.be.above(0);
    await server.app.kernel.cache.invalidate();
    const together = await queries(
      knex,
      () => Promise.all(Array.from({ length: 20 }, () => server.client().get(path))),
      false,
    );
    expect(together).to.equal(once);
  });

  it('answers signed-in callers of public reads fresh: their own likes show', async () => {
    const fan = await signUp(server, 'likerfan');
    await server.client().get('/api/tracks/2');
    expect((await fan.client.post('/api/tracks/2/like', { like: true })).status).to.equal(200);
    const mine = await fan.client.get('/api/tracks/2');
    expect(mine.headers.get('x-page-cache')).to.equal(null);
    expect(mine.body.liked).to.equal(true);
    expect((await server.client().get('/api/tracks/2')).body.liked).to.equal(false);
  });

  it('keeps a signed-in caller’s own reads for them alone, until a write', async () => {
    const [ana, ben] = [await signUp(server, 'anacache'), await signUp(server, 'bencache')];
    for (const who of [ana, ben]) await who.client.get('/api/messages');
    const kept = await ana.client.get('/api/messages');
    expect(kept.headers.get('x-page-cache')).to.equal('hit');
    expect(kept.headers.get('cache-control')).to.equal('private, no-cache');
    expect(kept.body).to.deep.equal([]);
    expect((await ben.client.get('/api/auth/user')).body.username).to.equal('bencache');
    expect((await ana.client.get('/api/auth/user')).body.username).to.equal('anacache');
    expect(
      (await ben.client.post('/api/messages', { recipientId: ana.user.id, content: 'Hello Ana' })).status,
    ).to.equal(201);
    const inbox = await ana.client.get('/api/messages');
    expect(inbox.body.map((m: { content: string }) => m.content)).to.deep.equal(['Hello Ana']);
    expect((await server.client().get('/api/messages')).status, 'anonymous: still 401').to.equal(401);
  });

  it('never reads the session store for a request without a session cookie', async () => {
    const anonymous = server.client();
    const reads = await queries(server.app.kernel.knex, async () => {
      for (const path of ['/api/tracks/monthly', '/api/artists', '/api/auth/user', '/healthz'])
        await anonymous.get(`${path}?fresh=${Math.random()}`);
    });
    expect(reads).to.equal(0);
    expect(anonymous.cookies.size, 'no cookie was given').to.equal(0);
  });

  it('reads a signed-in caller’s session once, and a logout ends it at once', async () => {
    const fan = await signUp(server, 'sessionfan');
    const reads = await queries(server.app.kernel.knex, async () => {
      for (let i = 0; i < 3; i++) expect((await fan.client.get('/api/auth/user')).status).to.equal(200);
    });
    expect(reads).to.be.at.most(1);
    const cookie = fan.client.cookieHeader;
    // The session cookie's signature is checked once per id and signature, not skipped for the id.
    const forged = cookie.replace(
      /(onetrack\.sid\.sig=)([^;]+)/,
      (_, name: string, sig: string) => name + (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1),
    );
    expect(forged).not.to.equal(cookie);
    expect(
      (await server.client({ Cookie: forged }).get('/api/auth/user')).status,
      'a wrong signature is anonymous',
    ).to.equal(401);
    expect(
      (await server.client({ Cookie: cookie.replace(/;?\s*onetrack\.sid\.sig=[^;]+/, '') }).get('/api/auth/user'))
        .status,
      'no signature is anonymous',
    ).to.equal(401);
    expect((await server.client({ Cookie: cookie }).get('/api/auth/user')).status).to.equal(200);
    expect((await fan.client.post('/api/auth/logout')).status).to.equal(200);
    expect(
      (await server.client({ Cookie: cookie }).get('/api/auth/user')).status,
      'a replayed cookie is anonymous',
    ).to.equal(401);
  });

  it('compresses a JSON answer of 1 KB or more, and not a smaller one', async () => {
    const anonymous = server.client({ 'Accept-Encoding': 'gzip, br' });
    const small = await anonymous.get('/api/content/key/hero_title');
    expect(small.text.length).to.be.below(1024);
    expect(small.headers.get('content-encoding')).to.equal(null);
    for (const path of ['/api/tracks/monthly', '/api/tracks/monthly', '/api/artists?sort=streak']) {
      const large = await anonymous.get(path);
      expect(large.text.length, path).to.be.at.least(1024);
      // br, the smaller, when the client weighs both alike (browsers list gzip first), cached or not.
      expect(large.headers.get('content-encoding'), path).to.equal('br');
    }
    const gzipFirst = await server.client({ 'Accept-Encoding': 'br;q=0.5, gzip' }).get('/api/tracks/monthly');
    expect(gzipFirst.headers.get('content-encoding')).to.equal('gzip');
    const none = await server.client({ 'Accept-Encoding': 'identity' }).get('/api/tracks/monthly');
    expect(none.headers.get('content-encoding')).to.equal(null);
  });
});
