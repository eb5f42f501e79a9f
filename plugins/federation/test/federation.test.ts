import { expect } from 'chai';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { startSecondNode, startTestServer, type SecondNode, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { followScreen, parseHandle } from '../lookup.ts';
import { startPeer, type Peer } from './peerProcess.ts';

// Federation against a remote server on this machine (peer.ts, its own process, Mastodon's actor and
// signed Follow as its FEDERATION.md documents them), which checks OneTrack's signatures with the
// http-signature library. Deliveries run through kernel.jobs as the media worker runs them.

const AP = 'application/activity+json';
const plugins = [
  'accounts',
  'catalog',
  'content',
  'credits',
  'messaging',
  'releases',
  'notifications',
  'moderation',
  'federation',
];

const settings = { federation: { allowPrivatePeers: true, inboxPerMinute: 40, inboxMaxBytes: 64 * 1024 } };

describe('federation: artists on the fediverse', function () {
  this.timeout(60_000);
  let server: TestServer;
  let peer: Peer;
  let artist: SignedUp;
  let actorId: string;
  let inbox: string;
  let follow: unknown;
  const drain = () => createRunner(server.app.kernel, jobHandlers(server.app.plugins)).drain();
  const ap = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, server.url), { headers: { accept: AP, ...headers } });
  const ofType = async (type: string) => (await peer.received()).filter((r) => r.activity.type === type);
  let trackSeq = 0;
  async function track(uploadDate: number, fields: Record<string, unknown> = {}): Promise<number> {
    trackSeq++;
    const [id] = await server.app.kernel.knex('tracks').insert({
      artistId: artist.artist!.id,
      title: `Drop <${trackSeq}>`,
      audioUrl: `/media/audio/drop-${trackSeq}.mp3`,
      streamUrl: `/media/stream/drop-${trackSeq}.m4a`,
      coverImage: `/media/covers/drop-${trackSeq}.jpg`,
      duration: 181,
      uploadDate,
      createdAt: Date.now(),
      genre: 'Electronic',
      metadata: JSON.stringify({ tags: ['night drive', 'synth'] }),
      ...fields,
    });
    return Number(id);
  }

  before(async () => {
    [server, peer] = await Promise.all([startTestServer({ plugins, settings }), startPeer()]);
    artist = await signUp(server, 'novaharbor', { artist: true });
    await server.app.kernel.knex('artists').where({ id: artist.artist!.id }).update({
      bio: 'Synths & <tides>\n\nFrom the harbour.',
      profileImage: '/media/photos/nova.jpg',
    });
  });
  after(async () => {
    await Promise.all([server?.stop(), peer?.stop()]);
  });

  it('answers WebFinger for @username@<PUBLIC_URL host>, ids from PUBLIC_URL whatever the Host', async () => {
    const host = new URL(server.url).host;
    const res = await fetch(
      `${server.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:novaharbor@${host}`)}`,
      { headers: { host: `localhost:${new URL(server.url).port}`, 'x-forwarded-host': 'evil.example' } },
    );
    expect(res.status).to.equal(200);
    const jrd = await res.json();
    expect(jrd.subject).to.equal(`acct:novaharbor@${host}`);
    const self = jrd.links.find((l: { rel: string }) => l.rel === 'self');
    actorId = self.href;
    expect(actorId).to.equal(`${server.url}/ap/artists/${artist.artist!.id}`);
    const unknown = await fetch(`${server.url}/.well-known/webfinger?resource=acct:nobody@${host}`);
    expect(unknown.status).to.equal(404);
  });

  it('serves the actor: name, escaped summary, icon, URL, inboxes, outbox, followers and one key kept', async () => {
    const res = await ap(new URL(actorId).pathname, { host: `localhost:${new URL(server.url).port}` });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/activity\+json|ld\+json/);
    const actor = await res.json();
    expect(actor).to.include({ id: actorId, type: 'Person', preferredUsername: 'novaharbor', name: 'Novaharbor' });
    expect(actor.summary).to.equal('<p>Synths &amp; &lt;tides&gt;</p><p>From the harbour.</p>');
    expect(actor.icon.url).to.equal(`${server.url}/media/photos/nova.jpg`);
    expect(actor.url).to.equal(`${server.url}/artist/${artist.artist!.id}`);
    inbox = actor.inbox;
    expect(inbox).to.equal(`${actorId}/inbox`);
    expect(actor.endpoints.sharedInbox).to.equal(`${server.url}/ap/inbox`);
    expect(actor.outbox).to.equal(`${actorId}/outbox`);
    expect(actor.followers).to.equal(`${actorId}/followers`);
    expect(actor.publicKey.publicKeyPem).to.match(/^-----BEGIN PUBLIC KEY-----/);
    const again = await (await ap(new URL(actorId).pathname)).json();
    expect(again.publicKey.publicKeyPem).to.equal(actor.publicKey.publicKeyPem);
    expect(await server.app.kernel.knex('federation_keys').count({ n: '*' }).first()).to.deep.include({ n: 1 });
    // A browser asking for the actor is sent to the artist page.
    const page = await fetch(`${server.url}${new URL(actorId).pathname}`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.status).to.equal(302);
    expect(page.headers.get('location')).to.equal(`/artist/${artist.artist!.id}`);
  });

  it('accepts a Mastodon-signed Follow at once; the Accept arrives signed (checked by http-signature)', async () => {
    const sent = await peer.control('follow', { target: actorId, inbox });
    expect(sent.status).to.equal(202);
    follow = sent.follow;
    const rows = await server.app.kernel.knex('federation_followers').select('handle', 'domain', 'sharedInbox');
    expect(rows).to.deep.equal([
      { handle: peer.handle, domain: new URL(peer.origin).host, sharedInbox: `${peer.origin}/inbox` },
    ]);
    expect(await drain()).to.be.greaterThan(0);
    const [accept, ...more] = await ofType('Accept');
    expect(more).to.have.length(0);
    expect(accept.path).to.equal('/users/fan/inbox');
    expect(accept.verified, 'signature verified by http-signature').to.equal(true);
    expect(accept.digestMatches).to.equal(true);
    expect(accept.keyId).to.match(new RegExp(`^${actorId}#`));
    expect(accept.signedHeaders).to.include('(request-target)');
    expect(accept.activity.actor).to.equal(actorId);
    expect(accept.activity.object.id ?? accept.activity.object).to.satisfy((o: unknown) =>
      JSON.stringify(o).includes((follow as { id: string }).id),
    );
    const followers = await (await ap(`${new URL(actorId).pathname}/followers`)).json();
    expect(followers.totalItems).to.equal(1);
    expect(followers.orderedItems ?? followers.items ?? []).to.deep.equal([]);
    const summary = await server.app.kernel.services.federation.followerSummary(artist.user.id);
    expect(summary).to.deep.include({ count: 1 });
    expect(summary!.recent.map((f) => f.handle)).to.deep.equal([peer.handle]);
  });

  it('refuses unsigned, forged, oversized and too many activities', async () => {
    const body = JSON.stringify({ ...(follow as object), id: `${peer.origin}/forged` });
    const unsigned = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body });
    expect(unsigned.status).to.equal(401);
    const big = await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body: 'x'.repeat(70 * 1024) });
    expect(big.status).to.equal(413);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await fetch(inbox, { method: 'POST', headers: { 'content-type': AP }, body })).status);
    expect(statuses).to.include(429);
    expect(await server.app.kernel.knex('federation_followers').count({ n: '*' }).first()).to.deep.include({ n: 1 });
  });

  it("puts the artist's fediverse followers, handles and dates, in their data export", async () => {
    const kernel = server.app.kernel;
    const hook = kernel.plugins.find((p) => p.name === 'federation')!.exportData!;
    const exported = (await hook(kernel, artist.user.id)) as {
      fediverse: { handle: string; followers: Array<{ handle: string; followedAt: string }> };
    };
    expect(exported.fediverse.handle).to.equal(`@novaharbor@${new URL(server.url).host}`);
    expect(exported.fediverse.followers.map((f) => f.handle)).to.deep.equal([peer.handle]);
    const row = await kernel.knex('federation_followers').first('createdAt');
    expect(exported.fediverse.followers[0].followedAt).to.equal(new Date(Number(row.createdAt)).toISOString());
    const fan = await signUp(server, 'quietfan');
    expect(await hook(kernel, fan.user.id)).to.deep.equal({});
  });

  it('sends a drop when public: a Create of a Note (audio, cover, link, hashtags), once an inbox', async () => {
    const releases = server.app.kernel.services.releases;
    const later = await track(Date.now() + 86_400_000);
    await releases.announcePublic(later);
    expect(await drain()).to.equal(0);
    const id = await track(Date.now() - 1000);
    await releases.announcePublic(id);
    await drain();
    // The release job run again (a retry) sends nothing twice.
    await releases.announcePublic(id);
    await drain();
    const creates = await ofType('Create');
    expect(creates).to.have.length(1);
    const [create] = creates;
    expect(create.path).to.equal('/inbox');
    expect(create.verified).to.equal(true);
    const note = create.activity.object;
    expect(note.type).to.equal('Note');
    expect(note.name).to.equal('Drop <2>');
    expect(note.content).to.include('<strong>Drop &lt;2&gt;</strong> by Novaharbor');
    expect(note.url).to.equal(`${server.url}/tracks/${id}`);
    const attachments = [note.attachment].flat();
    expect(attachments[0]).to.include({
      type: 'Audio',
      mediaType: 'audio/mp4',
      url: `${server.url}/media/stream/drop-2.m4a`,
    });
    expect(attachments[1]).to.include({ mediaType: 'image/jpeg', url: `${server.url}/media/covers/drop-2.jpg` });
    expect([note.tag].flat().map((t: { name: string }) => t.name)).to.deep.equal([
      '#Electronic',
      '#nightdrive',
      '#synth',
    ]);
    const outbox = await (await ap(`${new URL(actorId).pathname}/outbox`)).json();
    expect(outbox.totalItems).to.equal(1);
    const first = await (
      await ap(new URL(outbox.first.id ?? outbox.first).pathname + new URL(outbox.first.id ?? outbox.first).search)
    ).json();
    expect([first.orderedItems].flat().map((a: { object: { id: string } }) => a.object.id ?? a.object)).to.deep.equal([
      note.id,
    ]);
  });

  it('sends Delete on a takedown or suspension (Create on restore), an actor Update on a profile change', async () => {
    const admin = await signUp(server, 'boss', { role: 'admin' });
    const [created] = await ofType('Create');
    const trackId = Number(new URL(created.activity.object.id).pathname.split('/').pop());
    const acted = await admin.client.post(`/api/moderation/items/track/${trackId}/actions`, {
      action: 'hide',
      reason: 'Copyright',
    });
    expect(acted.status, acted.text).to.equal(200);
    await drain();
    const [deleted] = await ofType('Delete');
    expect(deleted.verified).to.equal(true);
    expect(deleted.activity.object.id ?? deleted.activity.object).to.equal(created.activity.object.id);
    // A suspension withdraws every drop that is out; its end sends them again.
    const other = await track(Date.now() - 500);
    await server.app.kernel.services.releases.announcePublic(other);
    await drain();
    const otherUri = `${server.url}/ap/tracks/${other}`;
    const act = (action: string) =>
      admin.client.post(`/api/moderation/items/artist/${artist.artist!.id}/actions`, { action, reason: 'Spam' });
    expect((await act('suspend')).status).to.equal(200);
    await drain();
    const withdrawn = (await ofType('Delete')).filter((d) => (d.activity.object.id ?? d.activity.object) === otherUri);
    expect(withdrawn).to.have.length(1);
    expect((await ap(`/ap/tracks/${other}`)).status).to.equal(404);
    expect((await act('restore')).status).to.equal(200);
    await drain();
    const again = (await ofType('Create')).filter((c) => c.activity.object.id === otherUri);
    expect(again).to.have.length(2);
    const name = await artist.client.patch(`/api/users/${artist.user.id}`, { name: 'Nova H' });
    expect(name.status, name.text).to.equal(200);
    await drain();
    const [update] = await ofType('Update');
    expect(update.activity.object).to.include({ id: actorId, type: 'Person' });
  });

  it('sends an Update of the Note when the artist edits a released drop, nothing for one not out yet', async () => {
    const released = await track(Date.now() - 100);
    await server.app.kernel.services.releases.announcePublic(released);
    const scheduled = await track(Date.now() + 86_400_000);
    await drain();
    const before = (await ofType('Update')).length;
    const edited = await artist.client.patch(`/api/releases/${released}`, { title: 'Drop, edited', genre: 'Jazz' });
    expect(edited.status, edited.text).to.equal(200);
    expect((await artist.client.patch(`/api/releases/${scheduled}`, { title: 'Not yet' })).status).to.equal(200);
    await drain();
    const updates = (await ofType('Update')).slice(before);
    expect(updates).to.have.length(1);
    const [update] = updates;
    expect(update.verified, 'signature verified by http-signature').to.equal(true);
    expect(update.digestMatches).to.equal(true);
    expect(update.activity.id).to.match(new RegExp(`^${server.url}/ap/tracks/${released}#update-\\d+$`));
    expect(update.activity.object).to.include({ id: `${server.url}/ap/tracks/${released}`, name: 'Drop, edited' });
    expect([update.activity.object.tag].flat().map((t: { name: string }) => t.name)).to.include('#Jazz');
  });

  it('finds a follow screen by the WebFinger subscribe template, only on public servers by default', async () => {
    const service = server.app.kernel.services.federation;
    const found = await service.followLink(artist.artist!.id, peer.handle, 'test-client');
    expect(found).to.deep.equal({ url: `${peer.origin}/authorize_interaction?uri=${encodeURIComponent(actorId)}` });
    const refused = await service.followLink(artist.artist!.id, 'not a handle', 'test-client');
    expect(refused).to.deep.equal({
      refused: 'invalid',
      message: 'Enter your fediverse handle like @you@mastodon.social',
    });
    expect(await followScreen(parseHandle(peer.handle)!, actorId, false)).to.deep.equal({ error: 'unreachable' });
  });

  it('lets an admin block a domain: its followers dropped, its follows refused, deliveries to it stopped', async () => {
    const admin = (await signUp(server, 'chief', { role: 'admin' })).client;
    const domain = new URL(peer.origin).host;
    expect((await artist.client.post('/api/federation/blocks', { domain })).status).to.equal(403);
    expect((await admin.post('/api/federation/blocks', { domain: 'not a domain!' })).status).to.equal(400);
    const blocked = await admin.post('/api/federation/blocks', { domain });
    expect(blocked.status, blocked.text).to.equal(200);
    expect(
      (await admin.get('/api/federation/blocks')).body.domains.map((d: { domain: string }) => d.domain),
    ).to.deep.equal([domain]);
    expect(await server.app.kernel.knex('federation_followers').count({ n: '*' }).first()).to.deep.include({ n: 0 });
    const refused = await peer.control('follow', { target: actorId, inbox });
    expect(refused.status).to.equal(403);
    const before = (await peer.received()).length;
    await server.app.kernel.services.federation.released(await track(Date.now() - 500), artist.artist!.id);
    // Nobody left to send to; and a delivery already queued for that inbox is dropped.
    await server.app.kernel.services.federation.deliver({ type: 'outbox', inbox: `${peer.origin}/inbox` });
    await drain();
    expect((await peer.received()).length).to.equal(before);
    expect((await admin.delete(`/api/federation/blocks/${encodeURIComponent(domain)}`)).status).to.equal(204);
  });

  it('removes a follower on Undo, and tells followers the actor is gone when the account is deleted', async () => {
    const again = await peer.control('follow', { target: actorId, inbox });
    expect(again.status).to.equal(202);
    const undone = await peer.control('undo', { follow: again.follow, inbox });
    expect(undone.status).to.equal(202);
    expect(await server.app.kernel.knex('federation_followers').count({ n: '*' }).first()).to.deep.include({ n: 0 });
    expect((await peer.control('follow', { target: actorId, inbox })).status).to.equal(202);
    await drain();
    const deleted = await artist.client.post(`/api/users/${artist.user.id}/deletion`, { password: 'secret123' });
    expect([200, 204], deleted.text).to.include(deleted.status);
    await drain();
    const farewell = (await ofType('Delete')).find((d) => (d.activity.object.id ?? d.activity.object) === actorId);
    expect(farewell, 'actor Delete').to.not.equal(undefined);
    expect(farewell!.verified).to.equal(true);
    expect((await ap(new URL(actorId).pathname)).status).to.equal(410);
  });
});

describe('federation: two nodes behind one database', function () {
  this.timeout(60_000);
  let server: TestServer;
  let second: SecondNode;
  let peer: Peer;

  before(async () => {
    [server, peer] = await Promise.all([startTestServer({ plugins, settings }), startPeer()]);
    // The second node starts with the enabled list and the first node's settings.
    second = await startSecondNode(server, false);
  });
  after(async () => {
    await second?.stop();
    await Promise.all([server?.stop(), peer?.stop()]);
  });

  let artistUserId: number;

  it('delivers each activity once, whichever node and worker runs the release job and the deliveries', async () => {
    const artist = await signUp(server, 'tidewell', { artist: true });
    artistUserId = artist.user.id;
    const actorId = `${server.url}/ap/artists/${artist.artist!.id}`;
    // The Follow reaches the second node (a balancer in front: the signed Host is the public one);
    // both nodes' workers drain the queue at once.
    const sent = await peer.control('follow', {
      target: actorId,
      inbox: `${server.url}/ap/inbox`,
      via: second.client().baseUrl,
    });
    expect(sent.status).to.equal(202);
    const [id] = await server.app.kernel.knex('tracks').insert({
      artistId: artist.artist!.id,
      title: 'Tide',
      audioUrl: '/media/audio/tide.mp3',
      duration: 120,
      uploadDate: Date.now() - 1000,
      createdAt: Date.now(),
    });
    await Promise.all([
      server.app.kernel.services.releases.announcePublic(Number(id)),
      second.app.kernel.services.releases.announcePublic(Number(id)),
    ]);
    const workers = [server, second].map((node) => createRunner(node.app.kernel, jobHandlers(node.app.plugins)));
    await Promise.all(workers.map((w) => w.drain()));
    const received = await peer.received();
    expect(received.filter((r) => r.activity.type === 'Accept')).to.have.length(1);
    expect(received.filter((r) => r.activity.type === 'Create')).to.have.length(1);
    expect(received.every((r) => r.verified)).to.equal(true);
  });

  it('forgets a follower whose inbox is gone (410), without retrying', async () => {
    await peer.control('inbox-status', { status: 410 });
    try {
      await server.app.kernel.services.federation.profileChanged(artistUserId);
      await createRunner(server.app.kernel, jobHandlers(server.app.plugins)).drain();
    } finally {
      await peer.control('inbox-status', { status: 202 });
    }
    expect(await server.app.kernel.knex('federation_followers').count({ n: '*' }).first()).to.deep.include({ n: 0 });
    const parked = await server.app.kernel
      .knex('jobs')
      .where({ type: 'federation.deliver' })
      .whereNot({ status: 'done' });
    expect(parked).to.have.length(0);
  });
});
