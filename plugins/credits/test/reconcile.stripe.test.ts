import { expect } from 'chai';
import type { TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { nextMonthStart, shiftMonth } from '../months.ts';
import { seeded } from './fixtures.ts';
import { StripeStandIn } from './stripeStandIn.ts';
import { startStripeServer } from './stripeServer.ts';

type StripeObject = Record<string, unknown> & { id: string };

/**
 * Issue 41, "Every cent reconciles", through the whole stack: months of provider events drawn at
 * random (checkouts, renewals paid or failed, full and partial refunds and disputes, won or lost, in
 * open and closed months, refused transfers, artists onboarded late or never, sums under the minimum
 * payout) delivered signed to the real server, the payouts job run (sometimes twice at once, sometimes
 * retried). After every month: each closed month reconciles to the cent with nothing left unpaid, its
 * figures are those it had when it closed, and no month was paid twice.
 */
describe('credits: every closed month reconciles under random provider events (stand-in)', function () {
  this.timeout(240_000);
  const stripe = new StripeStandIn();
  let server: TestServer;
  let clock = new Date('2026-02-10T12:00:00Z');
  const random = seeded(Number(process.env.RECONCILE_SEED || 4141));
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];

  before(async () => {
    server = await startStripeServer(stripe, { now: () => clock, credits: { minPayoutCents: 300 } });
  });
  after(async () => {
    await server.stop();
    await stripe.stop();
  });

  const knex = () => server.app.kernel.knex;
  const payments = () => server.app.kernel.services.credits.payments;
  const deliver = async (events: StripeObject[]) => {
    for (const event of events) {
      expect(await stripe.deliver(event)).to.equal(200);
      // Stripe delivers some events twice.
      if (random() < 0.2) expect(await stripe.deliver(event)).to.equal(200);
    }
  };
  /** Calendar-aligned periods (as with a billing anchor on the 1st): a paid month covers that month. */
  const alignPeriod = (subscriptionId: string) => {
    const end = Math.floor(nextMonthStart(clock).getTime() / 1000);
    const subscription = stripe.objects.get(subscriptionId)!;
    (subscription.items as { data: Array<Record<string, number>> }).data[0].current_period_end = end;
    const invoices = [...stripe.objects.values()].filter(
      (o) => o.object === 'invoice' && o.customer === subscription.customer,
    );
    (invoices.pop()!.lines as { data: Array<{ period: { end: number } }> }).data[0].period.end = end;
  };
  const onboard = async (artist: SignedUp) => {
    expect((await artist.client.post('/api/credits/payments/onboarding')).status).to.equal(200);
    const account = [...stripe.objects.values()].filter((o) => o.object === 'account').pop()!;
    Object.assign(account, { details_submitted: true, payouts_enabled: true });
    await deliver([stripe.event('account.updated', account)]);
  };
  const runMonth = async (month: string) => {
    if (random() < 0.2) stripe.failNextTransfer = 'Insufficient funds in Stripe account';
    const run = () =>
      payments()
        .payouts.runMonth(month)
        .catch(() => undefined);
    await (random() < 0.3 ? Promise.all([run(), run()]) : run());
    // The job's backoff retries a refusal; sometimes it has not yet.
    if (random() < 0.5) await run();
  };
  /** What may move in a closed month: held money sent later. The rest is fixed. */
  const fixedPart = (r: NonNullable<Awaited<ReturnType<ReturnType<typeof payments>['reconciliation']>>>) => {
    const { sentCents, heldCents, ...rest } = r;
    return { ...rest, paidOutCents: sentCents + heldCents };
  };

  it('holds the equation to the cent for every closed month, never changes one, never pays one twice', async () => {
    const artists: SignedUp[] = [];
    for (let i = 0; i < 4; i++) artists.push(await signUp(server, `artist${i}`, { artist: true }));
    await onboard(artists[0]);
    await onboard(artists[1]);
    const fans: SignedUp[] = [];
    for (let i = 0; i < 9; i++) fans.push(await signUp(server, `fan${i}`));
    const subscriptions = new Map<number, string>();
    const charges: Array<{ chargeId: string; month: string }> = [];
    const closed = new Map<string, ReturnType<typeof fixedPart>>();
    const give = async (fan: SignedUp) => {
      let left = 100;
      while (left > 0 && random() < 0.7) {
        const credits = 1 + Math.floor(random() * Math.min(left, 60));
        const res = await fan.client.post('/api/credits/allocate', { artistId: pick(artists).artist!.id, credits });
        if (res.status !== 201) break;
        left -= credits;
      }
    };
    // February is everyone's included first month: OneTrack funds whatever they give.
    for (const fan of fans) if (random() < 0.6) await give(fan);

    let month = '2026-02';
    for (let step = 0; step < 5; step++) {
      // The month turns: the one before closes, is paid out and must reconcile.
      clock = nextMonthStart(clock);
      clock = new Date(clock.getTime() + 60 * 60_000);
      await runMonth(month);
      if (step === 2) await onboard(artists[2]);
      for (const [done, snapshot] of [...closed, [month, null] as const]) {
        const r = (await payments().reconciliation(done))!;
        expect(r.differenceCents, `${done}: ${JSON.stringify(r)}`).to.equal(0);
        expect(r.unpaidCents, done).to.equal(0);
        if (snapshot) expect(fixedPart(r), done).to.deep.equal(snapshot);
        else closed.set(done, fixedPart(r));
      }
      month = shiftMonth(month, 1);
      if (step === 4) break;

      for (const fan of fans) {
        const subscriptionId = subscriptions.get(fan.user.id);
        if (!subscriptionId) {
          if (random() < 0.3) continue;
          const { checkoutUrl } = (await fan.client.post('/api/credits/membership/upgrade')).body;
          const events = stripe.pay(checkoutUrl.split('/').pop());
          const subscription = [...stripe.objects.values()].filter((o) => o.object === 'subscription').pop()!;
          subscriptions.set(fan.user.id, subscription.id);
          alignPeriod(subscription.id);
          await deliver(events);
        } else {
          const paid = random() < 0.85;
          const events = stripe.renew(subscriptionId, paid ? 'paid' : 'failed');
          if (paid) stripe.objects.get(subscriptionId)!.status = 'active';
          alignPeriod(subscriptionId);
          await deliver(events);
          if (!paid) continue;
        }
        const invoice = [...stripe.objects.values()]
          .filter((o) => o.object === 'invoice' && o.status === 'paid')
          .pop()!;
        charges.push({ chargeId: stripe.chargeOf(invoice.id).id, month });
        await give(fan);
      }
      // Money comes back: of this month's payments (open) and of closed months' (absorbed).
      for (const charge of charges) {
        const object = stripe.objects.get(charge.chargeId)!;
        if (object.amount_refunded || object.disputed) continue;
        const odds = charge.month === month ? 1 : 0.3;
        const draw = random();
        if (draw < 0.08 * odds) await deliver(stripe.refund(charge.chargeId));
        else if (draw < 0.12 * odds) await deliver(stripe.refund(charge.chargeId, 100 + Math.floor(random() * 500)));
        else if (draw < 0.16 * odds) {
          object.disputed = true;
          const dispute = stripe.dispute(charge.chargeId);
          await deliver([dispute]);
          if (random() < 0.5)
            await deliver([
              stripe.closeDispute((dispute.data as { object: StripeObject }).object.id, pick(['won', 'lost'])),
            ]);
        }
      }
    }

    // Never a month paid twice: every sent row was carried by exactly one transfer, of exactly its sum.
    const transfers = [...stripe.objects.values()].filter((o) => o.object === 'transfer');
    const rows = await knex()('payout_transfers').where({ status: 'sent' });
    for (const row of rows) {
      const carriers = transfers.filter(
        (t) =>
          (t.metadata as { artistId: string }).artistId === String(row.artistId) &&
          (t.metadata as { months: string }).months.split(',').includes(row.month),
      );
      expect(carriers, `${row.artistId} ${row.month}`).to.have.length(1);
      expect(carriers[0].id).to.equal(row.transferId);
    }
    for (const transfer of transfers) {
      const carried = rows.filter((r) => r.transferId === transfer.id);
      expect(carried.reduce((sum, r) => sum + Number(r.amountCents), 0)).to.equal(transfer.amount);
    }
    // The draw covered what the issue names.
    const back = await knex()('payment_refunds');
    expect(back.some((r) => r.fromPool)).to.equal(true);
    expect(back.some((r) => !r.fromPool)).to.equal(true);
    expect(back.some((r) => r.kind === 'dispute')).to.equal(true);
    expect(await knex()('payout_transfers').where({ status: 'held' }).first()).to.not.equal(undefined);
    expect(transfers.length).to.be.greaterThan(0);
    expect(closed.size).to.equal(5);
  });
});
