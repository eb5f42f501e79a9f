import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { TZ_COOKIE } from '../rules.ts';
import { cookieZone, viewerZone } from '../viewer.ts';
import { addTrack, join, type Member } from './fixtures.ts';

// Midnight Release (spec §2 step 4): a scheduled release with it on is out at 00:00 of its day in
// each listener's time zone (the tz cookie), with it off at 00:00 UTC for everyone. Needs the built
// site (npx astro build) for the page checks.

const RELEASE_DAY = '2026-11-20';

describe('catalog: midnight releases in the listener’s time zone', () => {
  let server: TestServer;
  let clock = new Date('2026-11-19T09:00:00Z');
  let artist: Member;
  let midnight: number;
  let utc: number;

  /** A listener whose browser said it is in this zone (or said this nonsense). */
  const listener = (zone?: string) => {
    const client = server.client();
    if (zone) client.cookies.set(TZ_COOKIE, zone);
    return client;
  };
  const kiritimati = () => listener('Pacific/Kiritimati');
  const losAngeles = () => listener('America/Los_Angeles');
  /** The track page as one not out yet for this viewer: the "coming on" page, no player. */
  const comingPage = async (client: ReturnType<typeof listener>, path: string) => {
    const res = await client.get(path);
    return res.status === 200 && res.text.includes('data-testid="coming-release"');
  };

  /** Which of the two scheduled tracks this client sees, over the API. */
  async function seen(client: ReturnType<typeof listener>): Promise<string[]> {
    const out: string[] = [];
    for (const [name, id] of [
      ['midnight', midnight],
      ['utc', utc],
    ] as const) {
      const res = await client.get(`/api/tracks/${id}`);
      expect([200, 404], `${name}: ${res.text}`).to.include(res.status);
      if (res.status === 200) out.push(name);
    }
    return out;
  }

  before(async () => {
    server = await startTestServer({ pages: true, now: () => clock });
    artist = await join(server, 'nightowl', true);
    // Both scheduled for the same day, as the releases feature stores them: 00:00 UTC of the day.
    const day = new Date(`${RELEASE_DAY}T00:00:00Z`);
    midnight = await addTrack(artist.artist!.id, 'Local Midnight', day);
    utc = await addTrack(artist.artist!.id, 'UTC Midnight', day, false);
    const knex = server.app.kernel.knex;
    await knex('tracks')
      .where({ id: midnight })
      .update({ releaseAsap: 0, releaseDate: RELEASE_DAY, midnightRelease: 1 });
    await knex('tracks').where({ id: utc }).update({ releaseAsap: 0, releaseDate: RELEASE_DAY, midnightRelease: 0 });
  });
  after(() => server.stop());

  it('takes the zone from the tz cookie only when it is a real IANA name', () => {
    expect(viewerZone('Pacific/Kiritimati')).to.equal('Pacific/Kiritimati');
    expect(viewerZone('America/Los_Angeles')).to.equal('America/Los_Angeles');
    for (const bad of [undefined, '', 'Mars/Olympus_Mons', '../../etc/passwd', 'Europe/Berlin; x=1', 'x'.repeat(80)])
      expect(viewerZone(bad), String(bad)).to.equal('UTC');
  });

  it('is out first in UTC+14, then in UTC, then in Los Angeles; midnight off waits for 00:00 UTC', async () => {
    // 23:00 on the 19th in Kiritimati: out nowhere yet.
    clock = new Date('2026-11-19T09:00:00Z');
    expect(await seen(kiritimati())).to.deep.equal([]);

    // 00:30 on the 20th in Kiritimati, still the 19th in UTC and Los Angeles.
    clock = new Date('2026-11-19T10:30:00Z');
    expect(await seen(kiritimati())).to.deep.equal(['midnight']);
    expect(await seen(listener())).to.deep.equal([]);
    expect(await seen(losAngeles())).to.deep.equal([]);

    // 00:30 UTC on the 20th: out in UTC (both), 16:30 on the 19th in Los Angeles (midnight one hidden).
    clock = new Date('2026-11-20T00:30:00Z');
    expect(await seen(listener())).to.deep.equal(['midnight', 'utc']);
    expect(await seen(losAngeles())).to.deep.equal(['utc']);

    // 00:30 on the 20th in Los Angeles (UTC-8 in November).
    clock = new Date('2026-11-20T08:30:00Z');
    expect(await seen(losAngeles())).to.deep.equal(['midnight', 'utc']);
  });

  it('treats an invalid tz cookie as UTC', async () => {
    clock = new Date('2026-11-19T10:30:00Z');
    for (const bad of ['Mars/Olympus_Mons', 'not a zone', '+14:00x'])
      expect(await seen(listener(bad)), bad).to.deep.equal([]);
    clock = new Date('2026-11-20T00:30:00Z');
    expect(await seen(listener('Mars/Olympus_Mons'))).to.deep.equal(['midnight', 'utc']);
  });

  it('applies to every list and count: artist tracks, drop count, monthly drops, likes and listens', async () => {
    clock = new Date('2026-11-19T10:30:00Z');
    const path = `/api/artists/${artist.artist!.id}`;
    const early = kiritimati();
    expect((await early.get(`${path}/tracks`)).body.map((t: { id: number }) => t.id)).to.deep.equal([midnight]);
    expect((await early.get(path)).body.dropCount).to.equal(1);
    expect((await early.get('/api/tracks/monthly')).body.map((t: { id: number }) => t.id)).to.deep.equal([midnight]);
    expect((await listener().get(`${path}/tracks`)).body).to.deep.equal([]);
    expect((await listener().get(path)).body.dropCount).to.equal(0);
    expect((await listener().get('/api/tracks/monthly')).body).to.deep.equal([]);

    const fan = await join(server, 'earlybird');
    expect((await fan.client.post(`/api/tracks/${midnight}/listen`)).status).to.equal(404);
    fan.client.cookies.set(TZ_COOKIE, 'Pacific/Kiritimati');
    expect((await fan.client.post(`/api/tracks/${midnight}/listen`)).status).to.equal(201);
    expect((await fan.client.post(`/api/tracks/${midnight}/like`, { like: true })).body.liked).to.equal(true);
  });

  it('renders pages for the viewer’s zone, and the page cache keeps them apart', async () => {
    clock = new Date('2026-11-19T10:30:00Z');
    const early = kiritimati();
    const late = losAngeles();
    const anon = listener();
    for (let i = 0; i < 2; i++) {
      expect((await early.get(`/tracks/${midnight}`)).status, 'Kiritimati').to.equal(200);
      expect(await comingPage(anon, `/tracks/${midnight}`), 'UTC').to.equal(true);
      expect(await comingPage(late, `/tracks/${midnight}`), 'Los Angeles').to.equal(true);
      const artistPage = `/artist/${artist.artist!.id}`;
      expect((await early.get(artistPage)).text).to.include('Local Midnight');
      const plain = await anon.get(artistPage);
      expect(plain.text).not.to.include('Local Midnight');
      if (i === 1) expect(plain.headers.get('x-page-cache'), 'second view from the cache').to.equal('hit');
    }
    expect((await early.get('/sitemap.xml')).text).to.include(`/tracks/${midnight}<`);
    expect((await anon.get('/sitemap.xml')).text).not.to.include(`/tracks/${midnight}<`);
    expect((await early.get('/discover')).text).to.include('Local Midnight');
    expect((await anon.get('/discover')).text).not.to.include('Local Midnight');
  });

  it(
    'reads the tz cookie one way in every layer: an encoded zone is UTC for the ' + 'page, its cache key and the API',
    async () => {
      expect(cookieZone('a=1; tz=Pacific/Kiritimati; tz=UTC')).to.equal('Pacific/Kiritimati');
      expect(cookieZone('tz=Pacific%2FKiritimati')).to.equal('UTC');
      expect(cookieZone(undefined)).to.equal('UTC');
      const encoded = listener('Pacific%2FKiritimati');
      const anon = listener();
      // Rendered first for the encoded cookie: had the page read it as UTC+14, the cache would keep that
      // render under the UTC key and show the unreleased track to every visitor.
      const artistPage = `/artist/${artist.artist!.id}?encoded`;
      expect((await encoded.get(artistPage)).text).not.to.include('Local Midnight');
      expect(await comingPage(encoded, `/tracks/${midnight}?encoded`)).to.equal(true);
      expect((await encoded.get(`/api/tracks/${midnight}`)).status).to.equal(404);
      expect((await anon.get(artistPage)).text).not.to.include('Local Midnight');
      expect(await comingPage(anon, `/tracks/${midnight}?encoded`)).to.equal(true);
    },
  );
});
