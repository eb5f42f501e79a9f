import Router from '@koa/router';
import { expect } from 'chai';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../plugins/accounts/demoAccount.ts';
import type { AppState } from '../http/state.ts';
import { buildMatrix, EXAMPLE_PACKAGE, type Configuration } from './pluginMatrix.ts';
import { startTestServer, type TestServer } from './server.ts';
import type { TestClient } from './client.ts';

// `npm test matrix` (a part of npm test, api/cli/test.ts): for every enabled plugin, and for each
// optional plugin left out with what needs it, the site built and started on SQLite with the demo
// data answers every remaining page and every GET API route without a 5xx, to a visitor, a
// listener and an artist who is an admin.

const DEMO_ARTIST = 'novaharbor';
/** Pages of the shell itself (site/pages). */
const SITE_PAGES = ['/', '/robots.txt', '/no-such-page'];
const DEMO_PARAMS: Record<string, string> = { token: 'a'.repeat(32), path: 'no-such-page' };

/** A pattern's path with demo data in its parameters ([id] and :id are 1, the demo's first row). */
export function samplePath(pattern: string): string {
  return pattern
    .replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => DEMO_PARAMS[name] ?? '1')
    .replace(/:(\w+)/g, (_, name: string) => DEMO_PARAMS[name] ?? '1')
    .replace(/\{\/?\*\w+\}/g, '');
}

/** The GET routes the plugins mount, mounted again on a bare router to read their paths. */
function apiPaths(server: TestServer): string[] {
  const router = new Router<AppState>({ prefix: '/api' });
  for (const plugin of server.app.plugins) plugin.routes?.(router, server.app.kernel);
  const paths = router.stack.flatMap((layer) =>
    layer.methods.includes('GET') && typeof layer.path === 'string' ? [samplePath(layer.path)] : [],
  );
  return [...new Set(paths)];
}

async function signedIn(server: TestServer, username: string): Promise<TestClient> {
  const client = server.client({ Origin: server.url });
  const res = await client.post('/api/auth/login', { username, password: DEMO_PASSWORD });
  expect(res.status, `sign-in of ${username}`).to.equal(200);
  return client;
}

describe('plugin matrix: the site without each optional plugin', function () {
  // First run: one Astro build per configuration, two at a time.
  this.timeout(20 * 60_000);
  let configurations: Configuration[] = [];

  before(async () => {
    // Each built site's server entry adds its own process listeners (Astro's), all kept loaded here.
    process.setMaxListeners(40);
    configurations = await buildMatrix({
      fullBuilt: process.env.PLUGIN_MATRIX_DIST === '1',
      onBuild: (c) => process.stdout.write(`      building the site without ${c.without}\n`),
    });
  });

  it('has a configuration for every enabled plugin and one per optional plugin', () => {
    expect(configurations[0].without).to.equal('none');
    expect(configurations.length).to.be.greaterThan(1);
    const withPackage = configurations[configurations.length - 1];
    expect(withPackage.plugins).to.include(EXAMPLE_PACKAGE);
    for (const c of configurations.slice(1, -1)) expect(c.plugins, c.without).not.to.include(c.without);
  });

  it('serves every remaining page and GET API route without a 5xx, in every configuration', async () => {
    const failures: string[] = [];
    const savedList = process.env.ONETRACK_PLUGINS;
    for (const configuration of configurations) {
      // The server reads the list the site was built from (and finds the example package beside it).
      process.env.ONETRACK_PLUGINS = configuration.listFile;
      const server = await startTestServer({
        pages: true,
        seedDemo: true,
        plugins: configuration.plugins,
        dist: configuration.dist,
      });
      try {
        await server.app.kernel.knex('users').where({ username: DEMO_ARTIST }).update({ role: 'superadmin' });
        const pages = [
          ...SITE_PAGES,
          ...server.app.plugins.flatMap((p) => (p.pages ?? []).map((page) => samplePath(page.pattern))),
        ];
        const viewers: Array<[string, TestClient]> = [
          ['visitor', server.client()],
          ['listener', await signedIn(server, DEMO_USERNAME)],
          ['admin artist', await signedIn(server, DEMO_ARTIST)],
        ];
        const api = apiPaths(server);
        process.stdout.write(
          `      without ${configuration.without}: ${configuration.plugins.length} ` +
            `plugins, ${pages.length} pages, ${api.length} GET API routes\n`,
        );
        for (const [viewer, client] of viewers) {
          for (const path of [...pages, ...api]) {
            const res = await client.get(path);
            if (res.status >= 500)
              failures.push(`without ${configuration.without}: ${viewer} GET ${path} answered ${res.status}`);
          }
        }
        // The slots of a left-out plugin leave nothing behind; its pages are gone.
        const artistPage = (await viewers[2][1].get('/artist/1')).text;
        expect(artistPage, configuration.without).to.include('artist-header');
        if (!configuration.plugins.includes('syndication'))
          expect(artistPage).not.to.include('application/json+oembed');
        if (!configuration.plugins.includes('search'))
          expect((await server.client().get('/search')).status).to.equal(404);
        // A plugin from a package: its page, in the app layout, with its island.
        const merch = await viewers[1][1].get('/merch');
        if (configuration.plugins.includes(EXAMPLE_PACKAGE)) {
          expect(merch.status).to.equal(200);
          expect(merch.text)
            .to.include('<h1 class="page-title">Merch</h1>')
            .and.include('app-frame')
            .and.include('astro-island');
        } else expect(merch.status).to.equal(404);
      } finally {
        await server.stop();
      }
    }
    if (savedList === undefined) delete process.env.ONETRACK_PLUGINS;
    else process.env.ONETRACK_PLUGINS = savedList;
    expect(failures).to.deep.equal([]);
  });
});
