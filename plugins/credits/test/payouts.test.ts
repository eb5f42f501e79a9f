import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { splitProportionally, summarise, type FanAllocation, type PayoutTerms } from '../payouts.ts';
import { fansOf, splitMonth } from '../split.ts';
import { upgrade } from './fixtures.ts';

/** The month's payouts with no listening (insights off): every grant of 100 credits, these allocations. */
const computePayouts = (terms: PayoutTerms, payingFans: number, allocations: FanAllocation[], fans?: number[]) => {
  const grants = (fans ?? Array.from({ length: payingFans }, (_, i) => i + 1)).map((userId) => ({
    userId,
    credits: 100,
  }));
  return summarise(terms, payingFans, splitMonth(terms, fansOf(grants, allocations, [])));
};

describe('credits: payout formula', () => {
  it('splits cents in proportion and always adds up to the total', () => {
    expect([
      ...splitProportionally(
        699,
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ),
    ]).to.deep.equal([
      [1, 466],
      [2, 233],
    ]);
    expect([
      ...splitProportionally(
        100,
        new Map([
          [5, 1],
          [3, 1],
          [4, 1],
        ]),
      ),
    ]).to.deep.equal([
      [5, 33],
      [3, 34],
      [4, 33],
    ]);
    for (let run = 0; run < 200; run++) {
      const weights = new Map(
        Array.from({ length: 1 + (run % 9) }, (_, i) => [i + 1, 1 + ((run * 7 + i * 13) % 50)] as [number, number]),
      );
      const parts = splitProportionally(run * 37 + 1, weights);
      expect([...parts.values()].reduce((a, b) => a + b, 0)).to.equal(run * 37 + 1);
    }
  });

  it('pays out every cent that came in: platform + artists + unallocated = fans × fee', () => {
    const allocations = Array.from({ length: 300 }, (_, i) => ({
      userId: 1 + (i % 41),
      artistId: 1 + ((i * 17) % 23),
      credits: 1 + (i % 7),
    }));
    const payouts = computePayouts({ feeCents: 1299, platformShare: 0.27 }, 50, allocations);
    expect(payouts.grossCents).to.equal(50 * 1299);
    expect(payouts.platformCents + payouts.artistsCents + payouts.unallocatedCents).to.equal(payouts.grossCents);
    expect(payouts.artists.reduce((sum, a) => sum + a.amountCents, 0)).to.equal(payouts.artistsCents);
    expect(payouts.artists.reduce((sum, a) => sum + a.credits, 0)).to.equal(
      allocations.reduce((sum, a) => sum + a.credits, 0),
    );
  });
});

describe('credits: monthly payout statements', () => {
  let server: TestServer;
  let clock = new Date('2026-06-10T10:00:00Z');
  let x: SignedUp, y: SignedUp, z: SignedUp, fanA: SignedUp, fanB: SignedUp, idle: SignedUp, admin: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    [x, y, z] = [
      await signUp(server, 'xavi', { artist: true }),
      await signUp(server, 'yara', { artist: true }),
      await signUp(server, 'zoe', { artist: true }),
    ];
    [fanA, fanB, idle] = [await signUp(server, 'fana'), await signUp(server, 'fanb'), await signUp(server, 'idle')];
    admin = await signUp(server, 'boss', { role: 'admin' });
    // Two members; idle is in the included first month, whose fee OneTrack pays (still a paying fan).
    await upgrade(fanA, fanB);
    const give = async (fan: SignedUp, artist: SignedUp, credits: number) =>
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits })).status,
      ).to.equal(201);
    // Fan A: 40 to X, 20 to Y (2:1). Fan B: 5 each to X, Y, Z. Idle only opens the vault.
    await give(fanA, x, 30);
    await give(fanA, y, 20);
    await give(fanA, x, 10);
    await give(fanB, x, 5);
    await give(fanB, y, 5);
    await give(fanB, z, 5);
    await idle.client.get('/api/credits/user');
  });
  after(() => server.stop());

  it('splits each fan’s fee less the platform share over that fan’s artists only (999 ¢, 30 %)', async () => {
    const res = await admin.client.get('/api/credits/payouts/2026-06');
    expect(res.status).to.equal(200);
    const { artists, ...totals } = res.body;
    // Net per fan: 999 − round(299.7) = 699. A: X 466, Y 233. B: 233 each to X, Y, Z.
    expect(totals).to.deep.equal({
      month: '2026-06',
      final: false,
      feeCents: 999,
      platformShare: 0.3,
      currency: 'EUR',
      payingFans: 3,
      trialFans: 1,
      grossCents: 2997,
      platformCents: 900,
      unallocatedCents: 699,
      artistsCents: 1398,
      listeningCents: 0,
    });
    expect(artists).to.deep.equal([
      { artistId: x.artist!.id, name: 'Xavi', credits: 45, fans: 2, amountCents: 699, listeningCents: 0 },
      { artistId: y.artist!.id, name: 'Yara', credits: 25, fans: 2, amountCents: 466, listeningCents: 0 },
      { artistId: z.artist!.id, name: 'Zoe', credits: 5, fans: 1, amountCents: 233, listeningCents: 0 },
    ]);
    expect(totals.platformCents + totals.artistsCents + totals.unallocatedCents).to.equal(totals.grossCents);
  });

  it('shows each artist only their own statement, final once the month is over', async () => {
    const during = await y.client.get('/api/credits/payouts');
    expect(during.status).to.equal(200);
    expect(during.body).to.deep.equal({
      artistId: y.artist!.id,
      feeCents: 999,
      platformShare: 0.3,
      currency: 'EUR',
      statements: [{ month: '2026-06', final: false, credits: 25, fans: 2, amountCents: 466, listeningCents: 0 }],
    });
    // Final once the month has settled, five minutes after its end.
    clock = new Date('2026-07-01T00:04:59Z');
    expect((await y.client.get('/api/credits/payouts')).body.statements[0].final).to.equal(false);
    clock = new Date('2026-07-01T00:05:00Z');
    const after = await y.client.get('/api/credits/payouts');
    expect(after.body.statements).to.deep.equal([
      { month: '2026-06', final: true, credits: 25, fans: 2, amountCents: 466, listeningCents: 0 },
    ]);
  });

  it("refuses the admin's payouts of a month not closed yet with 409, and answers once it has", async () => {
    const month = (m: string) => admin.client.get(`/api/credits/payments/admin/${m}`);
    clock = new Date('2026-07-01T00:04:59Z');
    for (const open of ['2026-06', '2026-07', '2027-01']) {
      const res = await month(open);
      expect(res.status, open).to.equal(409);
      expect(res.body).to.deep.equal({ message: 'This month has not closed yet: it is paid out once it has.' });
    }
    clock = new Date('2026-07-01T00:05:00Z');
    const closed = await month('2026-06');
    expect(closed.status).to.equal(200);
    expect(closed.body).to.include({ month: '2026-06' });
  });

  it('answers an empty month with zeros, and refuses a malformed month with 400', async () => {
    const empty = await admin.client.get('/api/credits/payouts/2025-01');
    expect(empty.body).to.include({ payingFans: 0, grossCents: 0, artistsCents: 0 });
    expect(empty.body.artists).to.deep.equal([]);
    const bad = await admin.client.get('/api/credits/payouts/2026-13');
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.equal({ message: 'Month must be written YYYY-MM' });
  });

  it('follows the configured fee and share', async () => {
    const other = await startTestServer({
      plugins: ['accounts', 'credits'],
      now: () => clock,
      settings: { credits: { monthlyFeeCents: 1000, platformShare: 0.5 } },
    });
    try {
      const artist = await signUp(other, 'solo', { artist: true });
      const fan = await signUp(other, 'fan');
      await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1 });
      expect((await artist.client.get('/api/credits/payouts')).body.statements[0].amountCents).to.equal(500);
    } finally {
      await other.stop();
    }
  });
});

describe('credits: a closed month’s statement is computed once and kept', () => {
  let server: TestServer;
  let clock = new Date('2026-06-10T10:00:00Z');
  let a: SignedUp, b: SignedUp, admin: SignedUp;
  let during: Record<string, unknown>;
  let closed: {
    artists: Array<{
      artistId: number;
      name: string;
      credits: number;
      fans: number;
      amountCents: number;
      listeningCents: number;
    }>;
  } & Record<string, unknown>;
  const knex = () => server.app.kernel.knex;
  const stored = async () => ({
    statements: await knex()('payoutStatements').orderBy('month'),
    lines: await knex()('payoutStatementLines').orderBy(['month', 'artistId']),
  });

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    [a, b] = [await signUp(server, 'anna', { artist: true }), await signUp(server, 'bert', { artist: true })];
    const [f1, f2, f3] = [await signUp(server, 'fan1'), await signUp(server, 'fan2'), await signUp(server, 'fan3')];
    admin = await signUp(server, 'chief', { role: 'admin' });
    await upgrade(f1);
    for (const [fan, artist, credits] of [
      [f1, a, 30],
      [f1, b, 10],
      [f2, a, 7],
      [f2, b, 7],
    ] as const) {
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits })).status,
      ).to.equal(201);
    }
    await f3.client.get('/api/credits/user');
  });
  after(() => server.stop());

  it('never stores the current month, however often it is read', async () => {
    during = (await admin.client.get('/api/credits/payouts/2026-06')).body;
    expect(during.final).to.equal(false);
    await admin.client.get('/api/credits/payouts/2026-06');
    await a.client.get('/api/credits/payouts');
    expect(await stored()).to.deep.equal({ statements: [], lines: [] });
  });

  it('stores the month on its first read once it is over, with the figures it had', async () => {
    clock = new Date('2026-07-01T00:05:05Z');
    closed = (await admin.client.get('/api/credits/payouts/2026-06')).body;
    expect(closed).to.deep.equal({ ...during, final: true });
    const { statements, lines } = await stored();
    expect(statements).to.have.length(1);
    const [row] = statements;
    expect({ ...row, platformShare: Number(row.platformShare), computedAt: Number(row.computedAt) }).to.deep.equal({
      month: '2026-06',
      feeCents: 999,
      platformShare: 0.3,
      currency: 'EUR',
      payingFans: 3,
      trialFans: 2,
      grossCents: 2997,
      platformCents: 900,
      unallocatedCents: 699,
      artistsCents: 1398,
      listeningCents: 0,
      computedAt: clock.getTime(),
    });
    expect(
      lines.map((l) => ({ ...l, amountCents: Number(l.amountCents), listeningCents: Number(l.listeningCents) })),
    ).to.deep.equal(
      closed.artists
        .map(({ artistId, credits, fans, amountCents, listeningCents }) => ({
          month: '2026-06',
          artistId,
          credits,
          fans,
          amountCents,
          listeningCents,
        }))
        .sort((x, y) => x.artistId - y.artistId),
    );
    // The new current month is read too, and still not stored.
    await admin.client.get('/api/credits/payouts/2026-07');
    expect((await stored()).statements.map((s) => s.month)).to.deep.equal(['2026-06']);
  });

  it('serves later reads from the stored statement without reading the ledger', async () => {
    const sql: string[] = [];
    const listen = (query: { sql: string }) => sql.push(query.sql);
    knex().on('query', listen);
    try {
      expect((await admin.client.get('/api/credits/payouts/2026-06')).body).to.deep.equal(closed);
    } finally {
      knex().off('query', listen);
    }
    expect(sql.some((q) => q.includes('payout_statement_lines'))).to.equal(true);
    expect(sql.filter((q) => /credit_(grants|allocations)/.test(q))).to.deep.equal([]);
  });

  it('equals a fresh computation from the ledger, and is rebuilt the same when dropped', async () => {
    const fans = (await knex()('credit_grants').where({ month: '2026-06' }).select('userId')).map(
      (g: { userId: number }) => g.userId,
    );
    const rows = await knex()('credit_allocations').where({ month: '2026-06' }).select('userId', 'artistId', 'credits');
    const { artists, ...totals } = {
      ...computePayouts({ feeCents: 999, platformShare: 0.3 }, fans.length, rows, fans),
      currency: 'EUR',
      trialFans: 2,
    };
    const { artists: closedArtists, month: _month, final: _final, ...closedTotals } = closed;
    expect(closedTotals).to.deep.equal(totals);
    expect(closedArtists.map(({ name: _name, ...line }) => line)).to.deep.equal(artists);

    await knex()('payoutStatementLines').delete();
    await knex()('payoutStatements').delete();
    expect((await admin.client.get('/api/credits/payouts/2026-06')).body).to.deep.equal(closed);
    expect((await stored()).statements).to.have.length(1);
  });

  it('gives each artist their statement of the stored month', async () => {
    const line = closed.artists.find((l) => l.artistId === b.artist!.id)!;
    expect((await b.client.get('/api/credits/payouts')).body.statements).to.deep.equal([
      {
        month: '2026-06',
        final: true,
        credits: line.credits,
        fans: line.fans,
        amountCents: line.amountCents,
        listeningCents: 0,
      },
    ]);
  });

  it('never reprices a stored month when the fee or the platform share changes later', async () => {
    const config = server.app.kernel.settings.credits;
    config.monthlyFeeCents = 1500;
    config.platformShare = 0.5;
    try {
      expect((await admin.client.get('/api/credits/payouts/2026-06')).body).to.deep.equal(closed);
      expect((await stored()).statements.map((s) => [s.month, s.feeCents])).to.deep.equal([['2026-06', 999]]);
    } finally {
      config.monthlyFeeCents = 999;
      config.platformShare = 0.3;
    }
  });
});
