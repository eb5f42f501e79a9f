import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { join, type Member } from '../../catalog/test/fixtures.ts';
import { DATE_MESSAGES, MONTHLY_DROP_TAKEN } from '../rules.ts';
import { addDays, dayKey, dayToIso } from '../schedule.ts';
import { NOT_ARTIST, NOT_YOUR_FILE } from '../service.ts';
import { releaseForm, uploadAudio, uploadImage } from './fixtures.ts';

const DAY = 86_400_000;

describe('releases: POST /api/tracks', function () {
  let server: TestServer;
  let offset = 0;
  const now = () => new Date(Date.UTC(2026, 2, 10, 12) + offset);
  let artist: Member;
  let listener: Member;
  let audioUrl: string;
  let coverUrl: string;

  before(async () => {
    server = await startTestServer({ now });
    artist = await join(server, 'maker', true);
    listener = await join(server, 'fan');
    audioUrl = (await uploadAudio(artist.client)).url;
    coverUrl = await uploadImage(artist.client);
  });
  after(() => server.stop());
  afterEach(() => (offset = 0));

  const submit = (client: Member['client'], overrides: Record<string, unknown> = {}) =>
    client.post('/api/tracks', releaseForm(audioUrl, coverUrl, overrides));
  const fails = async (overrides: Record<string, unknown>, status: number, message: string) => {
    const res = await submit(artist.client, overrides);
    expect([res.status, res.body.message], JSON.stringify(overrides)).to.deep.equal([status, message]);
  };

  it('answers 401 signed out and 403 for a listener account', async () => {
    const anonymous = await server.client().post('/api/tracks', releaseForm(audioUrl, coverUrl));
    expect(anonymous.status).to.equal(401);
    const fan = await listener.client.post('/api/tracks', releaseForm(audioUrl, coverUrl));
    expect([fan.status, fan.body.message]).to.deep.equal([403, NOT_ARTIST]);
  });

  it('refuses in the language of the request, with the texts the wizard shows (issue 43)', async () => {
    const asked = await artist.client.post('/api/tracks', releaseForm(audioUrl, coverUrl, { genre: undefined }), {
      'Accept-Language': 'es-ES,es;q=0.9',
    });
    expect([asked.status, asked.body.message]).to.deep.equal([400, 'El género es obligatorio']);
  });

  it('checks every field with the spec texts', async () => {
    await fails({ title: 'A' }, 400, 'Title must be at least 2 characters');
    await fails({ title: 'x'.repeat(101) }, 400, 'Title must be less than 100 characters');
    await fails({ title: undefined }, 400, 'Title is required');
    await fails({ description: 'x'.repeat(501) }, 400, 'Description must be less than 500 characters');
    await fails({ genre: 'Polka' }, 400, 'Please choose a genre from the list');
    await fails({ contentType: 'Spicy' }, 400, 'Content type must be Explicit, Clean or Not Explicit');
    await fails({ trackOrigin: 'Remix' }, 400, 'Track origin must be Original or Cover');
    await fails({ isrc: 'not-an-isrc' }, 400, 'ISRC must look like CC-XXX-YY-NNNNN (e.g. US-S1Z-25-00001)');
    await fails({ audioUrl: undefined }, 400, 'Audio File is required');
    await fails({ tikTokStartTime: 3 }, 400, DATE_MESSAGES.tikTokBeyond);
    await fails({ tikTokStartTime: -1 }, 400, 'TikTok Start Time must be 0 or more seconds');
    await fails({ hasLyrics: true, lyricsLanguage: null }, 400, DATE_MESSAGES.lyricsLanguage);
    await fails({ recordingYear: 2027 }, 400, DATE_MESSAGES.recordingYearFuture);
    await fails({ metadata: { artistRoles: [{ name: 'Ada' }] } }, 400, 'artistRoles: Role is required');
    await fails({ metadata: { songwriterCredits: [{ name: ' ' }] } }, 400, 'songwriterCredits: Name is required');
  });

  it('applies the date rules: previous release 1900-01-01 to today, release at least 7 days ahead', async () => {
    await fails({ releasedBefore: true }, 400, DATE_MESSAGES.previousRequired);
    await fails(
      { releasedBefore: true, previousReleaseDate: dayToIso('1899-12-31') },
      400,
      DATE_MESSAGES.previousRange,
    );
    await fails(
      { releasedBefore: true, previousReleaseDate: dayToIso('2026-03-11') },
      400,
      DATE_MESSAGES.previousRange,
    );
    await fails({ releaseASAP: false }, 400, DATE_MESSAGES.releaseRequired);
    // The message names the first day allowed (the test's clock is in March 2026).
    await fails(
      { releaseASAP: false, releaseDate: dayToIso('2026-03-16') },
      400,
      'Release Date must be at least 7 days from today: Mar 17, 2026 or later',
    );
    await fails({ releaseASAP: false, releaseDate: '2026-02-31' }, 400, DATE_MESSAGES.invalid);
  });

  it('lets a track use only its own artist’s uploads', async () => {
    const other = await join(server, 'copycat', true);
    const res = await other.client.post('/api/tracks', releaseForm(audioUrl, null));
    expect([res.status, res.body.message]).to.deep.equal([403, NOT_YOUR_FILE]);
    const ownAudio = (await uploadAudio(other.client)).url;
    const withForeignCover = await other.client.post('/api/tracks', releaseForm(ownAudio, coverUrl));
    expect([withForeignCover.status, withForeignCover.body.message]).to.deep.equal([403, NOT_YOUR_FILE]);
    const coverAsAudio = await other.client.post('/api/tracks', releaseForm(await uploadImage(other.client), null));
    expect(coverAsAudio.status).to.equal(403);
    const services = server.app.kernel.services.releases;
    const mine = await services.resolveOwnedUpload(artist.user.id, audioUrl);
    expect(mine).to.include({ kind: 'audio', contentType: 'audio/wav' });
    expect(existsSync(mine!.filePath)).to.equal(true);
    expect(await services.resolveOwnedUpload(other.user.id, audioUrl)).to.equal(null);
    expect(await services.resolveOwnedUpload(artist.user.id, '/media/u/../../etc/passwd')).to.equal(null);
  });

  it('publishes an ASAP monthly drop at once, marked processing and playing its master', async () => {
    const res = await submit(artist.client, {
      label: 'Night Owl',
      releasedBefore: true,
      previousReleaseDate: dayToIso('2020-05-01'),
      isrc: 'US-S1Z-25-00001',
      hasLyrics: true,
      lyricsLanguage: 'French',
    });
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({
      title: 'First Light',
      isMonthlyDrop: true,
      processing: true,
      status: 'processing',
      audioUrl,
      masterUrl: audioUrl,
      coverImage: coverUrl,
      duration: 3,
    });
    expect(res.body).to.include({
      label: 'Night Owl',
      isrc: 'USS1Z2500001',
      lyricsLanguage: 'French',
      releaseASAP: true,
      previousReleaseDate: '2020-05-01T00:00:00.000Z',
    });
    expect(res.body.metadata.artistRoles).to.deep.equal([{ name: 'Ada', role: 'Primary Artist' }]);
    const listed = await server.client().get(`/api/artists/${artist.artist!.id}/tracks`);
    expect(listed.body.map((t: { id: number }) => t.id)).to.deep.equal([res.body.id]);
    const monthly = await server.client().get('/api/tracks/monthly');
    expect(monthly.body.map((t: { id: number }) => t.id)).to.include(res.body.id);
  });

  it('refuses a second monthly drop in the same month with 409, and takes it as a regular upload', async () => {
    await fails({ title: 'Second Light' }, 409, MONTHLY_DROP_TAKEN);
    const regular = await submit(artist.client, { title: 'Second Light', isMonthlyDrop: false });
    expect(regular.status, regular.text).to.equal(201);
    expect(regular.body.isMonthlyDrop).to.equal(false);
  });

  it('lets only one of two simultaneous monthly drops win', async () => {
    const racer = await join(server, 'racer', true);
    const audio = (await uploadAudio(racer.client)).url;
    const results = await Promise.all(
      [1, 2].map((n) => racer.client.post('/api/tracks', releaseForm(audio, null, { title: `Race ${n}` }))),
    );
    expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).to.equal(MONTHLY_DROP_TAKEN);
    const rows = await server.app.kernel.knex('tracks').where({ artistId: racer.artist!.id });
    expect(rows).to.have.length(1);
  });

  it('keeps a scheduled release hidden until its day, in the month of its day', async () => {
    const scheduler = await join(server, 'planner', true);
    const audio = (await uploadAudio(scheduler.client)).url;
    const day = addDays(dayKey(now()), 30);
    const res = await scheduler.client.post(
      '/api/tracks',
      releaseForm(audio, null, { releaseASAP: false, releaseDate: dayToIso(day), enablePreSave: true }),
    );
    expect(res.status, res.text).to.equal(201);
    expect(res.body).to.include({
      releaseASAP: false,
      releaseDate: `${day}T00:00:00.000Z`,
      uploadDate: `${day}T00:00:00.000Z`,
      enablePreSave: true,
    });
    const id = res.body.id;
    const hidden = async () => (await server.client().get(`/api/tracks/${id}`)).status;
    expect(await hidden()).to.equal(404);
    expect((await server.client().get(`/api/artists/${scheduler.artist!.id}/tracks`)).body).to.deep.equal([]);
    // Its month is April: a drop for March is still free.
    const march = await scheduler.client.post('/api/tracks', releaseForm(audio, null, { title: 'March drop' }));
    expect(march.status, march.text).to.equal(201);
    offset = 30 * DAY;
    expect(await hidden()).to.equal(200);
    const monthly = await server.client().get('/api/tracks/monthly');
    expect(monthly.body.map((t: { id: number }) => t.id)).to.include(id);
  });

  it('turns pre-save off for an ASAP release and shows a release only to its artist before it is out', async () => {
    const res = await submit(artist.client, { title: 'Third', isMonthlyDrop: false, enablePreSave: true });
    expect(res.body.enablePreSave).to.equal(false);
    expect((await artist.client.get(`/api/releases/${res.body.id}`)).status).to.equal(200);
    expect((await listener.client.get(`/api/releases/${res.body.id}`)).status).to.equal(403);
  });
});
