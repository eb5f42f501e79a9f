import { expect } from 'chai';
import { startSecondNode, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { NOT_ONBOARDED } from '../payments/payouts.ts';
import { StripeStandIn } from './stripeStandIn.ts';
import { startStripeServer } from './stripeServer.ts';

// Issue 41, "Artists are paid": Connect Express onboarding, then one transfer per artist and closed
// month (idempotency key per artist and month, transfer group per month), held money carried into a
// later transfer, a failed transfer retried, never a month paid twice.
describe('credits: artists are paid through Stripe Connect (stand-in)', () => {
  let server: TestServer;
  const stripe = new StripeStandIn();
  let clock = new Date('2026-03-05T12:00:00Z');
  let fans: SignedUp[];
  let boarded: SignedUp;
  let later: SignedUp;

  before(async () => {
    server = await startStripeServer(stripe, { now: () => clock, credits: { minPayoutCents: 500 } });
    boarded = await signUp(server, 'boarded', { artist: true });
    later = await signUp(server, 'later', { artist: true });
    fans = [await signUp(server, 'fan1'), await signUp(server, 'fan2')];
  });
  after(async () => {
    await server.stop();
    await stripe.stop();
  });

  const runMonth = (month: string) => server.app.kernel.services.credits.payments.payouts.runMonth(month);
  const status = async (who: SignedUp) => (await who.client.get('/api/credits/payments/payouts')).body;
  const payAndAllocate = async (fan: SignedUp, gifts: Array<[SignedUp, number]>) => {
    const { checkoutUrl } = (await fan.client.post('/api/credits/membership/upgrade')).body;
    if (checkoutUrl) for (const event of stripe.pay(checkoutUrl.split('/').pop())) await stripe.deliver(event);
    for (const [artist, credits] of gifts)
      expect(
        (await fan.client.post('/api/credits/allocate', { artistId: artist.artist!.id, credits })).status,
      ).to.equal(201);
  };

  it('onboards an artist through the hosted onboarding: details needed, then payouts on', async () => {
    expect((await fans[0].client.post('/api/credits/payments/onboarding')).status).to.equal(403);
    const res = await boarded.client.post('/api/credits/payments/onboarding');
    expect(res.body.url).to.match(new RegExp(`^${stripe.url}/connect/acct_`));
    expect(stripe.calls('POST', '/v1/accounts')[0].params).to.include({
      type: 'express',
      'capabilities[transfers][requested]': 'true',
    });
    expect(stripe.calls('POST', '/v1/account_links')[0].params.return_url).to.equal(
      `${server.url}/dashboard?onboarding=done`,
    );
    expect((await status(boarded)).account).to.equal('details-needed');
    const account = [...stripe.objects.values()].find((o) => o.object === 'account')!;
    Object.assign(account, { details_submitted: true, payouts_enabled: true });
    expect(await stripe.deliver(stripe.event('account.updated', account))).to.equal(200);
    expect(await server.app.kernel.knex('payout_accounts').first('payoutsEnabled')).to.satisfy(
      (r: { payoutsEnabled: unknown }) => !!r.payoutsEnabled,
    );
    expect((await status(boarded)).account).to.equal('payouts-on');
    expect((await status(later)).account).to.equal('none');
  });

  it('pays a closed month once per artist, holds an unboarded artist, and never pays twice (run twice)', async () => {
    await payAndAllocate(fans[0], [
      [boarded, 60],
      [later, 40],
    ]);
    await payAndAllocate(fans[1], [[boarded, 100]]);
    // The month's first payment scheduled its payout job, due once March has settled.
    const [job] = await server.app.kernel.knex('jobs').where({ type: 'credits.payouts' });
    expect(JSON.parse(job.payload)).to.deep.equal({ month: '2026-03' });
    clock = new Date('2026-04-01T00:10:00Z');
    const statement = (await boarded.client.get('/api/credits/statements/artist?month=2026-03')).body;
    await Promise.all([runMonth('2026-03'), runMonth('2026-03')]);
    await runMonth('2026-03');
    const transfers = stripe.calls('POST', '/v1/transfers');
    const made = [...stripe.objects.values()].filter((o) => o.object === 'transfer');
    expect(made).to.have.length(1);
    expect(made[0]).to.include({ amount: statement.amountCents, transfer_group: 'onetrack-2026-03', currency: 'eur' });
    for (const call of transfers) expect(call.idempotencyKey).to.equal(`payout:${boarded.artist!.id}:2026-03:0`);
    const [march] = (await status(boarded)).months;
    expect(march).to.include({
      month: '2026-03',
      status: 'sent',
      transferId: made[0].id,
      sentWith: '2026-03',
      amountCents: statement.amountCents,
    });
    expect((await status(later)).months[0]).to.include({ status: 'held', reason: NOT_ONBOARDED });
    // Beyond the peers: the fan sees which transfer carried their money to each artist, and when.
    const carried = (await fans[0].client.get('/api/credits/payments/carried?month=2026-03')).body;
    expect(
      carried.map((c: { name: string; status: string; transferId: string | null }) => [c.name, c.status, c.transferId]),
    ).to.deep.equal([
      ['Boarded', 'sent', made[0].id],
      ['Later', 'held', null],
    ]);
    expect((await fans[0].client.get('/api/credits/payments/carried?month=March')).status).to.equal(400);
    // Every cent of March: two paid fees less Stripe's, against the share, the transfer and the held money.
    const r = await server.app.kernel.services.credits.payments.reconciliation('2026-03');
    expect(r).to.include({ collectedCents: 1998, feesCents: 80, sentCents: statement.amountCents, differenceCents: 0 });
    expect(r!.heldCents).to.be.greaterThan(0);
  });

  it('retries a refused transfer with a new key, and sends held money with a later month', async () => {
    await later.client.post('/api/credits/payments/onboarding');
    const account = [...stripe.objects.values()].filter((o) => o.object === 'account').pop()!;
    Object.assign(account, { details_submitted: true, payouts_enabled: true });
    await stripe.deliver(stripe.event('account.updated', account));
    clock = new Date('2026-04-10T12:00:00Z');
    for (const fan of fans)
      for (const event of stripe.renew(
        (await server.app.kernel.knex('payment_customers').where({ userId: fan.user.id }).first()).subscriptionId,
        'paid',
      ))
        await stripe.deliver(event);
    await fans[0].client.post('/api/credits/allocate', { artistId: later.artist!.id, credits: 100 });
    clock = new Date('2026-05-01T00:10:00Z');
    stripe.failNextTransfer = 'Insufficient funds in Stripe account';
    let failed: Error | null = null;
    await runMonth('2026-04').catch((error: Error) => (failed = error));
    expect(failed).to.be.an('error');
    const failedRow = (await status(later)).months.find((m: { month: string }) => m.month === '2026-04');
    expect(failedRow).to.include({ status: 'failed' });
    expect(failedRow.reason).to.include('Insufficient funds');
    await runMonth('2026-04');
    const months = (await status(later)).months;
    expect(
      months.map((m: { month: string; status: string; sentWith: string }) => [m.month, m.status, m.sentWith]),
    ).to.deep.equal([
      ['2026-04', 'sent', '2026-04'],
      ['2026-03', 'sent', '2026-04'],
    ]);
    const last = [...stripe.objects.values()].filter((o) => o.object === 'transfer').pop()!;
    expect(last.amount).to.equal(months[0].amountCents + months[1].amountCents);
    expect(stripe.calls('POST', '/v1/transfers').pop()!.idempotencyKey).to.equal(
      `payout:${later.artist!.id}:2026-04:1`,
    );
  });

  // Last: a stopped second node takes Objection's shared connection with it.
  it('pays nothing again when the job runs on two nodes at the same moment', async () => {
    const before = [...stripe.objects.values()].filter((o) => o.object === 'transfer').length;
    const second = await startSecondNode(server, false);
    try {
      await Promise.all([
        runMonth('2026-04'),
        second.app.kernel.services.credits.payments.payouts.runMonth('2026-04'),
        runMonth('2026-03'),
        second.app.kernel.services.credits.payments.payouts.runMonth('2026-03'),
      ]);
    } finally {
      await second.stop();
    }
    expect([...stripe.objects.values()].filter((o) => o.object === 'transfer')).to.have.length(before);
  });
});
