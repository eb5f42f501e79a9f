import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { addTrack } from '../../catalog/test/fixtures.ts';
import { newAppPassword, subsonicSession } from '../../subsonic/test/fixtures.ts';
import { parseLyrics } from '../parse.ts';

// Lyrics end to end through the API: the artist saves plain and synced (LRC, enhanced LRC) texts,
// refused by line as the editor shows; visitors read them only of a released track, and lose them
// with a takedown; the cache drops a track's lyrics when they change; apps get them through
// OpenSubsonic; "Your data" exports them and account deletion removes them.

const SYNCED = [
  '[offset:+150]',
  '[00:01.00]First line',
  '[00:03.50] <00:03.50> word <00:04.00> by <00:04.40> word',
  '',
];

describe('lyrics: plain and synced, per track and language', function () {
  this.timeout(60_000);
  let server: TestServer;
  let artist: SignedUp, fan: SignedUp, admin: SignedUp;
  let trackId: number, laterId: number;

  before(async () => {
    server = await startTestServer();
    artist = await signUp(server, 'lyra', { artist: true });
    fan = await signUp(server, 'fanny');
    admin = await signUp(server, 'warden', { role: 'admin' });
    trackId = await addTrack(artist.artist!.id, 'Night Words', new Date(Date.now() - 3_600_000));
    laterId = await addTrack(artist.artist!.id, 'Tomorrow', new Date(Date.now() + 7 * 86_400_000), false);
  });
  after(() => server?.stop());

  it('parses plain text, LRC and enhanced LRC, and finds errors by line', () => {
    const plain = parseLyrics('One\n\n\nTwo\n');
    expect(plain).to.deep.include({ synced: false, offset: 0 });
    expect(plain.lines.map((l) => l.text)).to.deep.equal(['One', '', 'Two']);
    const synced = parseLyrics(SYNCED.join('\n'), 180);
    expect(synced.errors).to.deep.equal([]);
    expect(synced.offset).to.equal(150);
    expect(synced.lines[1]).to.deep.include({ start: 3500, text: 'word by word' });
    expect(synced.lines[1].words!.map((w) => w.start)).to.deep.equal([3500, 4000, 4400]);
    const bad = parseLyrics('[00:05.00]b\n[00:02.00]a\nwords alone\n[04:00.00]late\n[00:9x]?', 180);
    expect(bad.errors.map((e) => e.line)).to.deep.equal([2, 3, 4, 5]);
    expect(bad.errors[0].message).to.match(/before the line above/);
    expect(bad.errors[2].message).to.match(/after the track ends \(3:00\)/);
  });

  it('refuses in the reader’s language: bad lines in French and Japanese, another’s track in Spanish', async () => {
    const put = (who: SignedUp, text: string, language: string) =>
      who.client.put(`/api/tracks/${trackId}/lyrics`, { language: 'English', text }, { 'Accept-Language': language });
    const french = await put(artist, '[00:01.00]a\n[09:00.00]b', 'fr');
    expect(french.status).to.equal(400);
    expect(french.body).to.deep.equal({ message: 'Ligne 2 : commence après la fin du titre (3:00)' });
    const japanese = await put(artist, '[00:05.00]b\n[00:02.00]a', 'ja');
    expect(japanese.body).to.deep.equal({ message: '2 行目：前の行より前に始まっています（0:05）' });
    const empty = await put(artist, '   ', 'de');
    expect(empty.status).to.equal(400);
    expect(empty.body).to.deep.equal({ message: 'Bitte füge den Liedtext ein oder lade ihn hoch' });
    const spanish = await put(fan, 'One', 'es');
    expect(spanish.status).to.equal(403);
    expect(spanish.body).to.deep.equal({ message: 'Solo el artista de la pista puede editar su letra' });
  });

  it('saves for the track’s artist only, refusing a bad line with its number', async () => {
    const body = { language: 'English', text: SYNCED.join('\n') };
    expect((await server.client().put(`/api/tracks/${trackId}/lyrics`, body)).status).to.equal(401);
    const other = await fan.client.put(`/api/tracks/${trackId}/lyrics`, body);
    expect(other.status).to.equal(403);
    const late = await artist.client.put(`/api/tracks/${trackId}/lyrics`, {
      ...body,
      text: '[00:01.00]a\n[09:00.00]b',
    });
    expect(late.status).to.equal(400);
    expect(late.body.message).to.equal('Line 2: starts after the track ends (3:00)');
    const language = await artist.client.put(`/api/tracks/${trackId}/lyrics`, { ...body, language: 'Klingon' });
    expect(language.status).to.equal(400);
    expect(await server.app.kernel.knex('track_lyrics').count({ n: '*' })).to.deep.equal([{ n: 0 }]);

    const saved = await artist.client.put(`/api/tracks/${trackId}/lyrics`, body);
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.body.lyrics).to.deep.include({ language: 'English', code: 'eng', synced: true, offset: 150 });
    const spanish = await artist.client.put(`/api/tracks/${trackId}/lyrics`, { language: 'Spanish', text: 'Uno\nDos' });
    expect(spanish.status).to.equal(200);
    expect(
      (await artist.client.put(`/api/tracks/${laterId}/lyrics`, { language: 'English', text: 'Soon' })).status,
    ).to.equal(200);
  });

  it('shows a released track’s lyrics to visitors (cached, fresh after an edit), not a scheduled one’s', async () => {
    const visitor = server.client();
    const first = await visitor.get(`/api/tracks/${trackId}/lyrics`);
    expect(first.status).to.equal(200);
    expect(first.body.lyrics.map((l: { language: string }) => l.language)).to.deep.equal(['English', 'Spanish']);
    expect(first.body.lyrics[0].lines[0]).to.deep.equal({ start: 1000, text: 'First line' });
    expect((await visitor.get(`/api/tracks/${laterId}/lyrics`)).status).to.equal(404);

    const edit = await artist.client.put(`/api/tracks/${trackId}/lyrics`, { language: 'Spanish', text: 'Tres' });
    expect(edit.status).to.equal(200);
    const after = await visitor.get(`/api/tracks/${trackId}/lyrics`);
    expect(after.body.lyrics[1].lines).to.deep.equal([{ start: null, text: 'Tres' }]);
    const removed = await artist.client.delete(`/api/tracks/${trackId}/lyrics/Spanish`);
    expect(removed.status).to.equal(204);
    expect((await visitor.get(`/api/tracks/${trackId}/lyrics`)).body.lyrics).to.have.length(1);
  });

  it('serves them to apps: songLyrics (synced, lang, offset) and getLyrics by artist and title', async () => {
    const secret = await newAppPassword(fan.client, 'Lyrics app');
    const app = subsonicSession(server.url, 'json', { username: fan.user.username, password: secret });
    const extensions = await app.call('getOpenSubsonicExtensions');
    expect(extensions.openSubsonicExtensions).to.deep.include({ name: 'songLyrics', versions: [1] });
    const byId = await app.call('getLyricsBySongId', { id: `tr-${trackId}` });
    expect(byId.status, JSON.stringify(byId)).to.equal('ok');
    const [structured] = byId.lyricsList.structuredLyrics;
    expect(structured).to.deep.include({ lang: 'eng', synced: true, offset: 150, displayTitle: 'Night Words' });
    expect(structured.line[0]).to.deep.equal({ start: 1000, value: 'First line' });
    const plain = await app.call('getLyrics', { artist: 'LYRA', title: 'night words' });
    expect(plain.lyrics).to.deep.include({ artist: 'Lyra', title: 'Night Words' });
    expect(plain.lyrics.value).to.equal('First line\nword by word');
    expect((await app.call('getLyrics', { artist: 'Lyra', title: 'Tomorrow' })).lyrics).to.deep.equal({});
    const unknown = await app.call('getLyricsBySongId', { id: `tr-${laterId}` });
    expect(unknown.error.code).to.equal(70);
  });

  it('hides them with a takedown', async () => {
    const res = await admin.client.post(`/api/moderation/items/track/${trackId}/actions`, {
      action: 'hide',
      reason: 'Copyright notice',
    });
    expect(res.status, res.text).to.equal(200);
    expect((await server.client().get(`/api/tracks/${trackId}/lyrics`)).status).to.equal(410);
    await admin.client.post(`/api/moderation/items/track/${trackId}/actions`, { action: 'restore', reason: 'Cleared' });
    expect((await server.client().get(`/api/tracks/${trackId}/lyrics`)).status).to.equal(200);
  });

  it('exports the artist’s lyrics and removes them with the account', async () => {
    const { kernel } = server.app;
    const manifest = kernel.plugins.find((p) => p.name === 'lyrics')!;
    const exported = (await manifest.exportData!(kernel, artist.user.id)) as { lyrics: Array<{ title: string }> };
    expect(exported.lyrics.map((l) => l.title)).to.deep.equal(['Night Words', 'Tomorrow']);
    const gone = await artist.client.post(`/api/users/${artist.user.id}/deletion`, { password: 'secret123' });
    expect(gone.status, gone.text).to.equal(200);
    expect(await kernel.knex('track_lyrics').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
  });
});

describe('subsonic without the lyrics plugin', function () {
  this.timeout(60_000);
  it('lists no songLyrics and keeps answering', async () => {
    const enabled = (await import('../../enabled.json', { with: { type: 'json' } })).default as string[];
    const server = await startTestServer({ plugins: enabled.filter((p) => p !== 'lyrics') });
    try {
      const fan = await signUp(server, 'plainfan');
      const app = subsonicSession(server.url, 'json', {
        username: fan.user.username,
        password: await newAppPassword(fan.client),
      });
      const names = (await app.call('getOpenSubsonicExtensions')).openSubsonicExtensions.map(
        (e: { name: string }) => e.name,
      );
      expect(names).to.not.include('songLyrics');
      expect((await app.call('ping')).status).to.equal('ok');
      expect((await app.call('getLyricsBySongId', { id: 'tr-1' })).status).to.equal('failed');
    } finally {
      await server.stop();
    }
  });
});
