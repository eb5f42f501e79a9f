import { expect } from 'chai';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { createRunner, jobHandlers } from '../../../media-worker/runner.ts';
import { join, type Member } from '../../catalog/test/fixtures.ts';
import { JOB, WAVEFORM_BUCKETS } from '../jobs.ts';
import { releaseForm, tone, uploadAudio, uploadImage } from './fixtures.ts';
import { drumPattern, wavBytes } from '../../../media-worker/analysis/test/signals.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** DATABASE_URL of the test server's database, for a worker process of its own. */
function databaseUrl(server: TestServer): string {
  const db = server.app.kernel.config.database;
  if (db.client === 'sqlite') return `sqlite://${db.filename}`;
  const auth = `${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}`;
  return `mysql://${auth}@${db.host}:${db.port}/${db.database}`;
}

describe('releases: media jobs in the worker', function () {
  this.timeout(120_000);
  let server: TestServer;
  let artist: Member;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  before(async () => {
    server = await startTestServer({ now, pages: true });
    artist = await join(server, 'producer', true);
  });
  after(() => server.stop());

  const runner = () => createRunner(server.app.kernel, jobHandlers(server.app.plugins));

  it('makes the streaming file, loudness, waveform and cover sizes, then the track is ready', async () => {
    const audio = await uploadAudio(artist.client, tone(4));
    const cover = await uploadImage(artist.client);
    const created = await artist.client.post('/api/tracks', releaseForm(audio.url, cover));
    expect(created.status, created.text).to.equal(201);
    // Listed at once, marked processing, playing its master.
    const listed = await server.client().get(`/api/tracks/${created.body.id}`);
    expect(listed.body).to.include({ processing: true, audioUrl: audio.url });
    expect((await server.client().get(`/api/tracks/${created.body.id}/media`)).body).to.include({
      processing: true,
      waveform: null,
    });
    expect(await runner().drain()).to.equal(4);

    const release = (await artist.client.get(`/api/releases/${created.body.id}`)).body;
    expect(release).to.include({ status: 'ready', processing: false, masterUrl: audio.url });
    expect(release.audioUrl).to.match(/^\/media\/s\/[0-9a-f]{32}\.m4a$/);
    const stream = await server.client().get(release.audioUrl, { Range: 'bytes=0-99' });
    expect(stream.status).to.equal(206);
    expect(stream.headers.get('content-type')).to.equal('audio/mp4');
    // A -20 dBFS-ish sine: about -17 to -22 LUFS whatever the encoder; silence would read -70.
    expect(release.loudness.integrated).to.be.within(-30, -5);
    expect(release.loudness.truePeak).to.be.within(-30, 0);
    expect(release.waveform).to.have.length(WAVEFORM_BUCKETS);
    expect(Math.max(...release.waveform)).to.be.greaterThan(0.05);
    expect(release.coverSrcset.avif).to.match(/^\/media\/c\/\w+-300\.avif 300w, \/media\/c\/\w+-600\.avif 600w$/);
    const webp = await server.client().get(release.coverSrcset.webp.split(' ')[0]);
    expect(webp.headers.get('content-type')).to.equal('image/webp');
    // The public track plays the streaming file now.
    const track = await server.client().get(`/api/tracks/${created.body.id}`);
    expect(track.body.audioUrl).to.equal(release.audioUrl);
    expect(track.body.processing).to.equal(false);
    // Cards get the cover sizes with the track row.
    expect(track.body.coverSrcset).to.deep.equal(release.coverSrcset);
    // Anyone may read the waveform of a released track (the player draws it).
    const media = await server.client().get(`/api/tracks/${created.body.id}/media`);
    expect(media.status).to.equal(200);
    expect(media.body.waveform).to.deep.equal(release.waveform);
    expect((await server.client().get('/api/tracks/999999/media')).status).to.equal(404);
  });

  it('stores the analysis of every new track (tempo, key, confidences, loudness) the wizard showed', async () => {
    offset = 0;
    const drummer = await join(server, 'drummer', true);
    const audio = await uploadAudio(drummer.client, wavBytes(drumPattern(120, 10)));
    // The wizard's Analyze (AI) on the upload, before the release exists.
    const wizard = await drummer.client.post('/api/ai/analyze-audio', { uploadUrl: audio.url });
    expect(wizard.status, wizard.text).to.equal(200);
    const seen = wizard.body.insights.measurements;
    const created = await drummer.client.post('/api/tracks', releaseForm(audio.url, null));
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id;
    expect((await server.client().get(`/api/tracks/${id}/media`)).body.analysis).to.equal(null);
    await runner().drain();

    const media = (await server.client().get(`/api/tracks/${id}/media`)).body;
    expect(media.analysis.bpm).to.be.within(118, 122);
    // Same code path and options as the wizard: the very same numbers.
    expect(media.analysis).to.deep.equal({
      bpm: seen.bpm,
      bpmConfidence: seen.tempoConfidence,
      key: seen.key ? `${seen.key.tonic} ${seen.key.mode}` : null,
      keyTonic: seen.key?.tonic ?? null,
      keyMode: seen.key?.mode ?? null,
      keyConfidence: seen.key?.confidence ?? null,
    });
    expect(media.analysis.bpmConfidence).to.be.within(0, 1);
    expect(media.loudness).to.deep.equal({
      integrated: seen.loudness.integratedLufs,
      truePeak: seen.loudness.truePeakDbtp,
      range: seen.loudness.loudnessRangeLu,
    });
    // The artist's release view carries it too.
    expect((await drummer.client.get(`/api/releases/${id}`)).body.analysis).to.deep.equal(media.analysis);
    // And the track page shows tempo and key to every visitor.
    const page = await server.client().get(`/tracks/${id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include(`${Math.round(media.analysis.bpm)} BPM`);
    if (media.analysis.key) expect(page.text).to.include(media.analysis.key);
  });

  it('finishes a job whose worker process was killed mid-way, once, after the lease', async () => {
    offset = 0;
    const other = await join(server, 'crasher', true);
    const audio = await uploadAudio(other.client, tone(120));
    const created = await other.client.post('/api/tracks', releaseForm(audio.url, null));
    expect(created.status, created.text).to.equal(201);
    const jobs = () =>
      server.app.kernel
        .knex('jobs')
        .where({ type: JOB.transcode })
        .whereRaw('payload like ?', [`%"trackId":${created.body.id}}%`])
        .first();

    const worker = spawn(process.execPath, [path.join(root, 'media-worker/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(server),
        DATA_DIR: server.app.kernel.config.dataDir,
        NODE_ENV: 'test',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    try {
      for (let i = 0; i < 400 && (await jobs()).status !== 'running'; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      worker.kill('SIGKILL');
    }
    await exited;
    const orphan = await jobs();
    expect(orphan).to.include({ status: 'running', attempts: 1 });
    expect((await other.client.get(`/api/releases/${created.body.id}`)).body.status).to.equal('processing');

    // Another worker: nothing to take while the dead one's lease runs, the job once it has passed.
    const rescuer = runner();
    const transcodeOnly = async () => {
      const result = await rescuer.runOnce();
      return result && result.job.type === JOB.transcode ? result : rescuer.runOnce();
    };
    offset = 120_000;
    const result = await transcodeOnly();
    expect(result?.job.id).to.equal(orphan.id);
    expect(result?.outcome).to.equal('done');
    expect(await jobs()).to.include({ status: 'done', attempts: 2 });
    const release = (await other.client.get(`/api/releases/${created.body.id}`)).body;
    expect(release.status).to.equal('ready');
    expect(release.audioUrl).to.match(/\.m4a$/);
  });

  it('marks a track failed when its transcode dies for good: still listed, playing its master', async () => {
    offset = 0;
    const unlucky = await join(server, 'unlucky', true);
    const audio = await uploadAudio(unlucky.client, tone(2));
    const created = await unlucky.client.post('/api/tracks', releaseForm(audio.url, null));
    expect(created.status, created.text).to.equal(201);
    const id = created.body.id;
    const knex = server.app.kernel.knex;
    // The master is gone from storage (say, a botched restore), so every attempt fails; one attempt left.
    await knex('tracks').where({ id }).update({ masterUrl: '/media/u/gone.wav' });
    const mine = (type: string) =>
      knex('jobs')
        .where({ type })
        .whereRaw('payload like ?', [`%"trackId":${id}}%`]);
    await mine(JOB.transcode).update({ maxAttempts: 1 });

    const worker = runner();
    let outcome: string | undefined;
    for (let i = 0; i < 10 && !outcome; i++) {
      const ran = await worker.runOnce();
      if (!ran) break;
      if (ran.job.type === JOB.transcode && (ran.job.payload as { trackId: number }).trackId === id)
        outcome = ran.outcome;
    }
    expect(outcome).to.equal('dead');
    expect((await mine(JOB.transcode).first()).status).to.equal('dead');

    const release = (await unlucky.client.get(`/api/releases/${id}`)).body;
    expect(release).to.include({ status: 'failed', processing: false, failed: true, audioUrl: audio.url });
    const track = await server.client().get(`/api/tracks/${id}`);
    expect(track.body).to.include({ processing: false, audioUrl: audio.url });
    const listed = await server.client().get(`/api/artists/${unlucky.artist!.id}/tracks`);
    expect(listed.body.map((t: { id: number }) => t.id)).to.deep.equal([id]);
    expect((await server.client().get(audio.url, { Range: 'bytes=0-99' })).status).to.equal(206);
  });
});
