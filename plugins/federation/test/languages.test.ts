import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';

// Needs the built site (npx astro build). Issue 43: the follow page says why there is no follow
// screen in the URL's language (the service's English texts are API messages), English unchanged.
describe('federation in the reader’s language', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp;

  before(async () => {
    server = await startTestServer({ pages: true });
    artist = await signUp(server, 'noor', { artist: true });
  });
  after(() => server?.stop());

  it('answers a malformed handle on the follow page in the page’s language', async () => {
    const follow = (prefix: string) =>
      server.client().get(`${prefix}/fediverse/follow?artist=${artist.artist!.id}&handle=nobody`);
    const german = await follow('/de');
    expect(german.status).to.equal(400);
    expect(german.text).to.contain('Gib dein Fediverse-Handle wie @you@mastodon.social ein');
    expect(german.text).to.contain('Zurück zum Artist');
    const english = await follow('');
    expect(english.text).to.contain('Enter your fediverse handle like @you@mastodon.social');
  });
});
