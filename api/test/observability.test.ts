import { expect } from 'chai';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { AddressInfo } from 'node:net';
import { listenMetrics } from '../http/metrics.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { createLogger } from '../log.ts';
import { waitFor } from './processes.ts';
import { startTestServer, type TestServer } from './server.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('what operators see of a node: request log and metrics', () => {
  let server: TestServer;
  const lines: string[] = [];
  const requests = () =>
    lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.message === 'request' || entry.message === 'request failed');

  before(async () => {
    server = await startTestServer({
      log: createLogger('info', { write: (line: string) => void lines.push(line) }),
      config: { trustProxy: true, metrics: { port: null, token: TOKEN } },
    });
  });
  after(() => server.stop());

  it('writes one JSON line per request with id, method, route, status, duration and user, and no secrets', async () => {
    const client = server.client({ 'X-Request-Id': 'lb-7f3a' });
    const registered = await client.post('/api/auth/register', {
      username: 'logged',
      password: 'hunter2-secret',
      email: 'logged@example.com',
      name: 'Logged',
    });
    expect(registered.status).to.equal(201);
    expect(registered.headers.get('x-request-id'), 'the id from the trusted proxy is echoed').to.equal('lb-7f3a');
    lines.length = 0;
    const me = await server.client().get('/api/users/me');
    expect(me.status).to.equal(401);
    await client.get('/api/users/me');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [anonymous, signedIn] = requests();
    expect(requests()).to.have.length(2);
    expect(anonymous).to.include({
      level: 'info',
      method: 'GET',
      route: '/api/users/me',
      path: '/api/users/me',
      status: 401,
    });
    expect(anonymous.requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(anonymous.durationMs).to.be.a('number');
    expect(anonymous).not.to.have.property('userId');
    expect(signedIn).to.include({ requestId: 'lb-7f3a', status: 200, userId: registered.body.id });
    const everything = lines.join('\n');
    expect(everything).not.to.include(client.cookies.get(SESSION_COOKIE)!);
    expect(everything).not.to.include('hunter2-secret');
    expect(everything.toLowerCase()).not.to.include('cookie');
  });

  it('names requests by route, not URL', async () => {
    lines.length = 0;
    await server.client().get('/api/no/such/thing?secret=1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()[0]).to.include({ route: '/api/{*rest}', path: '/api/no/such/thing', status: 404 });
    expect(lines.join('')).not.to.include('secret=1');
  });

  it('answers /metrics only to the bearer token', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).to.equal(401);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong-token-wrong-token' } })).status,
    ).to.equal(401);
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).to.equal(200);
    const text = await res.text();
    expect(text).to.match(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/users\/me",status="401"\} \d+/,
    );
    for (const name of [
      'onetrack_page_cache_lookups_total',
      'onetrack_jobs',
      'onetrack_job_failures',
      'onetrack_db_pool_connections',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).to.include(`# TYPE ${name} `);
    }
  });

  it('counts the job queue by type and status, and failed attempts by type, from the shared table', async () => {
    const now = Date.now();
    const job = (type: string, status: string, attempts: number) => ({
      type,
      payload: '{}',
      status,
      attempts,
      maxAttempts: 5,
      runAt: now,
      createdAt: now,
    });
    await server.app.kernel
      .knex('jobs')
      .insert([
        job('transcode', 'queued', 0),
        job('transcode', 'queued', 2),
        job('transcode', 'done', 3),
        job('cover', 'dead', 5),
      ]);
    const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).to.include('onetrack_jobs{type="transcode",status="queued"} 2');
    expect(text).to.include('onetrack_jobs{type="cover",status="dead"} 1');
    expect(text).to.include('onetrack_job_failures{type="transcode"} 4');
    expect(text).to.include('onetrack_job_failures{type="cover"} 5');
  });

  it('serves metrics on a port of their own when METRICS_PORT is set', async () => {
    const metricsServer = await listenMetrics(server.app.metrics!, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`);
      expect(res.status).to.equal(200);
      expect(await res.text()).to.include('# TYPE http_request_duration_seconds histogram');
    } finally {
      metricsServer.close();
    }
  });

  it('keeps /metrics private when no metrics setting is given', async () => {
    const plain = await startTestServer();
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).to.equal(404);
    } finally {
      await plain.stop();
    }
  });
});

describe('the log: request lines gathered, every other line written at once', () => {
  it('holds request lines back until another line comes, then writes them first, in order', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-log-'));
    const file = path.join(dir, 'out.log');
    const destination = pino.destination({ dest: file, sync: false, minLength: 4096 });
    await once(destination, 'ready');
    try {
      const log = createLogger('info', destination);
      log.pino.info({ path: '/a' }, 'request');
      log.pino.info({ path: '/b' }, 'request');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(readFileSync(file, 'utf8'), 'request lines are gathered').to.equal('');
      log.warn('slow disk');
      const written = () =>
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).path ?? JSON.parse(line).message);
      await waitFor('the gathered lines', () => (written().length === 3 ? true : undefined), 5000, 10);
      expect(written()).to.deep.equal(['/a', '/b', 'slow disk']);
    } finally {
      destination.flushSync();
      destination.end();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
