import { expect } from 'chai';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { errorHandler } from '../http/errors.ts';
import { createLogger } from '../log.ts';
import { startTestServer, type TestServer } from './server.ts';

describe('HTTP plumbing of /api', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop());

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const path of ['/api/nope', '/api', '/api/', '/api/auth/nope/deeper']) {
      const res = await server.client().get(path);
      expect(res.status, path).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/application\/json/);
      expect(res.body).to.deep.equal({ message: 'No such API endpoint' });
    }
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const res = await server
      .client()
      .post('/api/auth/register', '{"username": "x",', { 'Content-Type': 'application/json' });
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ message: 'Malformed JSON in request body' });
    expect(await server.app.kernel.knex('users').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it('answers a JSON body that is not an object with 400', async () => {
    const res = await server.client().post('/api/auth/login', '[1,2]', { 'Content-Type': 'application/json' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.be.a('string');
  });

  it('answers a body over the limit with 413', async () => {
    const huge = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    const res = await server.client().post('/api/auth/login', huge, { 'Content-Type': 'application/json' });
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({ message: 'Request body is too large' });
  });

  it('refuses writes from a foreign Origin with 403 and accepts its own origin', async () => {
    const body = { username: 'origin', password: 'secret123', email: 'o@example.com', name: 'Origin' };
    const foreign = await server.client({ Origin: 'https://evil.example' }).post('/api/auth/register', body);
    expect(foreign.status).to.equal(403);
    expect(foreign.body).to.deep.equal({ message: 'Cross-site request refused' });
    const crossSite = await server.client({ 'Sec-Fetch-Site': 'cross-site' }).post('/api/auth/register', body);
    expect(crossSite.status).to.equal(403);
    expect(await server.app.kernel.knex('users').where({ username: 'origin' }).first()).to.equal(undefined);
    const own = await server
      .client({ Origin: server.url, 'Sec-Fetch-Site': 'same-origin' })
      .post('/api/auth/register', body);
    expect(own.status).to.equal(201);
  });

  it('lets reads through from any origin', async () => {
    const res = await server.client({ Origin: 'https://evil.example' }).get('/api/auth/user');
    expect(res.status).to.equal(401);
  });

  it('sends security headers on API answers', async () => {
    const res = await server.client().get('/api/auth/user');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('x-frame-options')).to.equal('DENY');
    expect(res.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
  });

  it('reports health as 200 JSON while the database answers', async () => {
    const res = await server.client().get('/healthz');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok', database: 'up', redis: 'not configured' });
  });
});

describe('health check when the database is gone', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer()));
  after(() => server.stop().catch(() => undefined));

  it('answers 503 JSON', async () => {
    await server.app.kernel.knex.destroy();
    const res = await server.client().get('/healthz');
    expect(res.status).to.equal(503);
    expect(res.body).to.deep.equal({
      status: 'unavailable',
      database: 'down',
      redis: 'not configured',
      message: 'Database is not answering',
    });
  });
});

describe('error handler', () => {
  it('answers an unexpected error with 500 "Internal error", no stack, and logs it', async () => {
    const logged: string[] = [];
    const app = new Koa();
    app.use(errorHandler(createLogger('error', { write: (line: string) => void logged.push(line) })));
    app.use(() => {
      throw new Error('secret database detail at /srv/app.ts:12');
    });
    const server = app.listen(0);
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/boom`);
      expect(res.status).to.equal(500);
      const text = await res.text();
      expect(JSON.parse(text)).to.deep.equal({ message: 'Internal error' });
      expect(text).not.to.include('secret');
      expect(logged.join('')).to.include('secret database detail');
      expect(JSON.parse(logged[0])).to.include({ level: 'error', message: 'request failed', path: '/api/boom' });
    } finally {
      server.close();
    }
  });
});
