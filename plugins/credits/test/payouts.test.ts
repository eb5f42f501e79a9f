import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { computePayouts, splitProportionally } from '../payouts.ts';

describe('credits: payout formula', () => {
  it('splits cents in proportion and always adds up to the total', () => {
    expect([...splitProportionally(699, new Map([[1, 2], [2, 1]]))]).to.deep.equal([[1, 466], [2, 233]]);
    expect([...splitProportionally(100, new Map([[5, 1], [3, 1], [4, 1]]))]).to.deep.equal([[5, 33], [3, 34], [4, 33]]);
    for (let run = 0; run < 200; run++) {
      const weights = new Map(Array.from({ length: 1 + (run % 9) }, (_, i) => [i + 1, 1 + ((run * 7 + i * 13) % 50)] as [number, number]));
      const parts = splitProportionally(run * 37 + 1, weights);
      expect([...parts.values()].reduce((a, b) => a + b, 0)).to.equal(run * 37 + 1);
    }
  });

  it('pays out every cent that came in: platform + artists + unallocated = fans × fee', () => {
    const allocations = Array.from({ length: 300 }, (_, i) => ({ userId: 1 + (i % 41), artistId: 1 + ((i * 17) % 23), credits: 1 + (i % 7) }));
    const payouts = computePayouts({ feeCents: 1299, platformShare: 0.27 }, 50, allocations);
    expect(payouts.grossCents).to.equal(50 * 1299);
    expect(payouts.platformCents + payouts.artistsCents + payouts.unallocatedCents).to.equal(payouts.grossCents);
    expect(payouts.artists.reduce((sum, a) => sum + a.amountCents, 0)).to.equal(payouts.artistsCents);
    expect(payouts.artists.reduce((sum, a) => sum + a.credits, 0)).to.equal(allocations.reduce((sum, a) => sum + a.credits, 0));
  });
});

describe('credits: monthly payout statements', () => {
  let server: TestServer;
  let clock = new Date('2026-06-10T10:00:00Z');
  let x: SignedUp, y: SignedUp, z: SignedUp, fanA: SignedUp, fanB: SignedUp, idle: SignedUp, admin: SignedUp;

  before(async () => {
    server = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock });
    [x, y, z] = [await signUp(server, 'xavi', { artist: true }), await signUp(server, 'yara', { artist: true }), await signUp(server, 'zoe', { artist: true })];
    [fanA, fanB, idle] = [await signUp(server, 'fana'), await signUp(server, 'fanb'), await signUp(server, 'idle')];
    admin = await signUp(server, 'boss', { role: 'admin' });
    const give = async (fan: SignedUp, artist: SignedUp, credits: number) =>
      expect((await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits })).status).to.equal(201);
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
      payingFans: 3,
      grossCents: 2997,
      platformCents: 900,
      unallocatedCents: 699,
      artistsCents: 1398,
    });
    expect(artists).to.deep.equal([
      { artistId: x.artist!.id, name: 'Xavi', credits: 45, fans: 2, amountCents: 699 },
      { artistId: y.artist!.id, name: 'Yara', credits: 25, fans: 2, amountCents: 466 },
      { artistId: z.artist!.id, name: 'Zoe', credits: 5, fans: 1, amountCents: 233 },
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
      statements: [{ month: '2026-06', final: false, credits: 25, fans: 2, amountCents: 466 }],
    });
    clock = new Date('2026-07-01T00:00:00Z');
    const after = await y.client.get('/api/credits/payouts');
    expect(after.body.statements).to.deep.equal([{ month: '2026-06', final: true, credits: 25, fans: 2, amountCents: 466 }]);
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
    const other = await startTestServer({ plugins: ['accounts', 'credits'], now: () => clock, config: { monthlyFeeCents: 1000, platformShare: 0.5 } });
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
