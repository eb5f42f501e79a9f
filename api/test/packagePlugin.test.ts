import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRunner, jobHandlers } from '../../media-worker/runner.ts';
import { signUp } from '../../plugins/accounts/test/fixtures.ts';
import { pluginPages } from '../plugins/astroIntegration.ts';
import { projectRoot } from '../plugins/loader.ts';
import { startTestServer, type TestServer } from './server.ts';

// The example package (examples/onetrack-plugin-merch) installed as npm installs a local package
// (a link in node_modules), here beside an enabled list of our own that ONETRACK_PLUGINS names:
// no change to the app's package.json, nothing fetched, the same on a clean clone.
describe('a plugin from an npm package (examples/onetrack-plugin-merch)', () => {
  let dir: string;
  let server: TestServer;
  const saved = process.env.ONETRACK_PLUGINS;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-package-'));
    mkdirSync(path.join(dir, 'node_modules/@acme'), { recursive: true });
    symlinkSync(
      path.join(projectRoot, 'examples/onetrack-plugin-merch'),
      path.join(dir, 'node_modules/@acme/onetrack-plugin-merch'),
      'dir',
    );
    writeFileSync(path.join(dir, 'enabled.json'), JSON.stringify(['accounts', '@acme/onetrack-plugin-merch']));
    process.env.ONETRACK_PLUGINS = path.join(dir, 'enabled.json');
    server = await startTestServer();
  });
  after(async () => {
    await server?.stop();
    if (saved === undefined) delete process.env.ONETRACK_PLUGINS;
    else process.env.ONETRACK_PLUGINS = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('is enabled under the name its manifest gives, with its package folder as its root', () => {
    const merch = server.app.plugins.find((p) => p.name === 'merch');
    expect(server.app.plugins.map((p) => p.name)).to.deep.equal(['accounts', 'merch']);
    expect(merch?.root).to.equal(path.join(projectRoot, 'examples/onetrack-plugin-merch'));
    expect(merch?.pages).to.deep.equal([{ pattern: '/merch', entrypoint: 'pages/merch.astro' }]);
  });

  it('gives the build its page from the package folder, and the shell folder under @onetrack/site', async () => {
    const routes: Array<{ pattern: string; entrypoint: string }> = [];
    const configs: Array<{ vite: { resolve: unknown } }> = [];
    const setup = pluginPages().hooks['astro:config:setup'] as unknown as (options: object) => Promise<void>;
    await setup({
      injectRoute: (route: { pattern: string; entrypoint: string }) => routes.push(route),
      updateConfig: (config: { vite: { resolve: unknown } }) => configs.push(config),
    });
    expect(routes.find((r) => r.pattern === '/merch')?.entrypoint).to.equal(
      path.join(projectRoot, 'examples/onetrack-plugin-merch/pages/merch.astro'),
    );
    expect(configs.map((config) => config.vite.resolve)).to.deep.equal([
      { alias: { '@onetrack/site': path.join(projectRoot, 'site') } },
    ]);
  });

  it('runs its JavaScript migration with the others', async () => {
    const applied = await server.app.kernel.knex('knex_migrations').pluck('name');
    expect(applied).to.include('20261126120000_merch.js');
    expect(await server.app.kernel.knex('merch_items').count({ n: '*' }).first()).to.deep.equal({ n: 2 });
  });

  it('serves its routes through its service: a public read, and a write that needs a session', async () => {
    const anonymous = server.client();
    const list = await anonymous.get('/api/merch/items');
    expect(list.status).to.equal(200);
    expect(list.body).to.deep.equal([
      { id: 1, title: 'Tour shirt', priceCents: 2500, wanted: 0 },
      { id: 2, title: 'Signed vinyl', priceCents: 3900, wanted: 0 },
    ]);

    expect((await anonymous.get('/api/merch/items')).headers.get('x-page-cache')).to.equal('hit');

    const refused = await anonymous.post('/api/merch/items/1/want');
    expect([refused.status, refused.body]).to.deep.equal([
      401,
      { message: 'Sign in to tell the artist you want this' },
    ]);

    const fan = await signUp(server, 'fan');
    expect((await fan.client.post('/api/merch/items/99/want')).status).to.equal(404);
    const wanted = await fan.client.post('/api/merch/items/1/want');
    expect(wanted.status).to.equal(200);
    expect(wanted.body[0].wanted).to.equal(1);
    // The anonymous answer was cached (publicReads); the write's `merch` tag dropped it.
    const after = await anonymous.get('/api/merch/items');
    expect([after.headers.get('x-page-cache'), after.body[0].wanted]).to.deep.equal(['miss', 1]);
    expect((await fan.client.post('/api/merch/items/1/want')).body[0].wanted).to.equal(1);
  });

  it('runs its job in the media worker: enqueued through kernel.jobs with the want, once', async () => {
    const { knex } = server.app.kernel;
    expect(await knex('jobs').where({ type: 'merch.interest' }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    const runner = createRunner(server.app.kernel, jobHandlers(server.app.plugins));
    expect((await runner.runOnce())?.outcome).to.equal('done');
    expect(await runner.runOnce()).to.equal(null);
    const want = await knex('merch_wants').where({ itemId: 1 }).first();
    expect(Number(want.notifiedAt)).to.be.greaterThan(0);
  });
});
