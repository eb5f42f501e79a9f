import { expect } from 'chai';
import { startSecondNode, type TestServer } from '../../../api/test/server.ts';
import { signUp, type SignedUp } from '../../accounts/test/fixtures.ts';
import { SIGNATURE_REFUSED } from '../payments/messages.ts';
import { priceLookupKey } from '../payments/stripe.ts';
import { SECRET_KEY, StripeStandIn, WEBHOOK_SECRET } from './stripeStandIn.ts';
import { startStripeServer } from './stripeServer.ts';

// Issue 41: fans pay through the `stripe` adapter (the production code, STRIPE_API_BASE pointed at
// a local stand-in that answers as Stripe documents), and every webhook changes state once.
describe('credits: payments through Stripe (stand-in)', () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let clock = new Date('2026-03-10T12:00:00Z');
  let fan: SignedUp;

  before(async () => {
    stripe = new StripeStandIn();
    server = await startStripeServer(stripe, { now: () => clock });
    fan = await signUp(server, 'payer');
  });
  after(async () => {
    await server.stop();
    await stripe.stop();
  });

  const knex = () => server.app.kernel.knex;
  const membership = async () => (await fan.client.get('/api/credits/membership')).body;
  const events = async () => Number((await knex()('payment_events').count({ n: '*' }))[0].n);
  const lastSession = () => [...stripe.objects.values()].filter((o) => o.object === 'checkout.session').pop()!;

  it(
    'upgrading answers a hosted checkout for the fee and ' + 'changes nothing until Stripe confirms the payment',
    async () => {
      const res = await fan.client.post('/api/credits/membership/upgrade');
      expect(res.status).to.equal(200);
      expect(res.body.checkoutUrl).to.match(new RegExp(`^${stripe.url}/checkout/cs_test_`));
      expect(res.body.state).to.equal('trial');
      // Coming back from the checkout is not a payment.
      expect((await fan.client.get('/credits?checkout=done')).status).to.be.lessThan(500);
      expect((await membership()).state).to.equal('trial');

      // The price is found by its lookup key, created once; every POST carries an idempotency key.
      expect(stripe.calls('GET', '/v1/prices')[0].params['lookup_keys[0]']).to.equal(priceLookupKey(999, 'EUR'));
      const [price] = stripe.calls('POST', '/v1/prices');
      expect(price.params).to.include({ unit_amount: '999', currency: 'eur', 'recurring[interval]': 'month' });
      for (const call of stripe.requests.filter((r) => r.method === 'POST'))
        expect(call.idempotencyKey, call.path).to.be.a('string').and.not.empty;
      const session = stripe.calls('POST', '/v1/checkout/sessions')[0];
      expect(session.params).to.include({
        mode: 'subscription',
        success_url: `${server.url}/credits?checkout=done`,
        cancel_url: `${server.url}/profile?tab=billing`,
        client_reference_id: String(fan.user.id),
      });
      expect(session.params['automatic_tax[enabled]']).to.equal(undefined);

      // A second upgrade finds the price again and reuses the customer.
      await fan.client.post('/api/credits/membership/upgrade');
      expect(stripe.calls('POST', '/v1/prices')).to.have.length(1);
      expect(stripe.calls('POST', '/v1/customers')).to.have.length(1);
    },
  );

  it('refuses a forged, altered, stale or unsigned event with 400 and changes nothing', async () => {
    const [completed] = stripe.pay(lastSession().id);
    const good = stripe.sign(completed);
    const post = (payload: string, header?: string) =>
      server.client().post('/api/credits/payments/webhook', payload, {
        'content-type': 'application/json',
        ...(header && { 'stripe-signature': header }),
      });
    const before = await events();
    const refusals = [
      await post(
        stripe.sign(completed, undefined, 'whsec_someone_else').payload,
        stripe.sign(completed, undefined, 'whsec_someone_else').header,
      ),
      await post(good.payload.replace('"complete"', '"open"'), good.header),
      await post(
        stripe.sign(completed, stripe.nowS() - 301).payload,
        stripe.sign(completed, stripe.nowS() - 301).header,
      ),
      await post(good.payload),
    ];
    expect(refusals.map((r) => r.status)).to.deep.equal([400, 400, 400, 400]);
    expect(refusals[0].body.message).to.equal(SIGNATURE_REFUSED);
    expect(await events()).to.equal(before);
    expect((await membership()).state).to.equal('trial');
  });

  it(
    'activates the membership on the signed confirmation, ' +
      'once, and Billing shows the card, next charge and invoice',
    async () => {
      const session = lastSession();
      const subscription = [...stripe.objects.values()].find((o) => o.object === 'subscription')!;
      const invoice = [...stripe.objects.values()].find((o) => o.object === 'invoice')!;
      const sent = [
        stripe.event('checkout.session.completed', session),
        stripe.event('customer.subscription.created', subscription),
        stripe.event('invoice.paid', invoice),
      ];
      for (const event of sent) expect(await stripe.deliver(event)).to.equal(200);
      expect(stripe.delivered.slice(-3).map((d) => JSON.parse(d.body).applied)).to.deep.equal([true, true, true]);
      // Stripe delivers again (a timeout on its side): nothing changes.
      for (const event of sent) await stripe.deliver(event);
      expect(stripe.delivered.slice(-3).map((d) => JSON.parse(d.body).applied)).to.deep.equal([false, false, false]);
      expect(await events()).to.equal(3);

      expect(await membership()).to.include({ state: 'member', creditsThisMonth: true });
      const charges = await knex()('payment_charges');
      expect(charges).to.have.length(1);
      expect(charges[0]).to.include({ userId: fan.user.id, month: '2026-03', currency: 'EUR' });
      expect([Number(charges[0].amountCents), Number(charges[0].feeCents)]).to.deep.equal([999, 40]);

      const billing = (await fan.client.get('/api/credits/payments/billing')).body;
      expect(billing).to.deep.include({ provider: 'stripe', takesMoney: true, paymentFailed: false, status: 'active' });
      expect(billing.card).to.deep.equal({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
      expect(billing.nextChargeAt).to.equal(new Date((stripe.nowS() + 30 * 24 * 3600) * 1000).toISOString());
      expect(billing.invoices).to.have.length(1);
      expect(billing.invoices[0]).to.include({ status: 'paid', amountCents: 999, currency: 'EUR' });
      expect(billing.invoices[0].url).to.match(/\/invoice\/in_/);
      // The secret key is in no answer.
      expect(JSON.stringify(billing)).not.to.include(SECRET_KEY);
      const portal = await fan.client.post('/api/credits/payments/portal');
      expect(portal.body.url).to.match(/\/portal\/bps_/);
      expect(stripe.calls('POST', '/v1/billing_portal/sessions')[0].params.return_url).to.equal(
        `${server.url}/profile?tab=billing`,
      );
    },
  );

  it('a failed renewal is said on Billing and e-mailed; a month never paid grants no credits', async () => {
    const subscription = [...stripe.objects.values()].find((o) => o.object === 'subscription')!;
    clock = new Date('2026-04-09T13:00:00Z');
    for (const event of stripe.renew(subscription.id, 'failed')) expect(await stripe.deliver(event)).to.equal(200);
    const billing = (await fan.client.get('/api/credits/payments/billing')).body;
    expect(billing).to.include({ paymentFailed: true, status: 'past_due', nextChargeAt: null });
    expect(await knex()('jobs').where({ type: 'credits.payment-failed' }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
    // Paid through April (the March 10 payment's period ends April 9); May was never paid.
    expect(await membership()).to.include({ state: 'cancelled', paidThrough: '2026-04' });
    clock = new Date('2026-05-02T10:00:00Z');
    expect((await fan.client.get('/api/credits/user')).body.credits).to.equal(0);
    // Stripe's retry succeeds: the membership runs again, and May's credits come.
    for (const event of stripe.renew(subscription.id, 'paid')) {
      subscription.status = 'active';
      await stripe.deliver(event);
    }
    expect((await membership()).state).to.equal('member');
    expect((await fan.client.get('/api/credits/payments/billing')).body.paymentFailed).to.equal(false);
    expect((await fan.client.get('/api/credits/user')).body.credits).to.equal(100);
  });

  it(
    'an old event delivered late changes nothing the ' + 'current state contradicts (the object is read again)',
    async () => {
      const subscription = [...stripe.objects.values()].find((o) => o.object === 'subscription')!;
      const cancel = await fan.client.post('/api/credits/membership/cancel');
      expect(cancel.status).to.equal(200);
      expect(stripe.calls('POST', `/v1/subscriptions/${subscription.id}`)[0].params.cancel_at_period_end).to.equal(
        'true',
      );
      expect(cancel.body).to.include({ state: 'cancelled' });
      // March's "created" event (status active, not cancelling) arrives only now: Stripe still says cancelling.
      const stale = stripe.event('customer.subscription.created', { ...subscription, cancel_at_period_end: false });
      expect(await stripe.deliver(stale)).to.equal(200);
      expect((await membership()).state).to.equal('cancelled');
    },
  );

  it('the same event reaching two nodes at the same moment is applied once', async () => {
    // The second node reads the wall clock: both must agree on the signature's age.
    clock = new Date();
    const second = await startSecondNode(server, false);
    try {
      const subscription = [...stripe.objects.values()].find((o) => o.object === 'subscription')!;
      const event = stripe.event('customer.subscription.updated', subscription);
      const { payload, header } = stripe.sign(event);
      const send = (c: ReturnType<TestServer['client']>) =>
        c.post('/api/credits/payments/webhook', payload, {
          'content-type': 'application/json',
          'stripe-signature': header,
        });
      const answers = await Promise.all([
        send(server.client()),
        send(second.client()),
        send(server.client()),
        send(second.client()),
      ]);
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200, 200]);
      expect(answers.filter((a) => a.body.applied)).to.have.length(1);
      expect(await knex()('payment_events').where({ eventId: event.id }).count({ n: '*' })).to.deep.equal([{ n: 1 }]);
    } finally {
      await second.stop();
    }
  });

  it('keeps the secret key out of the data export and the API description', async () => {
    const description = await server.client().get('/api/openapi.json');
    expect(JSON.stringify(description.body)).not.to.include(SECRET_KEY).and.not.to.include(WEBHOOK_SECRET);
    const { exportCredits } = await import('../yourData.ts');
    const exported = JSON.stringify(await exportCredits(server.app.kernel, fan.user.id));
    expect(exported).not.to.include(SECRET_KEY);
  });
});
