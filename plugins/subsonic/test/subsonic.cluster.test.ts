import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../../../api/db/connection.ts';
import { TestClient } from '../../../api/test/client.ts';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../../../api/test/database.ts';
import { listeningUrl, startChild, startRedis, waitFor, type Child } from '../../../api/test/processes.ts';
import { startLocalS3, type LocalS3 } from '../../../api/test/s3.ts';
import { image, releaseForm, tone } from '../../releases/test/fixtures.ts';
import { newAppPassword, subsonicSession, type SubsonicSession } from './fixtures.ts';

// One app, two nodes: a Subsonic session whose calls alternate between two `node api/server.ts`
// processes (one MariaDB database, one Redis, one S3 bucket), as a load balancer without sticky
// sessions sends them. The app password made through one works on the other, a stream and a sized
// cover made on one are served by the other, a star on one shows in the other's cached API answer,
// and a scrobble sent to both counts once. Needs MariaDB and the built site (TEST_DB=mysql).

const root = path.resolve(import.meta.dirname, '../../..');

describe('subsonic: one session across two app nodes (MariaDB, Redis, S3)', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let knex: Knex;
  let s3: LocalS3;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const children: Child[] = [];
  const dataDirs: string[] = [];
  const urls: string[] = [];
  const wav = tone(3);

  async function startNode(env: NodeJS.ProcessEnv): Promise<string> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-subsonic-node-'));
    dataDirs.push(dataDir);
    const child = startChild(process.execPath, [path.join(root, 'api/server.ts')], { ...env, DATA_DIR: dataDir }, root);
    children.push(child);
    const url = await waitFor('the node to listen', () => {
      if (child.process.exitCode !== null) throw new Error(`node exited:\n${child.output()}`);
      return listeningUrl(child.output());
    });
    await waitFor(
      'the node to reach Redis',
      async () => ((await (await fetch(`${url}/healthz`)).json()).redis === 'up' ? true : undefined),
      10_000,
    );
    return url;
  }

  before(async function () {
    this.timeout(120_000);
    if (TEST_DB !== 'mysql')
      throw new Error('The two-node Subsonic test needs MariaDB/MySQL: run it with TEST_DB=mysql');
    [db, s3, redis] = await Promise.all([createTestDatabase(), startLocalS3(), startRedis()]);
    knex = knexFactory(knexConfig(db.database));
    const d = db.database as { user: string; password: string; host: string; port: number; database: string };
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://onetrack.example',
      REGISTRATIONS_PER_HOUR: '0',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL:
        `mysql://${encodeURIComponent(d.user)}:${encodeURIComponent(d.password)}@` +
        `${d.host}:${d.port}/${d.database}`,
      SESSION_SECRET: 'subsonic-node-secret-subsonic-node-secret',
      SEED_DEMO: '0',
      MEDIA_WORKER: '0',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `onetrack-test-${randomBytes(4).toString('hex')}:`,
      ...s3.env,
    };
    urls.push(await startNode(env));
    urls.push(await startNode(env));
  });

  after(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await knex?.destroy();
    await Promise.all([redis?.stop(), s3?.stop(), db?.drop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('browses, plays, stars and scrobbles through both nodes as through one', async () => {
    const [a, b] = urls;
    const jar = new Map<string, string>();
    const artist = [new TestClient(a, {}, jar), new TestClient(b, {}, jar)];
    expect(
      (
        await artist[0].post('/api/auth/register', {
          username: 'nodeband',
          password: 'secret123',
          email: 'nodeband@example.com',
          name: 'Node Band',
          isArtist: true,
        })
      ).status,
    ).to.equal(201);
    expect((await artist[1].post('/api/auth/register-artist-hook')).status).to.equal(200);
    const upload = (type: string, name: string, bytes: Buffer) =>
      artist[0].post(`/api/upload/stream?type=${type}&filename=${name}`, new Uint8Array(bytes), {
        'Content-Type': 'application/octet-stream',
      });
    const [cover, audio] = [
      await upload('image', 'cover.png', await image(600, 600)),
      await upload('audio', 'take.wav', wav),
    ];
    const track = await artist[1].post(
      '/api/tracks',
      releaseForm(audio.body.url, cover.body.url, { title: 'Two Nodes' }),
    );
    expect(track.status, track.text).to.equal(201);
    const trackId: number = track.body.id;

    const fanJar = new Map<string, string>();
    const fan = new TestClient(b, {}, fanJar);
    expect(
      (
        await fan.post('/api/auth/register', {
          username: 'roaming',
          password: 'secret123',
          email: 'roaming@example.com',
          name: 'Roaming',
        })
      ).status,
    ).to.equal(201);
    const secret = await newAppPassword(fan);
    const app: SubsonicSession[] = urls.map((url) =>
      subsonicSession(url, 'json', { username: 'roaming', password: secret }),
    );

    expect((await app[0].call('getAlbum', { id: `al-${trackId}` })).album.song[0].id).to.equal(`tr-${trackId}`);
    app[1].headers.Range = 'bytes=1000-1999';
    const part = await app[1].api.stream({ id: `tr-${trackId}` });
    expect(part.status).to.equal(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(1000, 2000))).to.equal(true);
    delete app[1].headers.Range;

    // A sized cover made on A is the stored one B serves.
    const made = Buffer.from(await (await app[0].api.getCoverArt({ id: `al-${trackId}`, size: 200 })).arrayBuffer());
    const served = Buffer.from(await (await app[1].api.getCoverArt({ id: `al-${trackId}`, size: 200 })).arrayBuffer());
    expect(served.equals(made)).to.equal(true);

    // A star through A is a like: the starrer's list on B has it at once, while the anonymous track
    // answer B keeps stays cached (a like count is a counter for everyone but the liker).
    await waitFor(
      'B to cache the track',
      async () =>
        (await fetch(`${b}/api/tracks/${trackId}`)).headers.get('x-page-cache') === 'hit' ? true : undefined,
      5_000,
    );
    expect((await app[0].call('star', { id: `tr-${trackId}` })).status).to.equal('ok');
    expect((await app[1].call('getStarred2')).starred2.song[0].id).to.equal(`tr-${trackId}`);
    expect((await knex('likes').where({ trackId }).count({ n: '*' }))[0].n).to.equal(1);
    expect(
      (await fetch(`${b}/api/tracks/${trackId}`)).headers.get('x-page-cache'),
      'others’ cached answer stays',
    ).to.equal('hit');

    await app[0].call('scrobble', { id: `tr-${trackId}`, submission: false });
    expect((await app[1].call('getNowPlaying')).nowPlaying.entry[0]).to.include({
      id: `tr-${trackId}`,
      username: 'roaming',
    });
    await Promise.all([
      app[0].call('scrobble', { id: `tr-${trackId}` }),
      app[1].call('scrobble', { id: `tr-${trackId}` }),
    ]);
    expect((await knex('listens').where({ trackId }).count({ n: '*' }))[0].n).to.equal(1);
  });
});
