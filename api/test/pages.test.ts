import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { distDir } from '../http/astro.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { rawStatus } from './client.ts';
import { startTestServer, type TestServer } from './server.ts';

// Needs the built site (`npm run build`; `npm test` builds first).
describe('pages served through Astro inside Koa', () => {
  let server: TestServer;
  before(async () => (server = await startTestServer({ pages: true, seedDemo: true })));
  after(() => server.stop());

  it('renders the home page with its title and security headers', async () => {
    const res = await server.client().get('/');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/text\/html/);
    expect(res.text).to.include('<title>OneTrack | One Track. Per Month. One Chance. Forever.</title>');
    expect(res.text).to.include('One Track. Per Month. One Chance. Forever.');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('x-frame-options')).to.equal('DENY');
  });

  it(
    "runs no inline script but the page's own: the policy lists each one's hash, " + 'fresh and from the page cache',
    async () => {
      const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      for (const path of ['/', '/tracks/1', '/artist/1', '/artists', '/login', '/embed/tracks/1', '/no-such-page']) {
        for (const cache of path === '/no-such-page' ? [null] : ['miss', 'hit']) {
          // A query of its own: the first view is a render, the second the cached copy.
          const res = await server.client().get(`${path}?policy`);
          expect(res.headers.get('x-page-cache'), path).to.equal(cache);
          const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')![1].split(' ');
          expect(scriptSrc, path).not.to.include("'unsafe-inline'");
          // Data blocks (JSON-LD) are not scripts a browser runs.
          const inline = [
            ...res.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
          ].map((m) => m[1]);
          if (path !== '/embed/tracks/1') expect(inline.length, path).to.be.greaterThan(0);
          for (const script of inline) expect(scriptSrc, `${path}: ${script.slice(0, 60)}`).to.include(sha256(script));
          expect(res.text, path).not.to.match(/\son[a-z]+="/);
        }
      }
    },
  );

  it('sends pages compressed', async () => {
    const page = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).to.equal('br');
    expect(await page.text()).to.include('One Track. Per Month.');
  });

  it('renders the 404 card with HTTP status 404 for any unknown route', async () => {
    for (const url of ['/no-such-page', '/deep/er/path', '/artist-typo']) {
      const res = await server.client().get(url);
      expect(res.status, url).to.equal(404);
      expect(res.text).to.include('404 Page Not Found');
      expect(res.text).to.include('<title>Page Not Found | OneTrack</title>');
    }
  });

  it('shows the login screen at /auth and /login, with the side text and demo box', async () => {
    for (const url of ['/auth', '/login']) {
      const res = await server.client().get(url);
      expect(res.status).to.equal(200);
      expect(res.text).to.include('One track per month.');
      expect(res.text).to.include('One chance forever.');
      expect(res.text).to.include('demo1234');
    }
  });

  it('redirects a signed-in user away from /auth and /login to /', async () => {
    const client = server.client();
    await client.post('/api/auth/login', { username: 'demo', password: 'demo1234' });
    for (const url of ['/auth', '/login']) {
      const res = await client.get(url);
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/');
    }
  });

  it('renders the shell for the signed-in user (avatar initials, Logout) and Login for visitors', async () => {
    const visitor = await server.client().get('/');
    expect(visitor.text).to.include('href="/auth"');
    expect(visitor.text).not.to.include('Upgrade to Premium');
    const client = server.client();
    await client.post('/api/auth/login', { username: 'demo', password: 'demo1234' });
    const page = await client.get('/');
    // The demo account is a member: Premium is the one membership, so there is nothing to upgrade to.
    expect(page.text).not.to.include('Upgrade to Premium');
    expect(page.text).to.include('>DE<');
    expect(page.text).to.include('Logout');
    for (const label of [
      'Home',
      'Discover',
      'Collection',
      'Artists',
      'Upload',
      'Credits',
      'Messages',
      'Subscriptions',
      'Settings',
    ]) {
      expect(page.text).to.include(`>${label}<`);
    }
  });

  it(
    'offers Upgrade to Premium to a new account (its included month) until it ' + 'upgrades, and again once cancelled',
    async () => {
      const client = server.client();
      expect(
        (
          await client.post('/api/auth/register', {
            username: 'newbie',
            password: 'secret123',
            email: 'newbie@example.com',
            name: 'Newbie',
          })
        ).status,
      ).to.equal(201);
      const offered = (await client.get('/')).text;
      expect(offered).to.include('Upgrade to Premium');
      // No money is taken here (payment provider none), as the sign-up screen's price note says: so does the Upgrade.
      expect(offered).to.include('>free here<');
      expect((await client.post('/api/credits/membership/upgrade')).status).to.equal(200);
      expect((await client.get('/')).text).not.to.include('Upgrade to Premium');
      expect((await client.post('/api/credits/membership/cancel')).status).to.equal(200);
      expect((await client.get('/')).text).to.include('Upgrade to Premium');
    },
  );

  it('shows the Admin button to admins only', async () => {
    const listener = server.client();
    await listener.post('/api/auth/login', { username: 'demo', password: 'demo1234' });
    expect((await listener.get('/')).text).not.to.include('href="/admin"');
    const boss = server.client();
    await boss.post('/api/auth/register', {
      username: 'boss',
      password: 'secret123',
      email: 'boss@example.com',
      name: 'Boss',
    });
    await server.app.kernel.services.accounts.setRole('boss', 'admin');
    expect((await boss.get('/')).text).to.include('href="/admin"');
  });

  it('links every admin page from every admin page, the one shown marked current', async () => {
    const boss = server.client();
    await boss.post('/api/auth/register', {
      username: 'navboss',
      password: 'secret123',
      email: 'navboss@example.com',
      name: 'Nav Boss',
    });
    await server.app.kernel.services.accounts.setRole('navboss', 'admin');
    const pages = [
      '/admin',
      '/admin/moderation',
      '/admin/audit',
      '/admin/payouts',
      '/admin/fediverse',
      '/admin/insights',
    ];
    for (const page of pages) {
      const html = (await boss.get(page)).text;
      const nav = html.match(/<nav aria-label="Admin pages"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? '';
      const links = [...nav.matchAll(/<a [^>]*href="([^"]+)"/g)].map((link) => link[1]);
      expect(links, page).to.deep.equal(pages);
      expect(nav.match(/<a [^>]*aria-current="page"[^>]*>/g), page).to.have.length(1);
      expect(nav, page).to.match(
        new RegExp(`href="${page}"[^>]*aria-current="page"|aria-current="page"[^>]*href="${page}"`),
      );
    }
    // Not an admin: no admin navigation.
    expect((await server.client().get('/admin/payouts')).text).not.to.include('aria-label="Admin pages"');
  });

  it('does not set a session cookie for an anonymous page view', async () => {
    const res = await server.client().get('/');
    expect(res.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))).to.equal(false);
  });

  it('serves hashed build assets as immutable and compressed', async () => {
    const asset = readdirSync(path.join(distDir, 'client', '_astro')).find((f) => f.endsWith('.js'))!;
    const res = await fetch(`${server.url}/_astro/${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).to.match(/javascript/);
    // A script is never a document: only nosniff of the security headers is worth its bytes on it.
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
    ]) {
      expect(res.headers.get(header), header).to.equal(null);
    }
    const large = (await res.arrayBuffer()).byteLength > 1024;
    if (large) expect(res.headers.get('content-encoding')).to.be.oneOf(['br', 'gzip']);
    const favicon = await server.client().get('/favicon.svg');
    expect(favicon.status).to.equal(200);
    expect(favicon.headers.get('cache-control')).to.equal('public, max-age=3600');
    expect(favicon.headers.get('content-type')).to.equal('image/svg+xml');
    // An SVG can be opened as a document: it keeps them.
    expect(favicon.headers.get('content-security-policy')).to.include("default-src 'self'");
    expect(await rawStatus(`${server.url}/favicon.svg`, { 'If-None-Match': favicon.headers.get('etag')! })).to.equal(
      304,
    );
  });

  it('sends build assets in br to a browser that lists gzip first with the same weight', async () => {
    const dir = path.join(distDir, 'client', '_astro');
    const largest = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size)[0];
    const asBrowser = await fetch(`${server.url}/_astro/${largest}`, {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(asBrowser.headers.get('content-encoding')).to.equal('br');
    const gzipOnly = await fetch(`${server.url}/_astro/${largest}`, {
      headers: { 'Accept-Encoding': 'gzip, br;q=0.5' },
    });
    expect(gzipOnly.headers.get('content-encoding')).to.equal('gzip');
  });

  it('never serves project or data files, however the path is spelled', async () => {
    const attempts = [
      '/package.json',
      '/app.sqlite',
      '/data/app.sqlite',
      '/session-secret',
      '/../package.json',
      '/%2e%2e/package.json',
      '/_astro/../../package.json',
      '/_astro/%2e%2e/%2e%2e/server/entry.mjs',
      '/server/entry.mjs',
      '/api/../package.json',
      '/.env',
      '/knexfile.ts',
    ];
    for (const url of attempts) {
      const res = await fetch(server.url + url);
      const text = await res.text();
      expect(res.status, url).to.be.oneOf([400, 404]);
      expect(text, url).not.to.include('"devDependencies"');
      expect(text, url).not.to.include('SQLite format');
    }
  });
});
