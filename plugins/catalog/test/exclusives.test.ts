import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { sine, wavBytes } from '../../../media-worker/analysis/test/signals.ts';
import { CLAIM_SOLD_OUT } from '../rules.ts';
import {
  EXCLUSIVE_AUDIO_TYPE,
  EXCLUSIVE_COUNT_MESSAGE,
  EXCLUSIVE_LOGIN,
  EXCLUSIVE_MEDIA_TWICE,
  EXCLUSIVE_NOT_ARTIST,
  EXCLUSIVE_NOT_YOURS,
  EXCLUSIVE_PROCESSING,
  exclusiveSubscribe,
} from '../exclusiveRules.ts';
import { join, testVideo, type Member } from './fixtures.ts';

// Artists' own exclusives (issue 44 point 4), on the database TEST_DB names: each type created through
// the API, files through the media worker, every file and its details for subscribers only.

const OCTETS = { 'Content-Type': 'application/octet-stream' };

describe('catalog: artists create exclusives', function () {
  this.timeout(120_000);
  let server: TestServer;
  let artist: Member;
  let fan: Member;
  let stranger: Member;

  before(async () => {
    server = await startTestServer();
    artist = await join(server, 'maker', true);
    fan = await join(server, 'insider');
    stranger = await join(server, 'outsider');
    expect((await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id })).status).to.equal(201);
  });
  after(() => server.stop());

  const drain = () => createRunner(server.app.kernel, jobHandlers(server.app.plugins)).drain();
  const listed = async (id: number) =>
    ((await server.client().get('/api/exclusives')).body as Array<{ id: number }>).find((e) => e.id === id);
  const create = async (body: object) => {
    const res = await artist.client.post('/api/exclusives', body);
    expect(res.status, res.text).to.equal(201);
    return res.body;
  };

  it('refuses visitors, fans and bad fields, creating nothing', async () => {
    const body = { type: 'NFT', title: 'Gold', totalAvailable: 3 };
    expect((await server.client().post('/api/exclusives', body)).body.message).to.equal(EXCLUSIVE_NOT_ARTIST);
    const fanTry = await fan.client.post('/api/exclusives', body);
    expect([fanTry.status, fanTry.body.message]).to.deep.equal([403, EXCLUSIVE_NOT_ARTIST]);
    for (const bad of [
      { type: 'NFT', title: 'No count' },
      { type: 'NFT', title: 'Zero', totalAvailable: 0 },
      { type: 'poster', title: 'Unknown type' },
      { type: 'NFT', title: '', totalAvailable: 2 },
    ]) {
      const res = await artist.client.post('/api/exclusives', bad);
      expect(res.status, JSON.stringify(bad)).to.equal(400);
    }
    expect((await artist.client.post('/api/exclusives', { type: 'NFT', title: 'x' })).body.message).to.equal(
      EXCLUSIVE_COUNT_MESSAGE,
    );
    expect(await server.app.kernel.knex('exclusives').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });

  it('creates a collectible with a count: the last one goes to one of two simultaneous claims', async () => {
    const nft = await create({ type: 'NFT', title: 'Last print', description: 'One only', totalAvailable: 1 });
    expect(nft).to.include({ type: 'NFT', remaining: 1, totalAvailable: 1, media: null, mediaStatus: null });
    expect(await listed(nft.id)).to.include({ title: 'Last print', remaining: 1 });
    const other = await join(server, 'racer');
    await other.client.post('/api/subscriptions', { artistId: artist.artist!.id });
    const answers = await Promise.all(
      [fan, other].map((member) => member.client.post(`/api/exclusives/${nft.id}/claim`)),
    );
    expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).to.equal(CLAIM_SOLD_OUT);
    expect(answers.find((a) => a.status === 201)!.body).to.include({ number: 1, remaining: 0 });
    expect(await listed(nft.id)).to.include({ remaining: 0 });
  });

  it('takes an unreleased track’s file, transcodes it in the worker and plays it to subscribers only', async () => {
    const track = await create({ type: 'unreleased-track', title: 'Demo tape', description: 'Rough mix' });
    expect(track).to.include({ media: null, mediaStatus: 'awaiting' });
    // Not listed to fans before its file is ready.
    expect(await listed(track.id)).to.equal(undefined);
    const media = `/api/exclusives/${track.id}/media`;
    const wrong = await artist.client.put(media, Buffer.from('not audio at all'), OCTETS);
    expect([wrong.status, wrong.body.message]).to.deep.equal([400, EXCLUSIVE_AUDIO_TYPE]);
    const someone = await join(server, 'otherartist', true);
    const foreign = await someone.client.put(media, wavBytes(sine(440, -20, 2)), OCTETS);
    expect([foreign.status, foreign.body.message]).to.deep.equal([403, EXCLUSIVE_NOT_YOURS]);
    const sent = await artist.client.put(media, wavBytes(sine(440, -20, 2)), OCTETS);
    expect(sent.status, sent.text).to.equal(200);
    expect(sent.body).to.include({ mediaStatus: 'processing' });
    expect((await artist.client.put(media, wavBytes(sine(440, -20, 2)), OCTETS)).body.message).to.equal(
      EXCLUSIVE_MEDIA_TWICE,
    );
    expect((await fan.client.get(media)).body.message).to.equal(EXCLUSIVE_PROCESSING);
    expect(await drain()).to.be.greaterThan(0);

    expect(await listed(track.id)).to.deep.include({ media: 'audio', metadata: { duration: 2 } });
    const played = await fan.client.get(media, { Range: 'bytes=0-99' });
    expect(played.status).to.equal(206);
    expect(played.headers.get('content-type')).to.equal('audio/mp4');
    expect(played.headers.get('cache-control')).to.equal('private, no-store');
    expect((await artist.client.get(media)).status).to.equal(200);
    const refused = await stranger.client.get(media);
    expect([refused.status, refused.body.message]).to.deep.equal([403, exclusiveSubscribe('maker name')]);
    const anonymous = await server.client().get(media);
    expect([anonymous.status, anonymous.body.message]).to.deep.equal([401, EXCLUSIVE_LOGIN]);
    // Its stored files have no public address.
    const row = await server.app.kernel.knex('exclusives').where({ id: track.id }).first();
    for (const key of [row.mediaMaster, row.mediaKey]) {
      expect(key).to.match(/^p\/x\/[0-9a-f]{32}\.\w+$/);
      expect((await server.client().get(`/media/${key}`)).status).to.equal(404);
      expect((await fan.client.get(`/media/${key}`)).status).to.equal(404);
    }
    // Unsubscribed, the fan loses it.
    await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id, active: false });
    expect((await fan.client.get(media)).status).to.equal(403);
    await fan.client.post('/api/subscriptions', { artistId: artist.artist!.id });
  });

  it(
    'takes a behind-the-scenes video and serves it as MP4 to subscribers; the ' + 'artist deletes it with its files',
    async () => {
      const clip = await create({ type: 'behind-the-scenes', title: 'In the studio' });
      const media = `/api/exclusives/${clip.id}/media`;
      expect((await artist.client.put(media, wavBytes(sine(440, -20, 1)), OCTETS)).status).to.equal(400);
      expect((await artist.client.put(media, await testVideo(), OCTETS)).status).to.equal(200);
      await drain();
      expect(await listed(clip.id)).to.deep.include({ media: 'video', metadata: { duration: 1 } });
      const watched = await fan.client.get(media, { Range: 'bytes=0-99' });
      expect([watched.status, watched.headers.get('content-type')]).to.deep.equal([206, 'video/mp4']);
      expect((await stranger.client.get(media)).status).to.equal(403);

      const row = await server.app.kernel.knex('exclusives').where({ id: clip.id }).first();
      expect((await fan.client.delete(`/api/exclusives/${clip.id}`)).status).to.equal(403);
      expect((await artist.client.delete(`/api/exclusives/${clip.id}`)).status).to.equal(204);
      expect(await listed(clip.id)).to.equal(undefined);
      expect((await fan.client.get(media)).status).to.equal(404);
      for (const key of [row.mediaMaster, row.mediaKey])
        expect(await server.app.kernel.storage.head(key)).to.equal(null);
    },
  );
});
