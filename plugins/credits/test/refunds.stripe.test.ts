import { expect } from 'chai';
import type { TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { CREDITS_VOID } from '../rules.ts';
import { StripeStandIn } from './stripeStandIn.ts';
import { startStripeServer } from './stripeServer.ts';

// Issue 41, "Refunds and disputes": a payment that comes back while its month is open takes the
// fan's fee out of that month's pool (their credits of the month void); once the month has closed,
// OneTrack absorbs it, recorded in the month it happened, and the closed month's figures never change.
// Every event type handled here is delivered signed (the SDK's generateTestHeaderString), some twice.
describe('credits: refunds and disputes through Stripe (stand-in)', () => {
  let server: TestServer;
  const stripe = new StripeStandIn();
  let clock = new Date('2026-03-05T12:00:00Z');
  let artist: SignedUp;
  let fans: SignedUp[];

  before(async () => {
    server = await startStripeServer(stripe, { now: () => clock, pages: true });
    artist = await signUp(server, 'refundartist', { artist: true });
    fans = [];
    for (const name of ['refunded', 'kept', 'partly', 'disputer']) fans.push(await signUp(server, name));
  });
  after(async () => {
    await server.stop();
    await stripe.stop();
  });

  const knex = () => server.app.kernel.knex;
  const payments = () => server.app.kernel.services.credits.payments;
  const chargeOf = async (fan: SignedUp) => {
    const row = await knex()('payment_charges').where({ userId: fan.user.id }).orderBy('paidAt', 'desc').first();
    return row.chargeId as string;
  };
  const deliverAll = async (events: Array<Record<string, unknown> & { id: string }>) => {
    const answers = [];
    for (const event of events) answers.push(await stripe.deliver(event));
    return answers;
  };
  const objectOf = (event: Record<string, unknown>) => (event.data as { object: { id: string } }).object;
  const applied = (n: number) => stripe.delivered.slice(-n).map((d) => JSON.parse(d.body).applied);

  it(
    'a refund or a dispute of an open month takes the fan ' + 'out of its pool: their credits count for nothing',
    async () => {
      for (const fan of fans) {
        const { checkoutUrl } = (await fan.client.post('/api/credits/membership/upgrade')).body;
        await deliverAll(stripe.pay(checkoutUrl.split('/').pop()));
        const gift = await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 50 });
        expect(gift.status).to.equal(201);
      }
      expect((await server.app.kernel.services.credits.payouts('2026-03')).payingFans).to.equal(4);

      // Out of order and twice: the charge's refunds are read back from Stripe each time, recorded once.
      const [created, refunded] = stripe.refund(await chargeOf(fans[0]));
      expect(
        await deliverAll([refunded, created, refunded, stripe.event('refund.updated', objectOf(created))]),
      ).to.deep.equal([200, 200, 200, 200]);
      expect(applied(4)).to.deep.equal([true, true, false, true]);
      // Part of a payment given back: OneTrack absorbs it, the fan still counts.
      await deliverAll(stripe.refund(await chargeOf(fans[2]), 300));
      const dispute = stripe.dispute(await chargeOf(fans[3]));
      await deliverAll([dispute, stripe.event('charge.dispute.funds_withdrawn', objectOf(dispute))]);

      const rows = await knex()('payment_refunds').orderBy('createdAt');
      expect(rows.map((r) => [r.kind, Number(r.amountCents), !!r.fromPool, r.month])).to.deep.equal([
        ['refund', 999, true, '2026-03'],
        ['refund', 300, false, '2026-03'],
        ['dispute', 999, true, '2026-03'],
      ]);
      const statement = (await fans[0].client.get('/api/credits/statements/fan?month=2026-03')).body;
      expect(statement).to.include({ voided: true, artistsCents: 0, unallocatedCents: 0 });
      expect(statement.lines).to.deep.equal([]);
      const refused = await fans[0].client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits: 1 });
      expect(refused.status).to.equal(403);
      expect(refused.body.message).to.equal(CREDITS_VOID);
      const inSpanish = await fans[0].client.post(
        '/api/credits/allocate',
        { artistId: artist.artist!.id, credits: 1 },
        { 'accept-language': 'es' },
      );
      expect(inSpanish.body.message).to.equal(
        'Tu pago de este mes te fue devuelto (un reembolso o una disputa), así que sus créditos no cuentan.',
      );
      const march = await server.app.kernel.services.credits.payouts('2026-03');
      expect(march.payingFans).to.equal(2);
      // Each remaining fan's 50 credits are all they gave: their whole net goes to the artist.
      expect(march.artistsCents).to.equal(2 * (999 - 300));
    },
  );

  it('a won dispute brings the money back to OneTrack, and every cent of the closed month reconciles', async () => {
    const [{ refundId }] = await knex()('payment_refunds').where({ kind: 'dispute' });
    const disputeId = [...stripe.objects.values()].find((o) => o.object === 'dispute')!.id;
    const closed = stripe.closeDispute(disputeId, 'won');
    await deliverAll([closed, stripe.event('charge.dispute.funds_reinstated', objectOf(closed)), closed]);
    expect(applied(3)).to.deep.equal([true, true, false]);
    const back = await knex()('payment_refunds').whereNot({ refundId }).where({ kind: 'dispute' }).first();
    expect([Number(back.amountCents), Number(back.feeCents), !!back.fromPool]).to.deep.equal([-999, -1500, false]);
    // The fan's credits of March stay void: they were while the money was gone.
    expect((await fans[3].client.get('/api/credits/statements/fan?month=2026-03')).body.voided).to.equal(true);

    clock = new Date('2026-04-01T00:10:00Z');
    await payments().payouts.runMonth('2026-03');
    const r = (await payments().reconciliation('2026-03'))!;
    expect(r).to.include({ collectedCents: 4 * 999, refundsCents: 999 + 300, poolRefundsCents: 2 * 999 });
    expect(r.feesCents).to.equal(4 * 40);
    expect(r.differenceCents).to.equal(0);
    expect(r.platformNetCents).to.equal(2 * 300 - 160 - (300 - 999));
  });

  it(
    "after the month closed, a refund is OneTrack's: recorded " + 'now, shown on /transparency, the month unchanged',
    async () => {
      const before = await payments().reconciliation('2026-03');
      const statementBefore = (await artist.client.get('/api/credits/statements/artist?month=2026-03')).body;
      const transfersBefore = await knex()('payout_transfers').orderBy('artistId');
      clock = new Date('2026-04-03T09:00:00Z');
      await deliverAll(stripe.refund(await chargeOf(fans[1])));
      expect((await fans[1].client.get('/api/credits/user')).body.credits).to.equal(100);
      const late = await knex()('payment_refunds').where({ userId: fans[1].user.id }).first();
      expect(late).to.include({ month: '2026-04' });
      expect(!!late.fromPool).to.equal(false);
      expect(await payments().reconciliation('2026-03')).to.deep.equal(before);
      expect((await artist.client.get('/api/credits/statements/artist?month=2026-03')).body).to.deep.equal(
        statementBefore,
      );
      expect(await knex()('payout_transfers').orderBy('artistId')).to.deep.equal(transfersBefore);
      // The fan's April credits are theirs: only March's payment came back, and March had closed.
      expect((await fans[1].client.get('/api/credits/statements/fan?month=2026-03')).body.voided).to.equal(false);

      const [march] = (await server.client().get('/api/transparency')).body.months;
      expect(march).to.include({ month: '2026-03', feesCents: 160, refundsCents: 1299, absorbedCents: -699 });
      clock = new Date('2026-05-01T00:10:00Z');
      const months = (await server.client().get('/api/transparency')).body.months;
      const page = (await server.client().get('/transparency')).text;
      expect(page).to.include('Payment provider: fees and money given back').and.include('Absorbed by OneTrack');
      expect(months.find((m: { month: string }) => m.month === '2026-04')).to.include({
        refundsCents: 999,
        absorbedCents: 999,
      });
    },
  );

  it('an event about a charge OneTrack never recorded changes nothing', async () => {
    const before = await knex()('payment_refunds').count({ n: '*' });
    const stranger = { id: 'ch_stranger', object: 'charge', amount: 500 };
    expect(await stripe.deliver(stripe.event('charge.refunded', stranger))).to.equal(200);
    expect(await knex()('payment_refunds').count({ n: '*' })).to.deep.equal(before);
  });
});
