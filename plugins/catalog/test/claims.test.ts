import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { CLAIM_LOGIN, CLAIM_NOT_COLLECTIBLE, CLAIM_SOLD_OUT, CLAIM_TWICE, claimSubscribe } from '../rules.ts';
import { join, type Member } from './fixtures.ts';

// Claiming a numbered collectible (issue 26 point 6), on the database TEST_DB names: subscribers
// only, once per fan, `remaining` never below 0 however many claim at the same moment.

describe('catalog: claiming collectibles', () => {
  let server: TestServer;
  let artist: Member;

  const addExclusive = async (type: string, total: number | null) => {
    const [id] = await server.app.kernel.knex('exclusives').insert({
      artistId: artist.artist!.id,
      type,
      title: `${type} ${total}`,
      description: 'For fans',
      remaining: total,
      totalAvailable: total,
      createdAt: Date.now(),
    });
    return Number(id);
  };
  const remaining = async (id: number) =>
    Number((await server.app.kernel.knex('exclusives').where({ id }).first('remaining')).remaining);
  const subscriber = async (username: string) => {
    const fan = await join(server, username);
    expect((await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id })).status).to.equal(201);
    return fan;
  };

  before(async () => {
    server = await startTestServer();
    artist = await join(server, 'minter', true);
  });
  after(() => server.stop());

  it('asks for a session first, then refuses what cannot be claimed, changing nothing', async () => {
    const nft = await addExclusive('NFT', 5);
    let res = await server.client().post(`/api/exclusives/${nft}/claim`);
    expect(res.status).to.equal(401);
    expect(res.body.message).to.equal(CLAIM_LOGIN);
    expect((await server.client().post('/api/exclusives/999999/claim')).status).to.equal(401);
    const stranger = await join(server, 'stranger');
    res = await stranger.client.post(`/api/exclusives/${nft}/claim`);
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal(claimSubscribe('minter name'));
    expect((await stranger.client.post('/api/exclusives/999999/claim')).status).to.equal(404);
    expect((await stranger.client.post('/api/exclusives/abc/claim')).status).to.equal(404);
    const fan = await subscriber('fanone');
    res = await fan.client.post(`/api/exclusives/${await addExclusive('unreleased-track', null)}/claim`);
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal(CLAIM_NOT_COLLECTIBLE);
    expect(await remaining(nft)).to.equal(5);
    // The artist cannot subscribe to themself, so cannot claim their own.
    expect((await artist.client.post(`/api/exclusives/${nft}/claim`)).status).to.equal(403);
  });

  it('gives a subscriber the next number once; the public list shows what is left', async () => {
    const nft = await addExclusive('NFT', 3);
    const fan = await subscriber('fantwo');
    const first = await fan.client.post(`/api/exclusives/${nft}/claim`);
    expect(first.status, first.text).to.equal(201);
    expect(first.body).to.deep.equal({ exclusiveId: nft, number: 1, remaining: 2, totalAvailable: 3 });
    const again = await fan.client.post(`/api/exclusives/${nft}/claim`);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal(CLAIM_TWICE);
    expect(await remaining(nft)).to.equal(2);
    const listed = (await server.client().get('/api/exclusives')).body.find((e: { id: number }) => e.id === nft);
    expect(listed.remaining).to.equal(2);
    const second = await (await subscriber('fanthree')).client.post(`/api/exclusives/${nft}/claim`);
    expect(second.body.number).to.equal(2);
    expect((await server.app.kernel.services.catalog.claimsOf(fan.user.id)).get(nft)).to.equal(1);
  });

  it('under simultaneous claims gives each number once, each fan at most one, and never goes below 0', async () => {
    const nft = await addExclusive('NFT', 3);
    const fans: Member[] = [];
    for (let i = 0; i < 8; i++) fans.push(await subscriber(`rush${i}`));
    // Every fan claims twice at the same moment.
    const answers = await Promise.all(
      fans.flatMap((fan) => [fan, fan]).map((fan) => fan.client.post(`/api/exclusives/${nft}/claim`)),
    );
    const won = answers.filter((res) => res.status === 201);
    expect(won).to.have.length(3);
    expect(answers.filter((res) => res.status === 409)).to.have.length(13);
    expect(answers.filter((res) => res.status === 409).map((res) => res.body.message)).to.include(CLAIM_SOLD_OUT);
    expect(won.map((res) => res.body.number).sort()).to.deep.equal([1, 2, 3]);
    expect(await remaining(nft)).to.equal(0);
    const claims = await server.app.kernel.knex('exclusive_claims').where({ exclusiveId: nft });
    expect(claims).to.have.length(3);
    expect(new Set(claims.map((c: { userId: number }) => c.userId)).size).to.equal(3);
    // Sold out stays sold out.
    const late = await (await subscriber('late')).client.post(`/api/exclusives/${nft}/claim`);
    expect(late.status).to.equal(409);
    expect(late.body.message).to.equal(CLAIM_SOLD_OUT);
    expect(await remaining(nft)).to.equal(0);
  });
});
