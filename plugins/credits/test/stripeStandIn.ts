// A minimal Stripe for the tests only: it answers the endpoints payments/stripe.ts calls with
// objects shaped as Stripe's API reference documents them (API version 2025-03-31 and later: a
// subscription's period on its items, an invoice's subscription under parent.subscription_details),
// records each request (idempotency key, parameters) for assertions, serves a hosted checkout page
// and a portal page for the browser, and signs the events it sends with the SDK's own test helper.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_standin_secret';
export const SECRET_KEY = 'sk_test_standin_key_123';

const sdk = new Stripe(SECRET_KEY);

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

type StripeObject = Record<string, unknown> & { id: string };

const MONTH_S = 30 * 24 * 3600;

export class StripeStandIn {
  url = '';
  /** Where events are delivered (the app's webhook URL), set by the test. */
  webhookUrl = '';
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, StripeObject>();
  /** Every event sent, with what the app answered. */
  readonly delivered: Array<{ event: StripeObject; status: number; body: string }> = [];
  /** The clock (seconds) its objects are dated by; tests move it with the app's. */
  nowS = () => Math.floor(Date.now() / 1000);
  /** The next transfer is refused with this message (a 400, as Stripe refuses one). */
  failNextTransfer: string | null = null;
  /** Stripe replays the first answer to a repeated idempotency key. */
  private readonly idempotent = new Map<string, StripeObject>();
  private server: Server | null = null;
  private counter = 0;

  id(prefix: string): string {
    return `${prefix}_${(++this.counter).toString().padStart(6, '0')}`;
  }

  /** On `port` (0: any free one), for a test whose app must know the address before it starts. */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(port, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The requests to a path (method and path as Stripe's reference names them). */
  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** A signed delivery of an event about `object` (the SDK's generateTestHeaderString). */
  sign(event: StripeObject, timestampS = this.nowS(), secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampS }) };
  }

  event(type: string, object: StripeObject): StripeObject {
    return {
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: this.nowS(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  async deliver(event: StripeObject): Promise<number> {
    const { payload, header } = this.sign(event);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const body = await response.text();
    this.delivered.push({ event, status: response.status, body });
    return response.status;
  }

  /** The customer pays a checkout session: a subscription, its first invoice paid; the events Stripe sends. */
  pay(sessionId: string, card = { brand: 'visa', last4: '4242' }): StripeObject[] {
    const session = this.objects.get(sessionId)!;
    const customer = this.objects.get(session.customer as string)!;
    const pm = this.put({
      id: this.id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030, country: 'DE' },
      customer: customer.id,
    });
    (customer.invoice_settings as Record<string, unknown>).default_payment_method = pm.id;
    const price = this.objects.get(session.priceId as string)!;
    const start = this.nowS();
    const subscription = this.put({
      id: this.id('sub'),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata: session.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + MONTH_S,
          },
        ],
      },
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    const invoice = this.invoice(subscription, price.unit_amount as number, 'paid');
    return [
      this.event('checkout.session.completed', session),
      this.event('customer.subscription.created', subscription),
      this.event('invoice.paid', invoice),
    ];
  }

  /** A renewal: the period moves on and its invoice is paid, or fails. */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): StripeObject[] {
    const subscription = this.objects.get(subscriptionId)!;
    const item = (subscription.items as { data: Array<Record<string, number>> }).data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end += MONTH_S;
    const price = (item as unknown as { price: { unit_amount: number } }).price;
    if (outcome === 'failed') subscription.status = 'past_due';
    const invoice = this.invoice(subscription, price.unit_amount, outcome === 'paid' ? 'paid' : 'open');
    return [
      this.event(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice),
      this.event('customer.subscription.updated', subscription),
    ];
  }

  /** The charge that paid an invoice. */
  chargeOf(invoiceId: string): StripeObject {
    const invoice = this.objects.get(invoiceId)!;
    const payment = (invoice.payments as { data: Array<{ payment: { payment_intent: string } }> }).data[0];
    return this.objects.get(this.objects.get(payment.payment.payment_intent)!.latest_charge as string)!;
  }

  /** A refund of `amount` (all of it by default) on a charge: Stripe's events about it. */
  refund(chargeId: string, amount?: number): StripeObject[] {
    const charge = this.objects.get(chargeId)!;
    const cents = amount ?? (charge.amount as number) - ((charge.amount_refunded as number) ?? 0);
    const refund = this.put({
      id: this.id('re'),
      object: 'refund',
      amount: cents,
      charge: chargeId,
      currency: 'eur',
      status: 'succeeded',
      created: this.nowS(),
    });
    Object.assign(charge, { amount_refunded: ((charge.amount_refunded as number) ?? 0) + cents });
    charge.refunded = charge.amount_refunded === charge.amount;
    return [this.event('refund.created', refund), this.event('charge.refunded', charge)];
  }

  /** The fan disputes a charge: its amount and Stripe's dispute fee leave the balance at once. */
  dispute(chargeId: string): StripeObject {
    const charge = this.objects.get(chargeId)!;
    const dispute = this.put({
      id: this.id('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: chargeId,
      currency: 'eur',
      status: 'needs_response',
      created: this.nowS(),
      balance_transactions: [this.movement(-(charge.amount as number), 1500)],
    });
    return this.event('charge.dispute.created', dispute);
  }

  /** A dispute decided: won brings the amount (and the fee) back; lost leaves it gone. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): StripeObject {
    const dispute = this.objects.get(disputeId)!;
    dispute.status = outcome;
    if (outcome === 'won')
      (dispute.balance_transactions as unknown[]).push(this.movement(dispute.amount as number, -1500));
    return this.event('charge.dispute.closed', dispute);
  }

  private movement(amount: number, fee: number): StripeObject {
    return this.put({
      id: this.id('txn'),
      object: 'balance_transaction',
      amount,
      fee,
      net: amount - fee,
      type: 'adjustment',
      created: this.nowS(),
    });
  }

  private invoice(subscription: StripeObject, amount: number, status: 'paid' | 'open'): StripeObject {
    const item = (subscription.items as { data: Array<Record<string, number>> }).data[0];
    const charge = this.put({
      id: this.id('ch'),
      object: 'charge',
      amount,
      paid: status === 'paid',
      // Stripe's fee: 1.5 % + 25 cents (the EEA card rate), in the balance transaction.
      balance_transaction: this.put({
        id: this.id('txn'),
        object: 'balance_transaction',
        amount,
        fee: Math.round(amount * 0.015) + 25,
        net: amount - (Math.round(amount * 0.015) + 25),
      }).id,
    });
    const intent = this.put({
      id: this.id('pi'),
      object: 'payment_intent',
      amount,
      status: status === 'paid' ? 'succeeded' : 'requires_payment_method',
      latest_charge: charge.id,
    });
    const id = this.id('in');
    return this.put({
      id,
      object: 'invoice',
      customer: subscription.customer,
      number: `STANDIN-${id.slice(-4)}`,
      status,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'eur',
      created: this.nowS(),
      period_end: item.current_period_start,
      hosted_invoice_url: `${this.url}/invoice/${id}`,
      status_transitions: { paid_at: status === 'paid' ? this.nowS() : null },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: {
        object: 'list',
        data: [{ id: this.id('il'), period: { start: item.current_period_start, end: item.current_period_end } }],
      },
      payments: {
        object: 'list',
        data: [
          {
            id: this.id('inpay'),
            object: 'invoice_payment',
            status: status === 'paid' ? 'paid' : 'open',
            amount_paid: status === 'paid' ? amount : null,
            payment: { type: 'payment_intent', payment_intent: intent.id },
          },
        ],
      },
    });
  }

  private put(object: StripeObject): StripeObject {
    this.objects.set(object.id, object);
    return object;
  }

  private list(data: StripeObject[], path: string) {
    return { object: 'list', data, has_more: false, url: path };
  }

  /** An object with the `expand[]` paths of the request replaced by the objects they name. */
  private expanded(object: StripeObject, params: Record<string, string>): StripeObject {
    const copy = structuredClone(object);
    for (const [key, path] of Object.entries(params)) {
      if (!key.startsWith('expand[')) continue;
      let at: Record<string, unknown> = copy;
      const parts = path.split('.');
      for (const [i, part] of parts.entries()) {
        if (at[part] === undefined) break;
        if (typeof at[part] === 'string' && this.objects.has(at[part] as string))
          at[part] = structuredClone(this.objects.get(at[part] as string));
        if (i < parts.length - 1) at = at[part] as Record<string, unknown>;
      }
    }
    return copy;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, this.url);
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = url.pathname;
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'GET' || path.startsWith('/connect/') ? url.search : body),
    );
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
      res.end(JSON.stringify(value));
    };
    const html = (markup: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Stripe ` +
          `stand-in</title></head><body style="font-family:sans-serif;padding:2rem">${markup}</body></html>`,
      );
    };
    const redirect = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (path.startsWith('/v1/')) {
      this.requests.push({
        method: req.method!,
        path,
        params,
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      });
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    let match: RegExpMatchArray | null;
    if (req.method === 'GET' && path === '/v1/prices') {
      const prices = [...this.objects.values()].filter(
        (o) => o.object === 'price' && o.lookup_key === params['lookup_keys[0]'] && o.active,
      );
      return json(200, this.list(prices, path));
    }
    if (req.method === 'POST' && path === '/v1/prices')
      return json(
        200,
        this.put({
          id: this.id('price'),
          object: 'price',
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          lookup_key: params.lookup_key,
          recurring: { interval: params['recurring[interval]'], interval_count: 1 },
          product: this.put({ id: this.id('prod'), object: 'product', name: params['product_data[name]'] }).id,
          type: 'recurring',
        }),
      );
    if (req.method === 'POST' && path === '/v1/customers')
      return json(
        200,
        this.put({
          id: this.id('cus'),
          object: 'customer',
          email: params.email,
          metadata: { userId: params['metadata[userId]'] },
          invoice_settings: { default_payment_method: null },
        }),
      );
    if (
      req.method === 'GET' &&
      (match = path.match(/^\/v1\/(customers|subscriptions|payment_intents|invoices)\/(\w+)$/))
    ) {
      const object = this.objects.get(match[2]);
      if (!object)
        return json(404, { error: { type: 'invalid_request_error', message: `No such object: '${match[2]}'` } });
      return json(200, this.expanded(object, params));
    }
    if (req.method === 'POST' && (match = path.match(/^\/v1\/subscriptions\/(\w+)$/))) {
      const subscription = this.objects.get(match[1])!;
      if (params.cancel_at_period_end) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      return json(200, subscription);
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const refunds = [...this.objects.values()]
        .filter((o) => o.object === 'refund' && o.charge === params.charge)
        .reverse();
      return json(200, this.list(refunds, path));
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/disputes\/(\w+)$/)))
      return json(200, this.objects.get(match[1]));
    if (req.method === 'GET' && path === '/v1/invoices') {
      const invoices = [...this.objects.values()]
        .filter((o) => o.object === 'invoice' && o.customer === params.customer)
        .reverse();
      return json(200, this.list(invoices, path));
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = this.id('cs_test');
      return json(
        200,
        this.put({
          id,
          object: 'checkout.session',
          mode: params.mode,
          customer: params.customer,
          client_reference_id: params.client_reference_id,
          metadata: { userId: params['metadata[userId]'] },
          priceId: params['line_items[0][price]'],
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          automatic_tax: { enabled: params['automatic_tax[enabled]'] === 'true' },
          url: `${this.url}/checkout/${id}`,
        }),
      );
    }
    if (req.method === 'POST' && path === '/v1/accounts')
      return json(
        200,
        this.put({
          id: this.id('acct'),
          object: 'account',
          type: params.type,
          email: params.email,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          metadata: { userId: params['metadata[userId]'] },
        }),
      );
    if (req.method === 'GET' && (match = path.match(/^\/v1\/accounts\/(\w+)$/)))
      return json(200, this.objects.get(match[1]));
    if (req.method === 'POST' && path === '/v1/account_links')
      return json(200, {
        object: 'account_link',
        created: this.nowS(),
        expires_at: this.nowS() + 300,
        url: `${this.url}/connect/${params.account}?return=${encodeURIComponent(params.return_url)}`,
      });
    if (req.method === 'POST' && path === '/v1/transfers') {
      const key = req.headers['idempotency-key'] as string;
      const replay = this.idempotent.get(key);
      if (replay) return json(200, replay);
      if (this.failNextTransfer) {
        const message = this.failNextTransfer;
        this.failNextTransfer = null;
        return json(400, { error: { type: 'invalid_request_error', code: 'balance_insufficient', message } });
      }
      const transfer = this.put({
        id: this.id('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        currency: params.currency,
        destination: params.destination,
        transfer_group: params.transfer_group,
        created: this.nowS(),
        metadata: {
          artistId: params['metadata[artistId]'],
          month: params['metadata[month]'],
          months: params['metadata[months]'],
        },
      });
      this.idempotent.set(key, transfer);
      return json(200, transfer);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = this.id('bps');
      return json(
        200,
        this.put({
          id,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `${this.url}/portal/${id}`,
        }),
      );
    }
    // The hosted pages a browser sees (and the icon it asks for).
    if (path === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' && (match = path.match(/^\/checkout\/(\w+)$/))) {
      const session = this.objects.get(match[1])!;
      const price = this.objects.get(session.priceId as string)!;
      return html(
        `<h1>Stand-in checkout</h1><p>OneTrack Premium: ${(Number(price.unit_amount) / 100).toFixed(2)} ` +
          `${String(price.currency).toUpperCase()} a month</p>` +
          `<form method="post" action="/checkout/${session.id}/pay"><label>Card <input name="card" ` +
          `value="4242 4242 4242 4242"></label> <button type="submit">Pay</button></form>`,
      );
    }
    if (req.method === 'POST' && (match = path.match(/^\/checkout\/(\w+)\/pay$/))) {
      for (const event of this.pay(match[1])) await this.deliver(event);
      return redirect(this.objects.get(match[1])!.success_url as string);
    }
    if (req.method === 'GET' && (match = path.match(/^\/connect\/(\w+)$/)))
      return html(
        `<h1>Stand-in Connect onboarding</h1><form method="post" ` +
          `action="/connect/${match[1]}?return=${encodeURIComponent(url.searchParams.get('return')!)}"><button ` +
          `type="submit">Finish onboarding</button></form>`,
      );
    if (req.method === 'POST' && (match = path.match(/^\/connect\/(\w+)$/))) {
      const account = this.objects.get(match[1])!;
      Object.assign(account, { details_submitted: true, payouts_enabled: true, charges_enabled: true });
      await this.deliver(this.event('account.updated', account));
      return redirect(url.searchParams.get('return')!);
    }
    if (req.method === 'GET' && (match = path.match(/^\/portal\/(\w+)$/))) {
      return html(
        `<h1>Stand-in customer portal</h1><form method="post" ` +
          `action="/portal/${match[1]}/cancel"><button type="submit">Cancel plan</button></form>`,
      );
    }
    if (req.method === 'POST' && (match = path.match(/^\/portal\/(\w+)\/cancel$/))) {
      const portal = this.objects.get(match[1])!;
      const subscription = [...this.objects.values()].find(
        (o) => o.object === 'subscription' && o.customer === portal.customer,
      )!;
      subscription.cancel_at_period_end = true;
      await this.deliver(this.event('customer.subscription.updated', subscription));
      return redirect(portal.return_url as string);
    }
    json(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
    });
  }
}
