import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { startRedis, waitFor } from './processes.ts';
import { startTestServer, type TestServer } from './server.ts';

// Needs the built site. The app runs with REDIS_URL pointing at a redis-server of this test's own,
// which the test kills and starts again on the same port.
describe('pages while Redis is unreachable', () => {
  let server: TestServer;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const health = async () => (await server.client().get('/healthz')).body;
  const subtitle = (value: string) =>
    server.app.kernel.knex('contentBlocks').where({ key: 'hero_subtitle' }).update({ value });
  const home = async () => {
    const res = await server.client().get('/');
    return { cache: res.headers.get('x-page-cache'), text: res.text };
  };

  before(async () => {
    redis = await startRedis();
    server = await startTestServer({
      pages: true,
      seedDemo: true,
      config: { redis: { url: redis.url, prefix: `onetrack-test-${randomBytes(4).toString('hex')}:` } },
    });
    await waitFor('Redis to be up', async () => ((await health()).redis === 'up' ? true : undefined), 10_000);
  });
  after(async () => {
    await server.stop();
    await redis.stop();
  });

  it('caches pages while Redis is up', async () => {
    expect(await health()).to.deep.equal({ status: 'ok', database: 'up', redis: 'up' });
    await home();
    expect((await home()).cache).to.equal('hit');
  });

  it(
    'serves pages uncached (never stale) while Redis is down, says so on /healthz, ' + 'and recovers by itself',
    async function () {
      this.timeout(30_000);
      await home();
      await redis.stop();
      await waitFor('the node to notice', async () => ((await health()).redis === 'down' ? true : undefined), 5000);
      expect(await health()).to.deep.equal({
        status: 'degraded',
        database: 'up',
        redis: 'down',
        message: 'Redis is unreachable: pages are served uncached',
      });
      // A change no invalidation can announce now (as another node's write would be).
      await subtitle('Written while Redis was down');
      for (let i = 0; i < 2; i++) {
        const page = await home();
        expect(page.cache).to.equal('bypass');
        expect(page.text).to.include('Written while Redis was down');
      }

      await redis.restart();
      await waitFor('the node to reconnect', async () => ((await health()).redis === 'up' ? true : undefined), 10_000);
      expect((await health()).status).to.equal('ok');
      await home();
      const cached = await home();
      expect(cached.cache).to.equal('hit');
      expect(cached.text).to.include('Written while Redis was down');
    },
  );
});
