import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { seeded, upgrade } from './fixtures.ts';
import { platformCut, summarise } from '../payouts.ts';
import { fansOf, splitMonth } from '../split.ts';

/** RFC 4180, written independently of csv.ts: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      ((row = []), (field = ''), i++);
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').to.equal('');
  return rows;
}

describe('credits: statement sums are exact for any fans (seeded property)', () => {
  it('every fan’s parts add up to their fee, and the month to fans × fee', () => {
    for (const seed of [1, 7, 42, 1234, 99991]) {
      const random = seeded(seed);
      const terms = { feeCents: 500 + Math.floor(random() * 1500), platformShare: Math.floor(random() * 60) / 100 };
      const allocations = [];
      const fans = 1500;
      for (let userId = 1; userId <= fans; userId++) {
        let left = 100;
        const times = Math.floor(random() * 6);
        for (let k = 0; k < times && left > 0; k++) {
          const credits = 1 + Math.floor(random() * left);
          left -= credits;
          allocations.push({ userId, artistId: 1 + Math.floor(random() * 40), credits });
        }
      }
      const grants = Array.from({ length: fans }, (_, i) => ({ userId: i + 1, credits: 100 }));
      const lines = splitMonth(terms, fansOf(grants, allocations, []));
      const net = terms.feeCents - platformCut(terms);
      const byFan = new Map<number, number>();
      for (const line of lines) byFan.set(line.userId, (byFan.get(line.userId) ?? 0) + line.amountCents);
      for (const [fan, cents] of byFan) expect(cents, `seed ${seed} fan ${fan}`).to.equal(net);
      const month = summarise(terms, fans, lines);
      expect(month.platformCents + month.artistsCents + month.unallocatedCents, `seed ${seed}`).to.equal(
        fans * terms.feeCents,
      );
      expect(month.artists.reduce((sum, a) => sum + a.amountCents, 0)).to.equal(month.artistsCents);
    }
  });
});

describe(
  'credits: statements of random fans agree with each ' + 'other and with the month (seeded, through the API)',
  () => {
    let server: TestServer;
    let clock = new Date('2026-05-20T08:00:00Z');
    after(() => server.stop());

    it('adds up per fan, per artist and in total, open and once settled', async () => {
      server = await startTestServer({
        plugins: ['accounts', 'credits'],
        now: () => clock,
        settings: { credits: { monthlyFeeCents: 1003, platformShare: 0.27 } },
      });
      const random = seeded(2026);
      const artists: SignedUp[] = [];
      for (let i = 0; i < 6; i++) artists.push(await signUp(server, `band${i}`, { artist: true }));
      const fans: SignedUp[] = [];
      for (let i = 0; i < 24; i++) {
        const fan = await signUp(server, `listener${i}`);
        fans.push(fan);
        let left = 100;
        const times = Math.floor(random() * 5);
        for (let k = 0; k < times && left > 0; k++) {
          const credits = 1 + Math.floor(random() * left);
          left -= credits;
          const res = await fan.client.post('/api/credits/allocate', {
            artistId: artists[Math.floor(random() * artists.length)].artist!.id,
            credits,
          });
          expect(res.status).to.equal(201);
        }
      }
      const admin = await signUp(server, 'auditor', { role: 'admin' });
      const snapshot = async () => {
        const perArtist = new Map<number, number>();
        const statements = [];
        for (const fan of fans) {
          const s = (await fan.client.get('/api/credits/statements/fan?month=2026-05')).body;
          expect(s.platformCents + s.artistsCents + s.unallocatedCents).to.equal(1003);
          expect(s.lines.reduce((sum: number, l: { amountCents: number }) => sum + l.amountCents, 0)).to.equal(
            s.artistsCents,
          );
          for (const l of s.lines) perArtist.set(l.artistId, (perArtist.get(l.artistId) ?? 0) + l.amountCents);
          statements.push({ ...s, final: null });
        }
        const month = (await admin.client.get('/api/credits/payouts/2026-05')).body;
        expect(month.platformCents + month.artistsCents + month.unallocatedCents).to.equal(month.grossCents);
        for (const artist of artists) {
          const s = (await artist.client.get('/api/credits/statements/artist?month=2026-05')).body;
          const line = month.artists.find((a: { artistId: number }) => a.artistId === artist.artist!.id);
          expect(s.amountCents).to.equal(perArtist.get(artist.artist!.id) ?? 0);
          expect(s.amountCents).to.equal(line?.amountCents ?? 0);
          expect(s.fans).to.equal(line?.fans ?? 0);
          statements.push({ ...s, final: null, months: null });
        }
        return statements;
      };
      const open = await snapshot();
      clock = new Date('2026-06-01T00:05:00Z');
      expect(await snapshot()).to.deep.equal(open);
    });
  },
);

describe('credits: fan and artist statements', () => {
  let server: TestServer;
  let clock = new Date('2026-11-10T10:00:00Z');
  let nova: SignedUp, kai: SignedUp, fan: SignedUp, idle: SignedUp, other: SignedUp;
  const give = async (who: SignedUp, artist: SignedUp, credits: number) =>
    expect((await who.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits })).status).to.equal(
      201,
    );

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    [nova, kai] = [await signUp(server, 'novaharbor', { artist: true }), await signUp(server, 'kai', { artist: true })];
    await server.app.kernel.knex('artists').where({ id: nova.artist!.id }).update({ name: 'Nova Harbor, "the" band' });
    [fan, idle, other] = [await signUp(server, 'fan'), await signUp(server, 'idle'), await signUp(server, 'other')];
    await give(fan, nova, 60);
    await give(fan, kai, 30);
    await give(other, nova, 7);
    await idle.client.get('/api/credits/user');
  });
  after(() => server.stop());

  it('answers 401 before anything else, and 400 {message} for a bad month or format', async () => {
    const anonymous = server.client();
    for (const path of [
      '/api/credits/statements/fan?month=nope',
      '/api/credits/statements/artist?month=2026-13&format=pdf',
    ]) {
      const res = await anonymous.get(path);
      expect(res.status, path).to.equal(401);
    }
    for (const month of ['2026-13', '2026-1', 'november', '2026-11-01']) {
      const res = await fan.client.get(`/api/credits/statements/fan?month=${month}`);
      expect(res.status, month).to.equal(400);
      expect(res.body).to.deep.equal({ message: 'Month must be written YYYY-MM' });
    }
    const repeated = await fan.client.get('/api/credits/statements/fan?month=2026-11&month=2026-10');
    expect(repeated.status).to.equal(400);
    const format = await nova.client.get('/api/credits/statements/artist?month=2026-11&format=pdf');
    expect(format.status).to.equal(400);
    expect(format.body).to.deep.equal({ message: 'Format must be json or csv' });
  });

  it('shows a fan where their fee went, in whole cents that add up to it', async () => {
    const res = await fan.client.get('/api/credits/statements/fan?month=2026-11');
    expect(res.status).to.equal(200);
    // 999 − round(299.7) = 699 net; 60:30 → 466 and 233.
    expect(res.body).to.deep.equal({
      month: '2026-11',
      final: false,
      months: ['2026-11'],
      currency: 'EUR',
      feeCents: 999,
      platformShare: 0.3,
      platformCents: 300,
      netCents: 699,
      monthlyCredits: 100,
      trial: true,
      allocatedCredits: 90,
      pledgedCredits: 0,
      unallocatedCredits: 10,
      followsListening: false,
      artistsCents: 699,
      listeningCents: 0,
      voided: false,
      unallocatedCents: 0,
      lines: [
        {
          artistId: nova.artist!.id,
          name: 'Nova Harbor, "the" band',
          credits: 60,
          plays: 0,
          amountCents: 466,
          listeningCents: 0,
        },
        { artistId: kai.artist!.id, name: 'Kai', credits: 30, plays: 0, amountCents: 233, listeningCents: 0 },
      ],
    });
    // Without ?month it is the current month; a fan who allocated nothing sees it unallocated.
    const none = await idle.client.get('/api/credits/statements/fan');
    expect(none.body).to.include({ month: '2026-11', artistsCents: 0, unallocatedCents: 699, platformCents: 300 });
    expect(none.body.lines).to.deep.equal([]);
    const never = await fan.client.get('/api/credits/statements/fan?month=2026-09');
    expect(never.status).to.equal(404);
    expect(never.body).to.deep.equal({ message: 'You have no statement for September 2026' });
  });

  it('gives artists only their own statement, with fans numbered and never named', async () => {
    expect((await fan.client.get('/api/credits/statements/artist?month=2026-11')).status).to.equal(403);
    const res = await nova.client.get('/api/credits/statements/artist?month=2026-11');
    expect(res.status).to.equal(200);
    const { explanation, ...figures } = res.body;
    expect(figures).to.deep.equal({
      month: '2026-11',
      final: false,
      months: ['2026-11'],
      artist: { id: nova.artist!.id, name: 'Nova Harbor, "the" band' },
      currency: 'EUR',
      feeCents: 999,
      platformShare: 0.3,
      platformCents: 300,
      netCents: 699,
      fans: 2,
      credits: 67,
      amountCents: 699 + 466,
      creditsCents: 699 + 466,
      listeningCents: 0,
      plays: 0,
      lines: [
        {
          fan: 1,
          credits: 7,
          fanCredits: 7,
          plays: 0,
          fanPlays: 0,
          amountCents: 699,
          creditsCents: 699,
          listeningCents: 0,
        },
        {
          fan: 2,
          credits: 60,
          fanCredits: 90,
          plays: 0,
          fanPlays: 0,
          amountCents: 466,
          creditsCents: 466,
          listeningCents: 0,
        },
      ],
    });
    expect(explanation).to.equal(
      'In November 2026, 2 fans gave you 67 credits. Each fan paid €9.99; the platform keeps 30\u00a0% ' +
        "(€3.00), which leaves €6.99 per fan. Each of a fan's 100 credits carries an equal part of it: " +
        'credits they gave go to the artists they chose, credits they left unallocated ' +
        'follow their own plays of 30 seconds or more (never of their own tracks), ' +
        'and a fan who played nothing has their whole part split over the ' +
        'artists they chose, in proportion, in whole cents (largest remainder). ' +
        'For example, fan 1 gave you 7 of the 7 credits they allocated: €6.99 × 7 / 7 ≈ €6.99. ' +
        "From fans' credits: €11.65; from fans' listening: €0.00. Your parts add up to €11.65.",
    );
    expect(JSON.stringify(res.body)).not.to.match(/"Fan"|"Other"|@example|userId/);
  });

  it('downloads the artist statement as CSV that parses back to the JSON', async () => {
    const json = (await nova.client.get('/api/credits/statements/artist?month=2026-11')).body;
    const res = await nova.client.get('/api/credits/statements/artist?month=2026-11&format=csv');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename="onetrack-statement-2026-11.csv"');
    expect(res.text).to.include('"Nova Harbor, ""the"" band"');
    const [header, ...rows] = parseCsv(res.text);
    expect(header).to.deep.equal([
      'month',
      'artist',
      'fan',
      'credits',
      'fan_credits',
      'amount_cents',
      'amount',
      'plays',
      'fan_plays',
      'from_credits_cents',
      'from_listening_cents',
    ]);
    const total = rows.pop()!;
    expect(
      rows.map(([month, artist, fanNo, credits, fanCredits, cents, , plays, fanPlays, chosen, listened]) => ({
        month,
        artist,
        fan: Number(fanNo),
        credits: Number(credits),
        fanCredits: Number(fanCredits),
        plays: Number(plays),
        fanPlays: Number(fanPlays),
        amountCents: Number(cents),
        creditsCents: Number(chosen),
        listeningCents: Number(listened),
      })),
    ).to.deep.equal(json.lines.map((l: object) => ({ month: json.month, artist: json.artist.name, ...l })));
    expect(rows.map((r) => r[6])).to.deep.equal(['€6.99', '€4.66']);
    expect(total).to.deep.equal([
      json.month,
      json.artist.name,
      'total',
      String(json.credits),
      '',
      String(json.amountCents),
      '€11.65',
      '0',
      '',
      String(json.amountCents),
      '0',
    ]);
    expect((await fan.client.get('/api/credits/statements/artist?month=2026-11&format=csv')).status).to.equal(403);
  });

  it('keeps a month’s terms from its start: a fee changed mid-month applies from the next month', async () => {
    const config = server.app.kernel.settings.credits;
    config.monthlyFeeCents = 1299;
    try {
      expect((await fan.client.get('/api/credits/statements/fan?month=2026-11')).body).to.include({
        feeCents: 999,
        netCents: 699,
      });
      await upgrade(fan);
      clock = new Date('2026-12-02T09:00:00Z');
      const december = await fan.client.get('/api/credits/statements/fan');
      expect(december.body).to.include({
        month: '2026-12',
        feeCents: 1299,
        platformCents: 390,
        netCents: 909,
        unallocatedCents: 909,
      });
      expect(december.body.months).to.deep.equal(['2026-12', '2026-11']);
    } finally {
      config.monthlyFeeCents = 999;
    }
  });
});

describe('credits: settled months never change (injected clock)', () => {
  let server: TestServer;
  let clock = new Date('2026-06-30T23:59:59.999Z');
  let artist: SignedUp, fan: SignedUp, admin: SignedUp;
  let june: { fan: unknown; artist: unknown; admin: unknown };
  const knex = () => server.app.kernel.knex;
  const read = async () => ({
    fan: (await fan.client.get('/api/credits/statements/fan?month=2026-06')).body,
    artist: (await artist.client.get('/api/credits/statements/artist?month=2026-06')).body,
    admin: (await admin.client.get('/api/credits/payouts/2026-06')).body,
  });

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    artist = await signUp(server, 'mira', { artist: true });
    fan = await signUp(server, 'fan');
    admin = await signUp(server, 'boss', { role: 'admin' });
    await upgrade(fan);
  });
  after(() => server.stop());

  it('puts an allocation in the month of its instant, to the millisecond', async () => {
    await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 10 });
    clock = new Date('2026-07-01T00:00:00.000Z');
    await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 20 });
    const months = await knex()('credit_allocations').orderBy('id').select('month', 'credits');
    expect(months).to.deep.equal([
      { month: '2026-06', credits: 10 },
      { month: '2026-07', credits: 20 },
    ]);
    expect((await fan.client.get('/api/credits/statements/fan?month=2026-06')).body).to.include({
      final: false,
      allocatedCredits: 10,
    });
  });

  it('refuses an allocation whose transaction ends after its month settled, writing nothing', async () => {
    clock = new Date('2026-07-31T23:59:59.000Z');
    const listen = (query: { sql: string }) => {
      if (/insert into .credit_allocations/i.test(query.sql)) clock = new Date('2026-08-01T00:05:00.000Z');
    };
    knex().on('query', listen);
    let res;
    try {
      res = await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 5 });
    } finally {
      knex().off('query', listen);
    }
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ message: 'This month is closed; please try again' });
    expect(await knex()('credit_allocations').where({ month: '2026-07' }).sum({ n: 'credits' })).to.deep.equal([
      { n: 20 },
    ]);
    expect(await knex()('credit_grants').where({ month: '2026-07' }).first('remaining')).to.deep.equal({
      remaining: 80,
    });
  });

  it('stores June once it has settled, and a late allocation or a new fee cannot change it', async () => {
    clock = new Date('2026-08-02T00:00:00Z');
    june = await read();
    expect(june.fan).to.include({ final: true, allocatedCredits: 10, artistsCents: 699, feeCents: 999 });
    expect(june.artist).to.include({ final: true, fans: 1, credits: 10, amountCents: 699 });
    expect(
      await knex()('payoutFanLines')
        .where({ month: '2026-06' })
        .select('userId', 'credits', 'fanCredits', 'amountCents'),
    ).to.deep.equal([{ userId: fan.user.id, credits: 10, fanCredits: 10, amountCents: 699 }]);
    // A buggy writer backdates an allocation into June, and the fee and share change.
    await knex()('credit_allocations').insert({
      userId: admin.user.id,
      artistId: artist.artist!.id,
      month: '2026-06',
      credits: 50,
      createdAt: clock.getTime(),
    });
    const config = server.app.kernel.settings.credits;
    config.monthlyFeeCents = 1999;
    config.platformShare = 0.5;
    config.currency = 'USD';
    try {
      expect(await read()).to.deep.equal(june);
    } finally {
      Object.assign(config, { monthlyFeeCents: 999, platformShare: 0.3, currency: 'EUR' });
    }
  });

  it('stores a month once when many first readers race for it', async () => {
    await knex()('credit_allocations').where({ userId: admin.user.id }).delete();
    await knex()('payoutStatements').delete();
    const reads = await Promise.all(Array.from({ length: 12 }, () => read()));
    for (const r of reads) expect(r).to.deep.equal(june);
    expect(await knex()('payoutStatements').where({ month: '2026-06' }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
    expect(await knex()('payoutFanLines').where({ month: '2026-06' }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
  });

  it('rebuilds the same statement when the store is dropped, from the month’s recorded terms', async () => {
    await knex()('payoutStatements').delete();
    const config = server.app.kernel.settings.credits;
    config.monthlyFeeCents = 1999;
    try {
      expect(await read()).to.deep.equal(june);
    } finally {
      config.monthlyFeeCents = 999;
    }
  });
});

describe('credits: transparency', () => {
  let server: TestServer;
  let clock = new Date('2026-03-05T12:00:00Z');

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    const artists = [];
    for (let i = 0; i < 12; i++) artists.push(await signUp(server, `artist${i}`, { artist: true }));
    // 13 fans: fan i gives all their credits to artist i (fan 12 to artist 0), so artist 0 has two fans' nets.
    for (let i = 0; i < 13; i++) {
      const fan = await signUp(server, `fan${i}`);
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: artists[i % 12].artist!.id, credits: 100 })).status,
      ).to.equal(201);
    }
    await (await signUp(server, 'idle')).client.get('/api/credits/user');
  });
  after(() => server.stop());

  it('publishes only settled months, to anyone', async () => {
    const during = await server.client().get('/api/transparency');
    expect(during.status).to.equal(200);
    expect(during.body).to.deep.equal({ months: [] });
  });

  it('shows fees in, platform share, paid to artists, artists paid, median and top-10 share', async () => {
    // Over but not settled yet; then settled, with no write in between to invalidate anything.
    clock = new Date('2026-04-01T00:04:59Z');
    expect((await server.client().get('/api/transparency')).body).to.deep.equal({ months: [] });
    clock = new Date('2026-04-01T00:05:00Z');
    const res = await server.client().get('/api/transparency');
    expect(res.body.months).to.have.length(1);
    const [march] = res.body.months;
    // 14 members, all in their included month (OneTrack pays those fees) × 999 = 13986; platform 14 × 300; 13
    // allocating fans × 699 to artists; one idle net unallocated.
    expect(march).to.deep.equal({
      month: '2026-03',
      currency: 'EUR',
      feeCents: 999,
      platformShare: 0.3,
      payingFans: 14,
      trialFans: 14,
      members: 0,
      grossCents: 13986,
      platformCents: 4200,
      artistsCents: 13 * 699,
      unallocatedCents: 699,
      artistsPaid: 12,
      medianCents: 699,
      top10Cents: 2 * 699 + 9 * 699,
      top10Share: (11 * 699) / (13 * 699),
      // Credits only (no plugin counts plays here): nothing followed listening, no pro-rata to compare.
      listeningCents: 0,
      // No payment provider here: no fees, nothing given back.
      feesCents: 0,
      refundsCents: 0,
      absorbedCents: 0,
      fairness: null,
    });
    expect(march.platformCents + march.artistsCents + march.unallocatedCents).to.equal(march.grossCents);
    expect(await server.app.kernel.knex('payoutStatements').pluck('month')).to.deep.equal(['2026-03']);
  });

  it('answers from memory until kernel.cache is invalidated, on any node', async () => {
    const knex = server.app.kernel.knex;
    const sql: string[] = [];
    const listen = (query: { sql: string }) => sql.push(query.sql);
    const first = (await server.client().get('/api/transparency')).body;
    knex.on('query', listen);
    try {
      expect((await server.client().get('/api/transparency')).body).to.deep.equal(first);
      expect(sql.filter((q) => /credit_grants|payout_statement/.test(q))).to.deep.equal([]);
      await server.app.kernel.cache.invalidate();
      expect((await server.client().get('/api/transparency')).body).to.deep.equal(first);
      expect(sql.some((q) => q.includes('payout_statement'))).to.equal(true);
    } finally {
      knex.off('query', listen);
    }
  });
});
