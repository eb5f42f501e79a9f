import { expect } from 'chai';
import { HOST_REFUSED } from '../http/origin.ts';
import { rawGet } from './client.ts';
import { startTestServer, type TestServer } from './server.ts';

// Absolute URLs come from the configured public origin (PUBLIC_URL), never from a request's Host:
// a forged Host once poisoned the page cache for every visitor. Needs the built site.

/** Every kind of answer that carries absolute URLs: pages, the embed player, feeds, sitemap, robots, oEmbed. */
const withAbsoluteUrls = (origin: string) => [
  '/tracks/1',
  '/artist/1',
  '/embed/tracks/1',
  '/feed.xml',
  '/artist/1/feed.xml',
  '/sitemap.xml',
  '/robots.txt',
  `/oembed?url=${encodeURIComponent(`${origin}/tracks/1`)}&format=json`,
  `/oembed?url=${encodeURIComponent(`${origin}/artist/1`)}&format=xml`,
];

describe('absolute URLs and the Host header', () => {
  describe('a forged Host', () => {
    let server: TestServer;
    before(async () => (server = await startTestServer({ pages: true, seedDemo: true })));
    after(() => server.stop());

    it('is refused with 421 and leaves nothing in the page cache for the next visitor', async () => {
      for (const path of withAbsoluteUrls(server.url)) {
        for (let i = 0; i < 2; i++) {
          const forged = await rawGet(server.url + path, { Host: 'evil.example' });
          expect(forged.status, path).to.equal(421);
          expect(JSON.parse(forged.text), path).to.deep.equal({ message: HOST_REFUSED });
        }
        const ordinary = await server.client().get(path);
        expect(ordinary.status, path).to.equal(200);
        expect(ordinary.text, path).to.include(server.url).and.not.include('evil.example');
      }
      const canonical = await server.client().get('/tracks/1');
      expect(canonical.text).to.include(`<link rel="canonical" href="${server.url}/tracks/1">`);
    });

    it('refuses the API and static files under another host too, and serves both loopback names', async () => {
      for (const path of ['/api/tracks/1', '/favicon.svg']) {
        expect((await rawGet(server.url + path, { Host: 'evil.example' })).status, path).to.equal(421);
      }
      const port = new URL(server.url).port;
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'LOCALHOST']) {
        expect((await rawGet(`${server.url}/tracks/1`, { Host: host })).status, host).to.equal(200);
      }
      // The balancer probes a node by its own address.
      expect((await rawGet(`${server.url}/healthz`, { Host: '10.0.0.7:3000' })).status).to.equal(200);
    });
  });

  describe('behind a proxy, with a public origin of its own', () => {
    const publicUrl = 'https://onetrack.example';
    let server: TestServer;
    before(
      async () =>
        (server = await startTestServer({ pages: true, seedDemo: true, config: { publicUrl, trustProxy: true } })),
    );
    after(() => server.stop());

    it('writes every absolute URL with PUBLIC_URL, whatever host the request came in by', async () => {
      for (const headers of [
        { Host: 'onetrack.example' },
        { Host: 'onetrack.example:443' },
        {},
        { 'X-Forwarded-Host': 'onetrack.example', 'X-Forwarded-Proto': 'https' },
      ] as Record<string, string>[]) {
        for (const path of withAbsoluteUrls(publicUrl)) {
          const res = await rawGet(server.url + path, headers);
          expect(res.status, `${path} ${JSON.stringify(headers)}`).to.equal(200);
          expect(res.text, path).to.include(`${publicUrl}/`).and.not.include('127.0.0.1');
        }
      }
    });

    it('refuses a forged X-Forwarded-Host as it does a forged Host', async () => {
      const res = await rawGet(`${server.url}/tracks/1`, {
        Host: 'onetrack.example',
        'X-Forwarded-Host': 'evil.example',
      });
      expect(res.status).to.equal(421);
      expect((await rawGet(`${server.url}/tracks/1`, { Host: 'onetrack.example' })).text).not.to.include(
        'evil.example',
      );
    });

    it('takes a write from the public origin or the loopback address it was sent to, and no other', async () => {
      const login = (origin: string) =>
        server.client({ Origin: origin }).post('/api/auth/login', { username: 'nobody', password: 'wrong-password' });
      expect((await login(publicUrl)).status).to.equal(401);
      expect((await login(server.url)).status).to.equal(401);
      for (const origin of ['https://evil.example', 'http://onetrack.example', 'http://localhost:1']) {
        const refused = await login(origin);
        expect(refused.status, origin).to.equal(403);
        expect(refused.body.message).to.equal('Cross-site request refused');
      }
    });
  });
});
