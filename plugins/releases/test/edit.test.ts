import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { join, type Member } from '../../catalog/test/fixtures.ts';
import { DATE_MESSAGES, EDIT_MESSAGES } from '../rules.ts';
import { NOT_YOUR_FILE } from '../service.ts';
import { releaseForm, uploadAudio, uploadImage } from './fixtures.ts';

// Issue 44 point 3: a release's metadata after submit, by its artist only, with the wizard's rules.

describe('releases: PATCH /api/releases/:id (edit after submit)', function () {
  let server: TestServer;
  let artist: Member;
  let other: Member;
  let trackId: number;
  let audioUrl: string;

  before(async () => {
    server = await startTestServer();
    artist = await join(server, 'maker', true);
    other = await join(server, 'rival', true);
    audioUrl = (await uploadAudio(artist.client)).url;
    const cover = await uploadImage(artist.client);
    const res = await artist.client.post('/api/tracks', releaseForm(audioUrl, cover, { description: 'Before' }));
    expect(res.status, res.text).to.equal(201);
    trackId = res.body.id;
  });
  after(() => server.stop());

  const edit = (client: Member['client'], body: Record<string, unknown>) =>
    client.patch(`/api/releases/${trackId}`, body);

  it('changes the details, credits and lyrics flag; the public track shows the new title at once', async () => {
    // Read first, so a cached answer would be served if the edit announced nothing.
    expect((await server.client().get(`/api/tracks/${trackId}`)).body.title).to.equal('First Light');
    const res = await edit(artist.client, {
      title: '  Second Light ',
      description: 'After',
      genre: 'Jazz',
      hasLyrics: true,
      lyricsLanguage: 'French',
      metadata: { artistRoles: [{ name: 'Ana', role: 'Vocals' }], productionCredits: [], songwriterCredits: [] },
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ title: 'Second Light', description: 'After', genre: 'Jazz', hasLyrics: true });
    expect(res.body.lyricsLanguage).to.equal('French');
    expect(res.body.metadata.artistRoles).to.deep.equal([{ name: 'Ana', role: 'Vocals' }]);
    // What was not sent stays as it was; the audio is untouched.
    expect(res.body.language).to.equal('English');
    expect(res.body.masterUrl).to.equal(audioUrl);
    expect((await server.client().get(`/api/tracks/${trackId}`)).body.title).to.equal('Second Light');
  });

  it('refuses what the wizard refuses, with its texts, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ title: 'x' }, 400, 'Title must be at least 2 characters'],
      [{ genre: 'Polka-core' }, 400, 'Please choose a genre from the list'],
      [{ hasLyrics: true, lyricsLanguage: null }, 400, DATE_MESSAGES.lyricsLanguage],
      [{ releasedBefore: true, previousReleaseDate: null }, 400, DATE_MESSAGES.previousRequired],
      [{ tikTokStartTime: 9999 }, 400, DATE_MESSAGES.tikTokBeyond],
      [{ metadata: { artistRoles: [{ name: 'Ana' }] } }, 400, 'artistRoles: Role is required'],
      [{ audioUrl }, 400, EDIT_MESSAGES.audioFixed],
      [{ coverImage: await uploadImage(other.client) }, 403, NOT_YOUR_FILE],
    ];
    for (const [body, status, message] of cases) {
      const res = await edit(artist.client, { description: 'Changed', ...body });
      expect([res.status, res.body.message], JSON.stringify(body)).to.deep.equal([status, message]);
    }
    const row = await server.app.kernel.knex('tracks').where({ id: trackId }).first();
    expect([row.title, row.description, row.genre]).to.deep.equal(['Second Light', 'After', 'Jazz']);
  });

  it('is the artist’s own: another artist and a visitor change nothing', async () => {
    expect((await edit(other.client, { title: 'Stolen' })).status).to.equal(404);
    expect((await edit(server.client(), { title: 'Stolen' })).status).to.equal(401);
    expect((await server.app.kernel.knex('tracks').where({ id: trackId }).first()).title).to.equal('Second Light');
  });

  it('takes a new cover of the artist’s own and queues its web sizes', async () => {
    const cover = await uploadImage(artist.client);
    const res = await edit(artist.client, { coverImage: cover });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.coverImage).to.equal(cover);
    const jobs = await server.app.kernel.knex('jobs').where({ type: 'releases.cover' }).select('payload');
    expect(jobs.map((j) => JSON.parse(j.payload).trackId)).to.deep.equal([trackId, trackId]);
  });
});
