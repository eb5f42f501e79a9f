import { expect } from 'chai';
import type { TestClient } from '../../../api/test/client.ts';
import { waitFor } from '../../../api/test/processes.ts';
import {
  startSecondNode,
  startTestServer,
  testRedis,
  type SecondNode,
  type TestServer,
} from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';

// A takedown reaches every read path on every node at once (issue 20): node A takes the action,
// node B (another app on the same database and Redis, its caches warm) answers without the track
// on pages, API lists, search, feeds, the sitemap, oEmbed and embeds. Needs the built site.

describe('takedown on every read path, across two nodes', () => {
  let nodeA: TestServer;
  let nodeB: SecondNode;
  let b: TestClient;
  let admin: SignedUp, artist: SignedUp;
  let hiddenId: number;
  const title = 'Stolen Anthem';

  /** Every path that shows the track, with how it shows it there. */
  const paths = () => [
    `/tracks/${hiddenId}`,
    `/embed/tracks/${hiddenId}`,
    `/api/tracks/${hiddenId}`,
    `/api/artists/${artist.artist!.id}/tracks`,
    '/api/tracks/monthly',
    '/discover',
    `/artist/${artist.artist!.id}`,
    '/api/search?q=stolen',
    '/search?q=stolen',
    '/feed.xml',
    `/artist/${artist.artist!.id}/feed.xml`,
    '/sitemap.xml',
    `/oembed?url=${encodeURIComponent(`${nodeA.app.kernel.config.publicUrl}/tracks/${hiddenId}`)}&format=json`,
    `/embed/artists/${artist.artist!.id}`,
  ];
  /** A visitor's player on node B reporting a play (insights keeps there which tracks are out). */
  const play = (trackId: number) => {
    const player = nodeB.client();
    player.headers['User-Agent'] =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    return player.post('/api/plays', { trackId, event: 'start', source: 'track' });
  };
  let honestId: number;
  const mentions = (text: string) =>
    text.includes(title) || text.includes(`/tracks/${hiddenId}<`) || text.includes(`/tracks/${hiddenId}"`);

  before(async () => {
    nodeA = await startTestServer({ pages: true, config: { redis: testRedis() } });
    nodeB = await startSecondNode(nodeA, true);
    b = nodeB.client();
    admin = await signUp(nodeA, 'warden', { role: 'admin' });
    artist = await signUp(nodeA, 'copycat', { artist: true });
    hiddenId = await addTrack(artist.artist!.id, title, new Date(Date.now() - 3_600_000));
    honestId = await addTrack(artist.artist!.id, 'Honest Song', new Date(Date.now() - 86_400_000 * 40));
  });
  after(async () => {
    await nodeB?.stop();
    await nodeA?.stop();
  });

  it('shows the track everywhere on node B before (and caches it there)', async () => {
    for (const path of paths()) {
      const first = await b.get(path);
      expect(first.status, path).to.equal(200);
      expect(mentions(first.text), `${path} shows the track`).to.equal(true);
      const cached = await b.get(path);
      expect(cached.text, `${path} again`).to.equal(first.text);
    }
    expect((await play(hiddenId)).status, 'a play of it counts').to.equal(201);
    expect((await play(honestId)).status, 'a play of another of the artist’s').to.equal(201);
  });

  it('hides it on node B as soon as node A answered: gone (410) on its page and embed, absent elsewhere', async () => {
    const res = await admin.client.post(`/api/moderation/items/track/${hiddenId}/actions`, {
      action: 'hide',
      reason: 'Copyright notice',
    });
    expect(res.status, res.text).to.equal(200);
    // Node B hears of the invalidation through Redis within milliseconds; allow a moment.
    await waitFor(
      'node B to drop the track',
      async () => (mentions((await b.get('/api/tracks/monthly')).text) ? undefined : true),
      2000,
      20,
    );
    for (const path of paths()) {
      const after = await b.get(path);
      if (
        path === `/tracks/${hiddenId}` ||
        path === `/embed/tracks/${hiddenId}` ||
        path === `/api/tracks/${hiddenId}`
      ) {
        expect(after.status, path).to.equal(410);
        expect(after.text, path).to.match(/taken down|removed/);
      } else if (path.startsWith('/oembed')) {
        expect(after.status, path).to.equal(404);
      } else {
        expect(after.status, path).to.equal(200);
      }
      expect(mentions(after.text), `${path} no longer shows the track`).to.equal(false);
    }
    // A play of it counts no more (node B kept that the track was out, until this takedown).
    expect((await play(hiddenId)).status).to.equal(404);
    // Its files too (the fixture's names exist in no storage: 404 before, 410 once withheld).
    expect((await b.get('/media/test/Stolen-Anthem.mp3')).status).to.equal(410);
    expect((await b.get('/media/test/Honest-Song.mp3')).status).to.equal(404);
  });

  it('suspends the artist from node A: node B ends their session and their page says so', async () => {
    const session = nodeB.client(artist.client.cookies);
    expect((await session.get('/api/auth/user')).status, 'signed in on node B').to.equal(200);
    const res = await admin.client.post(`/api/moderation/items/artist/${artist.artist!.id}/actions`, {
      action: 'suspend',
      reason: 'Repeat infringer',
    });
    expect(res.status, res.text).to.equal(200);
    await waitFor(
      'node B to end the session',
      async () => ((await session.get('/api/auth/user')).status === 401 ? true : undefined),
      2000,
      20,
    );
    const page = await b.get(`/artist/${artist.artist!.id}`);
    expect(page.status).to.equal(403);
    expect(page.text).to.contain('Account Suspended');
    const login = await b.post('/api/auth/login', { username: 'copycat', password: 'secret123' });
    expect(login.status).to.equal(403);
    expect(login.body.message).to.equal('This account is suspended: Repeat infringer');
    // A suspended artist's tracks are out everywhere, their files withheld.
    expect((await b.get(`/api/artists/${artist.artist!.id}/tracks`)).body).to.deep.equal([]);
    expect((await play(honestId)).status, 'a play of their track').to.equal(404);
    expect((await b.get('/media/test/Honest-Song.mp3')).status).to.equal(410);
  });

  it('restores both from node A: node B shows the track and the artist again', async () => {
    expect(
      (
        await admin.client.post(`/api/moderation/items/track/${hiddenId}/actions`, {
          action: 'restore',
          reason: 'Licence shown',
        })
      ).status,
    ).to.equal(200);
    await waitFor(
      'node B to show the track',
      async () => ((await b.get(`/tracks/${hiddenId}`)).status === 200 ? true : undefined),
      2000,
      20,
    );
    expect((await b.get(`/artist/${artist.artist!.id}`)).status).to.equal(200);
    for (const path of paths()) expect(mentions((await b.get(path)).text), path).to.equal(true);
    expect((await b.get('/media/test/Stolen-Anthem.mp3')).status).to.equal(404);
  });
});
