import { expect } from 'chai';
import { waitFor } from '../../../api/test/processes.ts';
import {
  startSecondNode,
  startTestServer,
  testRedis,
  type SecondNode,
  type TestServer,
} from '../../../api/test/server.ts';
import { signUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { COMMENTS_PER_HOUR } from '../rules.ts';

// Two app processes on one database and Redis: a comment posted through node A shows on node B's
// kept track page (its tag reaches B's cache), and the per-person limit counts both nodes together.
// Needs the built site.

describe('comments across two nodes', () => {
  let nodeA: TestServer;
  let nodeB: SecondNode;

  before(async () => {
    nodeA = await startTestServer({ pages: true, config: { redis: testRedis() } });
    nodeB = await startSecondNode(nodeA, true);
  });
  after(async () => {
    await nodeB?.stop();
    await nodeA?.stop();
  });

  it('drops node B’s kept page of the track at once, and limits a person on both nodes together', async () => {
    const artist = await signUp(nodeA, 'tworoom', { artist: true });
    const fan = await signUp(nodeA, 'roamer');
    const trackId = await addTrack(artist.artist!.id, 'Both Rooms', new Date(Date.now() - 3_600_000));
    const visitor = nodeB.client();
    const page = () => visitor.get(`/tracks/${trackId}`);
    expect((await page()).text).to.include('No comments yet');
    expect((await page()).headers.get('x-page-cache')).to.equal('hit');

    const res = await fan.client.post(`/api/tracks/${trackId}/comments`, { at: 1000, body: 'Heard on node A' });
    expect(res.status, res.text).to.equal(201);
    await waitFor(
      'node B to show the comment',
      async () => ((await page()).text.includes('Heard on node A') ? true : undefined),
      2000,
      20,
    );

    const onB = nodeB.client(new Map(fan.client.cookies));
    for (let i = 1; i < COMMENTS_PER_HOUR; i++) {
      const client = i % 2 ? onB : fan.client;
      expect((await client.post(`/api/tracks/${trackId}/comments`, { at: i * 1000, body: `n${i}` })).status).to.equal(
        201,
      );
    }
    expect((await onB.post(`/api/tracks/${trackId}/comments`, { at: 0, body: 'over' })).status).to.equal(429);
    expect((await fan.client.post(`/api/tracks/${trackId}/comments`, { at: 0, body: 'over' })).status).to.equal(429);
  });
});
