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
import { addTrack } from '../../catalog/test/fixtures.ts';
import { signUp, type SignedUp } from './fixtures.ts';

// An account deleted through node A is gone on node B too (another app on the same database and
// Redis, its caches warm): its sessions end, its artist and tracks answer 410 (pages and API), its
// files are withheld. Needs the built site.

describe('account deletion across two nodes', () => {
  let nodeA: TestServer;
  let nodeB: SecondNode;
  let b: TestClient;
  let artist: SignedUp;
  let trackId: number;

  before(async () => {
    nodeA = await startTestServer({ pages: true, config: { redis: testRedis() } });
    nodeB = await startSecondNode(nodeA, true);
    b = nodeB.client();
    artist = await signUp(nodeA, 'leaving', { artist: true });
    trackId = await addTrack(artist.artist!.id, 'Last Song', new Date(Date.now() - 3_600_000));
  });
  after(async () => {
    await nodeB?.stop();
    await nodeA?.stop();
  });

  it('ends the sessions and answers 410 on node B as soon as node A answered', async () => {
    // A jar of its own: the deletion's answer clears the cookie from A's jar, and B must end the session itself.
    const session = nodeB.client(new Map(artist.client.cookies));
    const reads = [
      `/artist/${artist.artist!.id}`,
      `/tracks/${trackId}`,
      `/api/artists/${artist.artist!.id}`,
      `/api/tracks/${trackId}`,
      `/api/artists/${artist.artist!.id}/tracks`,
    ];
    // Warm node B's caches: the session user and the public answers.
    for (let i = 0; i < 2; i++) {
      expect((await session.get('/api/auth/user')).status).to.equal(200);
      for (const path of reads) expect((await b.get(path)).status, path).to.equal(200);
    }
    expect((await b.get('/media/test/Last-Song.mp3')).status, 'no such file yet').to.equal(404);

    const res = await artist.client.post(`/api/users/${artist.user.id}/deletion`, { password: 'secret123' });
    expect(res.status, res.text).to.equal(200);
    // The session's end is announced after the deletion's own invalidation, and node B applies them in
    // order: once it has ended the session, another visitor (no read-your-writes cookie) is answered anew.
    await waitFor(
      'node B to end the session',
      async () => ((await session.get('/api/auth/user')).status === 401 ? true : undefined),
      2000,
      20,
    );
    for (const path of reads) expect((await b.get(path)).status, path).to.equal(410);
    expect((await b.get(`/artist/${artist.artist!.id}`)).text).to.contain('This artist has left OneTrack.');
    expect((await b.get('/media/test/Last-Song.mp3')).status).to.equal(410);
    expect((await b.get('/api/artists')).body.map((a: { id: number }) => a.id)).not.to.include(artist.artist!.id);
  });
});
