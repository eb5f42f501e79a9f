import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { COMMENT_MAX_LENGTH, COMMENTS_PER_HOUR } from '../rules.ts';

// Timed comments through the API: who may comment where and at which moment, the order of the list,
// the artist's grouped notification, pin and hide, reports into the moderation queue and a
// moderator's hide, blocks, suspension and deletion taking comments away, the tags a comment
// announces, the per-person limit, and "Your data".

describe('comments: timed comments on released tracks', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp, ana: SignedUp, bo: SignedUp, admin: SignedUp;
  let trackId: number, laterId: number, otherId: number;
  const list = async (client = server.client(), id = trackId, sort = 'time') => {
    const res = await client.get(`/api/tracks/${id}/comments?sort=${sort}`);
    expect(res.status, res.text).to.equal(200);
    return res.body.comments as Array<{
      id: number;
      at: number;
      body: string;
      pinned: boolean;
      author: { name: string };
    }>;
  };
  const post = (who: SignedUp, at: number, body: string, id = trackId) =>
    who.client.post(`/api/tracks/${id}/comments`, { at, body });

  before(async () => {
    server = await startTestServer();
    artist = await signUp(server, 'echo', { artist: true });
    ana = await signUp(server, 'ana');
    bo = await signUp(server, 'bob');
    admin = await signUp(server, 'warden', { role: 'admin' });
    trackId = await addTrack(artist.artist!.id, 'Moments', new Date(Date.now() - 3_600_000));
    otherId = await addTrack(artist.artist!.id, 'Older', new Date(Date.now() - 40 * 86_400_000));
    laterId = await addTrack(artist.artist!.id, 'Not Yet', new Date(Date.now() + 7 * 86_400_000), false);
  });
  after(() => server?.stop());

  it('takes a signed-in fan’s comment at a moment of a released track, and refuses the rest', async () => {
    expect((await server.client().post(`/api/tracks/${trackId}/comments`, { at: 0, body: 'hi' })).status).to.equal(401);
    expect((await post(ana, 1000, '   ')).body.message).to.equal('Please write a comment');
    expect((await post(ana, 1000, 'x'.repeat(COMMENT_MAX_LENGTH + 1))).status).to.equal(400);
    expect((await post(ana, 181_000, 'late')).body.message).to.equal('That moment is past the end of the track');
    expect((await post(ana, -1, 'early')).status).to.equal(400);
    expect((await post(ana, 1000, 'soon', laterId)).status).to.equal(404);
    expect(await list()).to.deep.equal([]);

    const first = await post(ana, 42_000, 'The drop  here!');
    expect(first.status, first.text).to.equal(201);
    expect(first.body.comment).to.deep.include({ at: 42_000, body: 'The drop here!', pinned: false });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await post(bo, 10_000, 'Intro vibes')).status).to.equal(201);
    expect((await list()).map((c) => c.body)).to.deep.equal(['Intro vibes', 'The drop here!']);
    expect((await list(server.client(), trackId, 'newest')).map((c) => c.body)).to.deep.equal([
      'Intro vibes',
      'The drop here!',
    ]);
    expect((await server.client().get(`/api/tracks/${trackId}/comments?sort=loudest`)).status).to.equal(400);
  });

  it('tells the artist once per track and hour, however many comment', async () => {
    const rows = await server.app.kernel.knex('notifications').where({ userId: artist.user.id, kind: 'comment' });
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ title: 'New comments on Moments', link: `/tracks/${trackId}#comments` });
    expect(rows[0].body).to.equal('Ana at 0:42: The drop here!');
    // The artist's own comment tells nobody.
    expect((await post(artist, 5000, 'Thanks all')).status).to.equal(201);
    expect(await server.app.kernel.knex('notifications').where({ kind: 'comment' })).to.have.length(1);
  });

  it('announces only that track’s comments and the artist’s views', async () => {
    const told: string[][] = [];
    const stop = server.app.kernel.cache.subscribe((tags) => told.push([...tags].sort()));
    try {
      expect((await post(bo, 20_000, 'Second thought', otherId)).status).to.equal(201);
    } finally {
      stop();
    }
    expect(told).to.deep.equal([[`comments:${otherId}`, `user:${artist.user.id}`]]);
    expect((await list(server.client(), otherId)).map((c) => c.body)).to.deep.equal(['Second thought']);
  });

  it('lets the artist pin one comment and hide any; nobody else', async () => {
    const [intro, drop] = (await list()).filter((c) => c.author.name !== 'Echo');
    expect((await ana.client.post(`/api/comments/${intro.id}/pin`, { pinned: true })).status).to.equal(403);
    expect((await artist.client.post(`/api/comments/${intro.id}/pin`, { pinned: true })).status).to.equal(200);
    expect((await artist.client.post(`/api/comments/${drop.id}/pin`, { pinned: true })).status).to.equal(200);
    expect((await list()).filter((c) => c.pinned).map((c) => c.id)).to.deep.equal([drop.id]);
    expect((await bo.client.post(`/api/comments/${drop.id}/hide`)).status).to.equal(403);
    expect((await artist.client.post(`/api/comments/${drop.id}/hide`)).status).to.equal(204);
    const after = await list();
    expect(after.map((c) => c.id)).to.not.include(drop.id);
    expect(
      after.some((c) => c.pinned),
      'the pin goes with it',
    ).to.equal(false);
  });

  it('sends a report to the moderation queue; a moderator’s hide and restore', async () => {
    const [intro] = (await list()).filter((c) => c.body === 'Intro vibes');
    const report = await ana.client.post('/api/reports', {
      targetType: 'comment',
      targetId: intro.id,
      reason: 'spam',
    });
    expect(report.status, report.text).to.equal(201);
    const queue = await admin.client.get('/api/moderation/queue');
    expect(queue.status, queue.text).to.equal(200);
    const item = queue.body.find((i: { type: string; id: number }) => i.type === 'comment' && i.id === intro.id);
    expect(item).to.deep.include({ detail: 'Intro vibes', ownerName: 'Bob', link: `/tracks/${trackId}#comments` });
    const hide = await admin.client.post(`/api/moderation/items/comment/${intro.id}/actions`, {
      action: 'hide',
      reason: 'Spam',
    });
    expect(hide.status, hide.text).to.equal(200);
    expect((await list()).map((c) => c.id)).to.not.include(intro.id);
    const restore = await admin.client.post(`/api/moderation/items/comment/${intro.id}/actions`, {
      action: 'restore',
      reason: 'Fine after all',
    });
    expect(restore.status, restore.text).to.equal(200);
    expect((await list()).map((c) => c.id)).to.include(intro.id);
  });

  it('leaves out blocked people’s comments for the blocker only, and a suspended account’s for everyone', async () => {
    expect((await ana.client.post('/api/blocks', { userId: bo.user.id })).status).to.be.within(200, 204);
    expect((await list(ana.client)).map((c) => c.author.name)).to.not.include('Bob');
    expect((await list()).map((c) => c.author.name)).to.include('Bob');
    const [bos] = (await list()).filter((c) => c.author.name === 'Bob');
    const suspend = await admin.client.post(`/api/moderation/items/comment/${bos.id}/actions`, {
      action: 'suspend',
      reason: 'Harassment',
    });
    expect(suspend.status, suspend.text).to.equal(200);
    expect((await list()).map((c) => c.author.name)).to.not.include('Bob');
    await admin.client.post(`/api/moderation/items/comment/${bos.id}/actions`, { action: 'restore', reason: 'Lifted' });
    expect((await list()).map((c) => c.author.name)).to.include('Bob');
  });

  it('limits each person per hour', async () => {
    const cat = await signUp(server, 'cat');
    for (let i = 0; i < COMMENTS_PER_HOUR; i++)
      expect((await post(cat, i * 1000, `n${i}`, otherId)).status).to.equal(201);
    const over = await post(cat, 1000, 'one more', otherId);
    expect(over.status).to.equal(429);
    expect(over.body.message).to.match(/^You have posted many comments in the last hour/);
  });

  it('exports a fan’s comments and takes them away with the account', async () => {
    const { kernel } = server.app;
    const manifest = kernel.plugins.find((p) => p.name === 'comments')!;
    const exported = (await manifest.exportData!(kernel, ana.user.id)) as {
      comments: Array<{ body: string; at: string }>;
    };
    expect(exported.comments.map((c) => [c.at, c.body])).to.deep.equal([['0:42', 'The drop here!']]);
    const gone = await bo.client.post(`/api/users/${bo.user.id}/deletion`, { password: 'secret123' });
    expect(gone.status, gone.text).to.equal(200);
    expect(await kernel.knex('track_comments').where({ userId: bo.user.id })).to.deep.equal([]);
    expect((await list()).map((c) => c.author.name)).to.not.include('Bob');
  });
});
