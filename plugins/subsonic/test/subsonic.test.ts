import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { mediaKey } from '../../../api/http/media.ts';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { releaseForm, uploadAudio } from '../../releases/test/fixtures.ts';
import { MAX_IDS } from '../endpoints.ts';
import { secretBox } from '../secrets.ts';
import { newAppPassword, parseXml, publishTrack, subsonicSession, type Format } from './fixtures.ts';

// A fan's app talks to OneTrack as to any Subsonic server, through the npm `subsonic-api` client:
// browse, play with a Range request, star, scrobble, in JSON and in XML (token sign-in with GET,
// API key with form POSTs), then the protocol's errors for what an attacker or a broken app sends.

describe('subsonic: the OpenSubsonic API at /rest', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp;
  let trackId: number;
  const title = 'First Light & "Dawn"';

  before(async () => {
    server = await startTestServer();
    artist = await signUp(server, 'ada', { artist: true });
    trackId = await publishTrack(artist.client, server.app.kernel, title);
    await server.app.kernel.knex('artists').where({ id: artist.artist!.id }).update({ bio: 'Tape & <synths>' });
  });
  after(() => server?.stop());

  const sessions: Array<{ format: Format; auth: 'token' | 'apiKey'; post: boolean }> = [
    { format: 'json', auth: 'token', post: false },
    { format: 'xml', auth: 'apiKey', post: true },
  ];

  for (const { format, auth, post } of sessions) {
    it(
      `browse → play (Range) → star → scrobble in ${format.toUpperCase()} (${auth}, ` + `${post ? 'POST' : 'GET'})`,
      async () => {
        const fan = await signUp(server, `fan${format}`);
        const secret = await newAppPassword(fan.client, `${format} app`);
        const app = subsonicSession(
          server.url,
          format,
          auth === 'apiKey' ? { apiKey: secret } : { username: fan.user.username, password: secret },
          { post },
        );
        const { kernel } = server.app;

        const extensions = await app.call('getOpenSubsonicExtensions');
        expect(extensions.openSubsonicExtensions.map((e: { name: string }) => e.name)).to.include.members([
          'apiKeyAuthentication',
          'formPost',
        ]);

        const ping = await app.call('ping');
        expect(ping).to.include({ status: 'ok', version: '1.16.1', type: 'onetrack', openSubsonic: true });
        expect((await app.call('getLicense')).license.valid).to.equal(true);
        expect((await app.call('getMusicFolders')).musicFolders.musicFolder).to.deep.equal([
          { id: 1, name: 'OneTrack' },
        ]);

        // Browse: artists by letter, the artist's releases, the release's song.
        const artists = (await app.call('getArtists')).artists.index;
        const a = artists.find((i: { name: string }) => i.name === 'A').artist[0];
        expect(a).to.include({ id: `ar-${artist.artist!.id}`, name: 'Ada', albumCount: 1 });
        expect((await app.call('getIndexes')).indexes.index[0].artist[0].id).to.equal(a.id);
        const albums = (await app.call('getArtist', { id: a.id })).artist.album;
        expect(albums.map((al: { id: string }) => al.id)).to.deep.equal([`al-${trackId}`]);
        const album = (await app.call('getAlbum', { id: `al-${trackId}` })).album;
        expect(album).to.include({ name: title, artist: 'Ada', songCount: 1, year: 2024, genre: 'Electronic' });
        const song = album.song[0];
        expect(song).to.include({
          id: `tr-${trackId}`,
          title,
          suffix: 'm4a',
          contentType: 'audio/mp4',
          bitRate: 192,
          duration: 3,
          albumId: `al-${trackId}`,
          coverArt: `al-${trackId}`,
          mediaType: 'song',
        });
        expect((await app.call('getSong', { id: song.id })).song.title).to.equal(title);
        // Folder browsing (DSub): artist → releases as folders → the song.
        const folder = (await app.call('getMusicDirectory', { id: a.id })).directory;
        expect(folder.child[0]).to.include({ id: album.id, isDir: true, parent: a.id });
        expect((await app.call('getMusicDirectory', { id: album.id })).directory.child[0]).to.include({
          id: song.id,
          isDir: false,
        });
        expect((await app.call('getAlbumList', { type: 'alphabeticalByName' })).albumList.album[0]).to.include({
          id: album.id,
          isDir: true,
        });
        expect((await app.call('getRandomSongs')).randomSongs.song[0].id).to.equal(song.id);
        expect((await app.call('getAlbumList2', { type: 'newest' })).albumList2.album[0].id).to.equal(`al-${trackId}`);
        expect((await app.call('search3', { query: 'first light' })).searchResult3.song[0].id).to.equal(song.id);
        expect((await app.call('getArtistInfo2', { id: a.id })).artistInfo2.biography).to.equal('Tape & <synths>');
        expect((await app.call('getGenres')).genres.genre).to.deep.equal([
          { value: 'Electronic', songCount: 1, albumCount: 1 },
        ]);
        expect((await app.call('getScanStatus')).scanStatus).to.deep.equal({ scanning: false, count: 1 });
        for (const method of [
          'getPlaylists',
          'getInternetRadioStations',
          'getPodcasts',
          'getBookmarks',
          'getPlayQueue',
        ])
          expect((await app.call(method)).status, method).to.equal('ok');
        const everything = (await app.call('search3', { query: '' })).searchResult3;
        expect(everything.artist[0].id).to.equal(a.id);
        expect(everything.album[0].id).to.equal(album.id);

        // Cover art at a size: a JPEG at the cover size that holds the request.
        const cover = await app.api.getCoverArt({ id: album.coverArt, size: 100 });
        expect(cover.headers.get('content-type')).to.equal('image/jpeg');
        expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).to.equal(128);

        // Play: the AAC stream, a Range of it as a player seeks, the master on request.
        const row = await kernel.knex('tracks').where({ id: trackId }).first();
        const stored = await buffer(await kernel.storage.read(mediaKey(row.audioUrl)!));
        app.headers.Range = 'bytes=100-299';
        const part = await app.api.stream({ id: song.id });
        delete app.headers.Range;
        expect(part.status).to.equal(206);
        expect(part.headers.get('content-range')).to.equal(`bytes 100-299/${stored.length}`);
        expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(100, 300))).to.equal(true);
        const raw = await app.api.stream({ id: song.id, format: 'raw' });
        expect(raw.headers.get('content-type')).to.equal('audio/wav');
        expect(
          Buffer.from(await raw.arrayBuffer())
            .subarray(0, 4)
            .toString(),
        ).to.equal('RIFF');
        const download = await app.api.download({ id: song.id });
        expect(download.headers.get('content-disposition')).to.match(/^attachment; filename=".*\.wav"/);

        // Star: the site's like.
        expect((await app.call('getStarred2')).starred2.song ?? []).to.have.length(0);
        expect((await app.call('star', { id: song.id })).status).to.equal('ok');
        expect((await kernel.services.catalog.track(trackId, { id: fan.user.id, zone: 'UTC' })).liked).to.equal(true);
        const starred = (await app.call('getStarred2')).starred2;
        expect(starred.song.map((s: { id: string }) => s.id)).to.deep.equal([song.id]);
        expect(starred.song[0].starred).to.be.a('string');
        expect((await app.call('getAlbumList2', { type: 'starred' })).albumList2.album[0].id).to.equal(album.id);

        // Scrobble: now playing, then a listen counted as the player's (once per half hour).
        await app.call('scrobble', { id: song.id, submission: false });
        const playing = (await app.call('getNowPlaying')).nowPlaying.entry;
        // Only this user's own apps: the other session's fan is playing too, and is not shown here.
        expect(playing.map((e: { username: string }) => e.username)).to.deep.equal([fan.user.username]);
        expect(playing[0]).to.include({ id: song.id, minutesAgo: 0 });
        // A scrobble is the player's counted listen, and a counted play of source "app" (a start and
        // 30 s reached) for the artist's dashboard and Popular orders: once per half hour, like the player's.
        const listens = async () => Number((await kernel.knex('listens').where({ trackId }).count({ n: '*' }))[0].n);
        const appPlays = async () =>
          (await kernel.knex('play_events').where({ trackId, source: 'app' }).orderBy('id')).map((e) => e.event);
        const before = await listens();
        const playsBefore = await appPlays();
        await app.call('scrobble', { id: song.id });
        await app.call('scrobble', { id: song.id });
        expect(await listens()).to.equal(before + 1);
        expect(await appPlays()).to.deep.equal([...playsBefore, 'start', 'thirty']);
        expect((await app.call('getAlbumList2', { type: 'frequent' })).albumList2.album[0].id).to.equal(album.id);
        expect((await app.call('getAlbumList2', { type: 'recent' })).albumList2.album[0].id).to.equal(album.id);

        expect((await app.call('getUser', { username: fan.user.username })).user).to.include({
          username: fan.user.username,
          streamRole: true,
          adminRole: false,
        });
        expect((await app.call('getUser', { username: 'ada' })).error.code).to.equal(50);

        await app.call('unstar', { id: song.id });
        expect((await app.call('getStarred2')).starred2.song ?? []).to.have.length(0);
      },
    );
  }

  describe('signing in and errors', () => {
    let fan: SignedUp;
    let secret: string;
    const rest = (method: string, query: string, init?: RequestInit) =>
      fetch(`${server.url}/rest/${method}.view?${query}`, init);
    const xmlError = async (res: Response) => {
      expect(res.status).to.equal(200);
      const body = parseXml(await res.text());
      expect(body.status).to.equal('failed');
      return body.error.code;
    };

    before(async () => {
      fan = await signUp(server, 'errfan');
      secret = await newAppPassword(fan.client);
    });

    it('takes a plain or enc: app password, never the account password, and forgets a deleted one', async () => {
      const u = fan.user.username;
      expect(parseXml(await (await rest('ping', `u=${u}&p=${secret}&v=1.16.1&c=test`)).text()).status).to.equal('ok');
      const hex = Buffer.from(secret).toString('hex');
      expect(
        parseXml(await (await rest('ping', `u=${u.toUpperCase()}&p=enc:${hex}&v=1.16.1&c=test`)).text()).status,
      ).to.equal('ok');
      expect(await xmlError(await rest('ping', `u=${u}&p=secret123`))).to.equal(40);
      expect(await xmlError(await rest('ping', `u=${u}&p=enc:zz`))).to.equal(40);
      // Another user's app password is not this user's.
      const other = await newAppPassword((await signUp(server, 'other')).client);
      expect(await xmlError(await rest('ping', `u=${u}&p=${other}`))).to.equal(40);
      const salt = 'abcdef';
      const token = createHash('md5')
        .update(secret + salt)
        .digest('hex');
      expect(parseXml(await (await rest('ping', `u=${u}&t=${token}&s=${salt}`)).text()).status).to.equal('ok');
      expect(await xmlError(await rest('ping', `u=${u}&t=${token}&s=other`))).to.equal(40);

      const list = await fan.client.get('/api/subsonic/app-passwords');
      await fan.client.delete(`/api/subsonic/app-passwords/${list.body[0].id}`);
      expect(await xmlError(await rest('ping', `u=${u}&p=${secret}`))).to.equal(40);
      expect(await xmlError(await rest('ping', `apiKey=${secret}`))).to.equal(44);
      secret = await newAppPassword(fan.client);
    });

    it('answers the protocol codes, HTTP 200, in the format asked for', async () => {
      const u = fan.user.username;
      expect(await xmlError(await rest('ping', ''))).to.equal(10);
      expect(await xmlError(await rest('ping', `u=${u}`))).to.equal(10);
      expect(await xmlError(await rest('ping', `apiKey=${secret}&u=${u}`))).to.equal(43);
      expect(await xmlError(await rest('ping', `apiKey=nope`))).to.equal(44);
      expect(await xmlError(await rest('getAlbum', `apiKey=${secret}`))).to.equal(10);
      expect(await xmlError(await rest('getAlbum', `apiKey=${secret}&id=al-999999`))).to.equal(70);
      expect(await xmlError(await rest('getAlbum', `apiKey=${secret}&id=../../etc`))).to.equal(70);
      expect(await xmlError(await rest('stream', `apiKey=${secret}&id=tr-999999`))).to.equal(70);
      expect(await xmlError(await rest('getAlbumList2', `apiKey=${secret}&type=highest`))).to.equal(0);
      expect(await xmlError(await rest('getAlbumList2', `apiKey=${secret}&type=newest&size=-1`))).to.equal(0);
      expect(await xmlError(await rest('getCoverArt', `apiKey=${secret}&id=al-${trackId}&size=abc`))).to.equal(0);
      expect(await xmlError(await rest('createUser', `apiKey=${secret}`))).to.equal(0);
      expect(await xmlError(await rest('star', `apiKey=${secret}&artistId=ar-1`))).to.equal(0);
      const tooMany = Array.from({ length: MAX_IDS + 1 }, () => `id=tr-${trackId}`).join('&');
      expect(await xmlError(await rest('scrobble', `apiKey=${secret}&${tooMany}`))).to.equal(0);
      expect(await xmlError(await rest('star', `apiKey=${secret}&${tooMany}`))).to.equal(0);
      expect(await server.app.kernel.knex('likes').where({ trackId, userId: fan.user.id }).first()).to.equal(undefined);

      const json = await rest('getSong', `apiKey=${secret}&id=tr-999999&f=json`);
      expect(json.headers.get('content-type')).to.match(/^application\/json/);
      expect((await json.json())['subsonic-response']).to.deep.include({
        status: 'failed',
        error: { code: 70, message: 'Song not found' },
      });

      const unsatisfiable = await rest('stream', `apiKey=${secret}&id=tr-${trackId}`, {
        headers: { Range: 'bytes=99999999-' },
      });
      expect(unsatisfiable.status).to.equal(416);
    });

    it('is not blocked as a cross-site write nor served as a page, and its XML stays well-formed', async () => {
      const res = await fetch(`${server.url}/rest/getSong`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://elsewhere.example',
          'Sec-Fetch-Site': 'cross-site',
        },
        body: `apiKey=${secret}&id=tr-${trackId}&f=xml`,
      });
      const text = await res.text();
      expect(text).to.contain('title="First Light &amp; &quot;Dawn&quot;"');
      expect(parseXml(text).song.title).to.equal(title);
      expect(await xmlError(await fetch(`${server.url}/rest/ping`, { method: 'DELETE' }))).to.equal(0);
      // Text where the schema has text: a genre's name, an artist's biography.
      expect(await (await rest('getGenres', `apiKey=${secret}`)).text()).to.contain(
        '<genre songCount="1" albumCount="1">Electronic</genre>',
      );
      expect(await (await rest('getArtistInfo2', `apiKey=${secret}&id=ar-${artist.artist!.id}`)).text()).to.contain(
        '<artistInfo2><biography>Tape &amp; &lt;synths&gt;</biography></artistInfo2>',
      );
    });
  });

  it("shows nothing of a release before its day, and signs a deleted account's apps out", async () => {
    const fan = await signUp(server, 'earlyfan');
    const secret = await newAppPassword(fan.client);
    const audio = await uploadAudio(artist.client);
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await artist.client.post(
      '/api/tracks',
      releaseForm(audio.url, null, { title: 'Not Yet', isMonthlyDrop: false, releaseASAP: false, releaseDate: day }),
    );
    expect(scheduled.status, scheduled.text).to.equal(201);
    const call = async (method: string, query: string) =>
      parseXml(await (await fetch(`${server.url}/rest/${method}?apiKey=${secret}&${query}`)).text());
    for (const [method, query] of [
      ['getAlbum', `id=al-${scheduled.body.id}`],
      ['getSong', `id=tr-${scheduled.body.id}`],
      ['stream', `id=tr-${scheduled.body.id}`],
      ['download', `id=tr-${scheduled.body.id}`],
      ['star', `id=tr-${scheduled.body.id}`],
      ['scrobble', `id=tr-${scheduled.body.id}`],
    ]) {
      expect((await call(method, query)).error?.code, method).to.equal(70);
    }
    expect(
      (await call('getAlbumList2', 'type=newest&size=50')).albumList2.album.map((al: { id: string }) => al.id),
    ).not.to.include(`al-${scheduled.body.id}`);
    expect((await call('search3', 'query=')).searchResult3.song.map((so: { id: string }) => so.id)).not.to.include(
      `tr-${scheduled.body.id}`,
    );

    expect((await fan.client.post(`/api/users/${fan.user.id}/deletion`, { password: 'secret123' })).status).to.equal(
      200,
    );
    expect((await call('ping', '')).error.code).to.equal(44);
  });

  it('keeps app passwords hashed and sealed: no secret in the database, unreadable under another key', async () => {
    const fan = await signUp(server, 'sealfan');
    const secret = await newAppPassword(fan.client);
    const row = await server.app.kernel.knex('subsonic_app_passwords').where({ userId: fan.user.id }).first();
    expect(JSON.stringify(row)).not.to.contain(secret);
    expect(row.secretHash).to.equal(createHash('sha256').update(secret).digest('hex'));
    expect(secretBox('test-secret-test-secret-test-secret').open(row.secretEncrypted)).to.equal(secret);
    expect(secretBox('another-session-secret-of-32-chars').open(row.secretEncrypted)).to.equal(null);
  });
});
