import { expect } from 'chai';
import { ConfigError } from '../../../api/config.ts';
import { readSettings } from '../../../api/plugins/settings.ts';
import credits from '../plugin.ts';

const read = (env: Record<string, string>) => readSettings([credits], env).credits;

describe('credits: its settings (MONTHLY_FEE_CENTS, PLATFORM_SHARE, CURRENCY)', () => {
  it('defaults to 999 cents, a 30 % share and EUR, and reads each from the environment', () => {
    expect(read({})).to.include({ monthlyFeeCents: 999, platformShare: 0.3, currency: 'EUR' });
    expect(read({ MONTHLY_FEE_CENTS: '1299', PLATFORM_SHARE: '0.25', CURRENCY: 'gbp' })).to.include({
      monthlyFeeCents: 1299,
      platformShare: 0.25,
      currency: 'GBP',
    });
    expect(read({ PLATFORM_SHARE: '0' }).platformShare).to.equal(0);
  });

  const invalid: Array<[string, Record<string, string>, string]> = [
    [
      'a fee in euros',
      { MONTHLY_FEE_CENTS: '9.99' },
      'MONTHLY_FEE_CENTS must be a whole number of cents of at least 1, got "9.99"',
    ],
    [
      'a zero fee',
      { MONTHLY_FEE_CENTS: '0' },
      'MONTHLY_FEE_CENTS must be a whole number of cents of at least 1, got "0"',
    ],
    [
      'a share of 100 %',
      { PLATFORM_SHARE: '1' },
      'PLATFORM_SHARE must be a fraction from 0 up to (not including) 1, e.g. 0.30, got "1"',
    ],
    ['a share in percent', { PLATFORM_SHARE: '30' }, 'PLATFORM_SHARE must be a fraction'],
    ['a negative share', { PLATFORM_SHARE: '-0.1' }, 'PLATFORM_SHARE must be a fraction'],
  ];
  for (const bad of ['EURO', 'XYZ', 'JPY', '€'])
    invalid.push([
      `the currency ${bad}`,
      { CURRENCY: bad },
      `CURRENCY must be the ISO 4217 code of a currency with cents, e.g. EUR, USD or GBP, got "${bad}"`,
    ]);
  for (const [what, env, message] of invalid)
    it(`refuses ${what} with one ConfigError line`, () => {
      expect(() => read(env)).to.throw(ConfigError, message);
    });

  it('takes no money by default; Stripe needs its key and webhook secret, and a refusal never repeats a key', () => {
    expect(read({})).to.include({ paymentProvider: 'none', stripeSecretKey: null, automaticTax: false });
    const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(read({ ...stripe, STRIPE_AUTOMATIC_TAX: '1' })).to.include({
      paymentProvider: 'stripe',
      automaticTax: true,
    });
    expect(() => read({ PAYMENT_PROVIDER: 'paypal' })).to.throw(
      ConfigError,
      'PAYMENT_PROVIDER must be none or stripe, got "paypal"',
    );
    expect(() => read({ PAYMENT_PROVIDER: 'stripe' })).to.throw(
      ConfigError,
      'STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe',
    );
    expect(() => read({ ...stripe, STRIPE_WEBHOOK_SECRET: '' })).to.throw(
      ConfigError,
      'STRIPE_WEBHOOK_SECRET is required',
    );
    expect(() => read({ STRIPE_SECRET_KEY: 'sk_test_abc' })).to.throw(
      ConfigError,
      'STRIPE_SECRET_KEY is set, but PAYMENT_PROVIDER is not stripe',
    );
    expect(() => read({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_leaked' }))
      .to.throw(ConfigError, 'STRIPE_SECRET_KEY must be a secret key')
      .that.satisfies((error: Error) => !error.message.includes('pk_live_leaked'));
    expect(() => read({ ...stripe, STRIPE_API_BASE: 'api.stripe.test' })).to.throw(
      ConfigError,
      'STRIPE_API_BASE must be an http(s) origin',
    );
  });
});
