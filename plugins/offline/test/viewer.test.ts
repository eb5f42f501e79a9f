import { expect } from 'chai';
import { readEnabledList } from '../../../api/plugins/loader.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../accounts/demoAccount.ts';
import { ANONYMOUS_VIEWER, VIEWER_HEADER } from '../names.ts';
import { viewerHash } from '../viewer.ts';

// The header the service worker keeps one viewer's pages by (sw/sw.ts), and the layout's install
// tags only with the plugin on. Needs `npx astro build`.
describe('offline: the viewer of a page', function () {
  this.timeout(60_000);
  let on: TestServer;

  // One server at a time: a test server's database is the process's own.
  before(async () => (on = await startTestServer({ pages: true, seedDemo: true })));
  after(async () => on?.stop());

  async function signedIn(username: string) {
    const client = on.client();
    const login = await client.post('/api/auth/login', { username, password: DEMO_PASSWORD });
    expect(login.status, login.text).to.equal(200);
    const { id } = (await client.get('/api/auth/user')).body as { id: number };
    return { client, id };
  }

  it(
    'names the viewer of every page: anonymous, or a keyed hash of the user, never ' + 'the id; not on API answers',
    async () => {
      const anonymous = await on.client().get('/');
      expect(anonymous.status).to.equal(200);
      expect(anonymous.headers.get(VIEWER_HEADER)).to.equal(ANONYMOUS_VIEWER);
      expect(anonymous.text).to.include('<link rel="manifest" href="/manifest.webmanifest"');

      const demo = await signedIn(DEMO_USERNAME);
      const viewer = (await demo.client.get('/discover')).headers.get(VIEWER_HEADER)!;
      expect(viewer).to.equal(viewerHash(on.app.kernel.config.sessionSecret)(demo.id));
      expect(viewer).to.match(/^[\w-]{22}$/);
      expect((await demo.client.get('/profile')).headers.get(VIEWER_HEADER)).to.equal(viewer);
      const nova = await signedIn('novaharbor');
      expect((await nova.client.get('/discover')).headers.get(VIEWER_HEADER)).to.not.equal(viewer);
      expect((await demo.client.get('/api/auth/user')).headers.get(VIEWER_HEADER)).to.equal(null);
    },
  );

  it('is the same on every node (the shared session secret) and changes with the secret', () => {
    const [nodeA, nodeB] = [viewerHash('a-shared-session-secret'), viewerHash('a-shared-session-secret')];
    expect(nodeA(7)).to.equal(nodeB(7));
    expect(nodeA(7)).to.not.equal(nodeA(8));
    expect(viewerHash('another-session-secret')(7)).to.not.equal(nodeA(7));
  });
});

describe('offline: the plugin turned off', function () {
  this.timeout(60_000);
  let off: TestServer;

  before(
    async () =>
      (off = await startTestServer({ pages: true, plugins: readEnabledList().filter((name) => name !== 'offline') })),
  );
  after(async () => off?.stop());

  // What the pages show comes from the build (its slots): the plugin matrix builds the site without it.
  it('leaves pages without a viewer header', async () => {
    const page = await off.client().get('/');
    expect(page.status).to.equal(200);
    expect(page.headers.get(VIEWER_HEADER)).to.equal(null);
  });
});
