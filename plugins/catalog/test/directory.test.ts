import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { Artist } from '../../accounts/models.ts';
import { PAGE_SIZE } from '../paging.ts';
import { TZ_COOKIE } from '../rules.ts';
import { addTrack, join, queriesDuring, type Member, WITHOUT_INSIGHTS } from './fixtures.ts';

// Drop records through the API and the directory's orders (issue 13), on the database TEST_DB
// names, with a clock the test moves across month boundaries. Needs the built site (npx astro build).

type ArtistBody = {
  id: number;
  name: string;
  monthlyListeners: number;
  nextDropAt: string | null;
  dropRecord: {
    streak: number;
    bestStreak: number;
    missed: number;
    usualDay: number | null;
    droppedThisMonth: boolean;
  };
};

describe('catalog: drop records and directory sorts', () => {
  let server: TestServer;
  let clock = new Date('2026-11-20T12:00:00Z');
  let steady: Member;
  let fresh: Member;
  let lapsed: Member;
  let scheduled: number;

  const joinedOn = (member: Member, iso: string) =>
    Artist.query()
      .findById(member.artist!.id)
      .patch({ createdAt: Date.parse(iso) });
  // These tests move the clock across month boundaries and write rows behind the API's back: each
  // read first tells the caches so, as a write through the API would (the API cache keeps answers).
  const forget = () => server.app.kernel.cache.invalidate();
  const artist = async (member: Member, zone?: string) => {
    await forget();
    const client = server.client();
    if (zone) client.cookies.set(TZ_COOKIE, zone);
    const res = await client.get(`/api/artists/${member.artist!.id}`);
    expect(res.status, res.text).to.equal(200);
    return res.body as ArtistBody;
  };
  const record = async (member: Member, zone?: string) => (await artist(member, zone)).dropRecord;
  const order = async (query: string) => {
    await forget();
    const res = await server.client().get(`/api/artists${query}`);
    expect(res.status, res.text).to.equal(200);
    return (res.body as ArtistBody[]).map((a) => a.name);
  };

  before(async () => {
    server = await startTestServer({ pages: true, plugins: WITHOUT_INSIGHTS, now: () => clock });
    // "steady" dropped August to October around the 5th and has a drop scheduled for 25 November.
    steady = await join(server, 'steady', true);
    await joinedOn(steady, '2026-07-10T09:00:00Z');
    for (const day of ['2026-08-05', '2026-09-04', '2026-10-06'])
      await addTrack(steady.artist!.id, `Steady ${day}`, new Date(`${day}T15:00:00Z`));
    scheduled = await addTrack(steady.artist!.id, 'Steady November', new Date('2026-11-25T00:00:00Z'));
    await server.app.kernel
      .knex('tracks')
      .where({ id: scheduled })
      .update({ releaseAsap: 0, releaseDate: '2026-11-25', midnightRelease: 1 });
    // A single (not a monthly drop) never counts.
    await addTrack(steady.artist!.id, 'Steady Single', new Date('2026-07-20T10:00:00Z'), false);
    // "fresh" joined this month and dropped at once; "lapsed" had a long run that ended in the spring.
    fresh = await join(server, 'Fresh', true);
    await joinedOn(fresh, '2026-11-02T09:00:00Z');
    await addTrack(fresh.artist!.id, 'Fresh Start', new Date('2026-11-03T10:00:00Z'));
    lapsed = await join(server, 'lapsed', true);
    await joinedOn(lapsed, '2025-12-15T09:00:00Z');
    for (const month of ['2026-01', '2026-02', '2026-03', '2026-04'])
      await addTrack(lapsed.artist!.id, `Lapsed ${month}`, new Date(`${month}-28T10:00:00Z`));
  });
  after(() => server.stop());

  it('derives streak, months missed and usual day from released monthly drops only', async () => {
    clock = new Date('2026-11-20T12:00:00Z');
    // November's drop is still to come: August–October hold the streak; nothing missed since July.
    expect(await record(steady)).to.include({
      streak: 3,
      bestStreak: 3,
      missed: 0,
      usualDay: 5,
      droppedThisMonth: false,
    });
    expect(await record(fresh)).to.include({
      streak: 1,
      bestStreak: 1,
      missed: 0,
      usualDay: 3,
      droppedThisMonth: true,
    });
    // Joined December 2025 (grace), dropped January–April, missed May–October.
    expect(await record(lapsed)).to.include({ streak: 0, bestStreak: 4, missed: 6, usualDay: 28 });
  });

  it('counts a scheduled drop from its release moment, in the viewer’s time zone for a midnight release', async () => {
    // 00:00 on the 25th in Kiritimati (UTC+14), still the 24th in UTC.
    clock = new Date('2026-11-24T10:00:00Z');
    expect(await record(steady, 'Pacific/Kiritimati')).to.include({ streak: 4, droppedThisMonth: true });
    expect(await record(steady)).to.include({ streak: 3, droppedThisMonth: false });
    clock = new Date('2026-11-25T00:00:00Z');
    expect(await record(steady)).to.include({ streak: 4, bestStreak: 4, droppedThisMonth: true, usualDay: 5 });
  });

  it(
    'counts down to the artist’s own scheduled drop, out at its moment for the ' + 'viewer, and to no date without one',
    async () => {
      clock = new Date('2026-11-20T12:00:00Z');
      expect((await artist(steady)).nextDropAt).to.equal('2026-11-25T00:00:00.000Z');
      // A midnight release is out at 00:00 of the 25th in the viewer's zone: 10:00 UTC on the 24th in Kiritimati.
      expect((await artist(steady, 'Pacific/Kiritimati')).nextDropAt).to.equal('2026-11-24T10:00:00.000Z');
      expect((await artist(steady, 'America/New_York')).nextDropAt).to.equal('2026-11-25T05:00:00.000Z');
      // No scheduled drop, no date (not the 1st of next month for everyone).
      expect((await artist(fresh)).nextDropAt).to.equal(null);
      expect((await artist(lapsed)).nextDropAt).to.equal(null);
      clock = new Date('2026-11-24T10:00:00Z');
      expect((await artist(steady, 'Pacific/Kiritimati')).nextDropAt).to.equal(null);
      expect((await artist(steady)).nextDropAt).to.equal('2026-11-25T00:00:00.000Z');
    },
  );

  it('keeps a streak through the last moment of the month and ends it when the next begins', async () => {
    await server.app.kernel
      .knex('tracks')
      .where({ id: scheduled })
      .update({ uploadDate: Date.parse('2026-12-31T00:00:00Z'), dropMonth: '2026-12', releaseDate: '2026-12-31' });
    try {
      clock = new Date('2026-11-30T23:59:59.999Z');
      expect(await record(steady)).to.include({ streak: 3, missed: 0 });
      clock = new Date('2026-12-01T00:00:00.000Z');
      expect(await record(steady)).to.include({ streak: 0, bestStreak: 3, missed: 1 });
      clock = new Date('2026-12-31T00:00:00.000Z');
      expect(await record(steady)).to.include({ streak: 1, bestStreak: 3, missed: 1, droppedThisMonth: true });
    } finally {
      await server.app.kernel
        .knex('tracks')
        .where({ id: scheduled })
        .update({ uploadDate: Date.parse('2026-11-25T00:00:00Z'), dropMonth: '2026-11', releaseDate: '2026-11-25' });
      clock = new Date('2026-11-26T12:00:00Z');
    }
  });

  it('sorts A-Z (case-insensitive), by longest streak and by distinct listeners over 30 days', async () => {
    clock = new Date('2026-11-26T12:00:00Z');
    expect(await order('')).to.deep.equal(['Fresh name', 'lapsed name', 'steady name']);
    expect(await order('?sort=name')).to.deep.equal(['Fresh name', 'lapsed name', 'steady name']);
    // steady 4, Fresh 1, lapsed 0.
    expect(await order('?sort=streak')).to.deep.equal(['steady name', 'Fresh name', 'lapsed name']);

    // Listeners: lapsed has two distinct listeners this month, Fresh one (twice), steady only
    // listeners from more than 30 days ago.
    const fans = await Promise.all(['fana', 'fanb', 'fanc'].map((name) => join(server, name)));
    const trackOf = async (member: Member) =>
      (await server.client().get(`/api/artists/${member.artist!.id}/tracks`)).body[0].id as number;
    const listen = async (fan: Member, member: Member) =>
      expect((await fan.client.post(`/api/tracks/${await trackOf(member)}/listen`)).status).to.be.oneOf([200, 201]);
    clock = new Date('2026-10-01T12:00:00Z');
    for (const fan of fans) await listen(fan, steady);
    clock = new Date('2026-11-26T12:00:00Z');
    await listen(fans[0], lapsed);
    await listen(fans[1], lapsed);
    await listen(fans[0], fresh);
    clock = new Date('2026-11-26T14:00:00Z');
    await listen(fans[0], fresh);
    expect(await order('?sort=popular')).to.deep.equal(['lapsed name', 'Fresh name', 'steady name']);
    const popular = (await server.client().get('/api/artists?sort=popular')).body as ArtistBody[];
    expect(popular.map((a) => a.monthlyListeners)).to.deep.equal([2, 1, 0]);
  });

  it('ranks by the very streak the records show, across month boundaries and time zones', async () => {
    const moments = [
      '2026-11-24T10:00:00Z',
      '2026-11-25T00:00:00Z',
      '2026-11-30T23:59:59.999Z',
      '2026-12-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
    ];
    try {
      for (const moment of moments) {
        clock = new Date(moment);
        for (const zone of [undefined, 'Pacific/Kiritimati', 'America/Los_Angeles']) {
          const client = server.client();
          if (zone) client.cookies.set(TZ_COOKIE, zone);
          const ranked = (await client.get('/api/artists?sort=streak')).body as ArtistBody[];
          const key = (a: ArtistBody) => [-a.dropRecord.streak, a.name.toLowerCase()] as const;
          const sorted = [...ranked].sort((x, y) => key(x)[0] - key(y)[0] || (key(x)[1] < key(y)[1] ? -1 : 1));
          expect(
            ranked.map((a) => a.name),
            `${moment} ${zone}`,
          ).to.deep.equal(sorted.map((a) => a.name));
          // On 1 January UTC, Los Angeles is still in December: November's drops still count there.
          expect(
            ranked.some((a) => a.dropRecord.streak > 0),
            `${moment} ${zone}`,
          ).to.equal(moment < '2027' || zone === 'America/Los_Angeles');
        }
      }
    } finally {
      clock = new Date('2026-11-26T14:00:00Z');
    }
  });

  it('combines the order with the search', async () => {
    expect(await order('?sort=streak&q=D')).to.deep.equal(['steady name', 'lapsed name']);
    expect(await order('?q=name&sort=popular')).to.deep.equal(['lapsed name', 'Fresh name', 'steady name']);
  });

  it('refuses an unknown order with a clear 400', async () => {
    for (const query of ['?sort=loudest', '?sort=', '?sort=name&sort=streak']) {
      const res = await server.client().get(`/api/artists${query}`);
      expect(res.status, query).to.equal(400);
      expect(res.body, query).to.deep.equal({ message: 'sort must be one of name, popular, streak' });
    }
  });

  it('reads the drop records of a whole list in a fixed number of queries, whatever its length', async () => {
    const knex = server.app.kernel.knex;
    const count = async (path: string) => {
      await forget();
      return queriesDuring(knex, async () => expect((await server.client().get(path)).status).to.equal(200));
    };
    const paths = ['/api/artists', '/api/artists?sort=streak', '/api/artists?sort=popular', '/api/artists/featured'];
    const countAll = async () => {
      const counts: number[] = [];
      for (const path of paths) counts.push(await count(path));
      return counts;
    };
    const before = await countAll();
    for (let i = 0; i < 6; i++) {
      const extra = await join(server, `extra${i}`, true);
      await addTrack(extra.artist!.id, `Extra ${i}`, new Date('2026-11-05T10:00:00Z'));
      await addTrack(extra.artist!.id, `Extra ${i} before`, new Date('2026-10-05T10:00:00Z'));
    }
    const after = await countAll();
    expect(after).to.deep.equal(before);
    // At most: a ranking, the rows, their drop marks, and the featured list's second ranking when
    // fewer artists are verified than it shows.
    expect(Math.max(...after)).to.be.at.most(4);
    // The new artists' two-month streaks rank right after steady's four.
    expect((await order('?sort=streak')).slice(0, 2)).to.deep.equal(['steady name', 'extra0 name']);
  });

  it(
    'renders the orders on the server: links marking the current one, kept by the ' + 'pager and the search form',
    async () => {
      const knex = server.app.kernel.knex;
      for (let i = 0; i < PAGE_SIZE; i++) {
        const [userId] = await knex('users').insert({
          username: `bulk${i}`,
          email: `bulk${i}@example.com`,
          name: `Bulk ${i}`,
          bio: '',
          isArtist: 1,
          role: 'user',
          passwordHash: 'x',
          createdAt: 1,
          updatedAt: 1,
        });
        await knex('artists').insert({
          userId,
          name: `Bulk Artist ${i}`,
          genre: 'Pop',
          bio: '',
          verified: 0,
          createdAt: Date.parse('2026-10-01T00:00:00Z'),
        });
      }
      await forget();
      const cards = (html: string) => [...html.matchAll(/class="artist-card-name">\s*([^<]+?)\s*</g)].map((m) => m[1]);
      const res = await server.client().get('/artists?sort=streak');
      expect(res.status).to.equal(200);
      expect(cards(res.text).slice(0, 2)).to.deep.equal(['steady name', 'extra0 name']);
      expect(res.text).to.match(
        new RegExp(
          String.raw`<a class="btn btn-outline-secondary is-chosen` +
            String.raw`[^"]*" href="\/artists\?sort=streak" aria-current="true"` +
            String.raw`[^>]*>\s*Longest streak`,
        ),
      );
      expect(res.text).to.match(/href="\/artists"[^>]*>\s*A-Z/);
      expect(res.text).to.match(/href="\/artists\?sort=popular"[^>]*>\s*Popular/);
      expect(res.text).to.include('<input type="hidden" name="sort" value="streak">');
      expect(res.text).to.include('<link rel="next" href="/artists?sort=streak&amp;page=2">');
      expect(res.text).to.include(`<link rel="canonical" href="${server.url}/artists">`);
      const second = await server.client().get('/artists?sort=streak&page=2');
      expect(second.text).to.include('<link rel="prev" href="/artists?sort=streak">');
      // Every artist once across the pages, in the API's order.
      const api = ((await server.client().get('/api/artists?sort=streak')).body as ArtistBody[]).map((a) => a.name);
      expect([...cards(res.text), ...cards(second.text)]).to.deep.equal(api);
      // The search keeps the order in the links; an unknown order is A-Z.
      const searched = await server.client().get('/artists?q=bulk&sort=popular');
      expect(searched.text).to.include('href="/artists?q=bulk&amp;sort=streak"');
      expect(cards((await server.client().get('/artists?sort=loudest')).text)).to.deep.equal(
        cards((await server.client().get('/artists')).text),
      );
      // The profile shows the record in full.
      const profile = (await server.client().get(`/artist/${steady.artist!.id}`)).text;
      expect(profile).to.match(/data-testid="streak"[^>]*>4 months</);
      expect(profile).to.match(/data-testid="missed"[^>]*>0 months</);
      expect(profile).to.match(/data-testid="usual-day"[^>]*>the 5th</);
      expect(profile.match(/data-state="dropped"/g)).to.have.length(4);
    },
  );

  it(
    'keeps the unsearched streak ranking between reads for the viewer’s month; a ' + 'searched one is ranked each time',
    async () => {
      const knex = server.app.kernel.knex;
      const read = (query: string) =>
        queriesDuring(knex, async () =>
          expect((await server.client().get(`/api/artists?sort=streak${query}`)).status).to.equal(200),
        );
      clock = new Date('2026-11-26T12:00:00Z');
      try {
        await forget();
        const ranked = await read('&limit=1');
        expect(await read('&limit=2'), 'another window of the same ranking reads only its rows').to.equal(ranked - 2);
        expect(await read('&q=name&limit=1')).to.equal(ranked);
        expect(await read('&q=name&limit=2'), 'a search is anyone’s to choose: not kept').to.equal(ranked);
        clock = new Date('2026-12-01T00:00:00Z');
        expect(await read('&limit=3'), 'a new month ranks anew').to.equal(ranked);
      } finally {
        clock = new Date('2026-11-26T12:00:00Z');
      }
    },
  );
});
