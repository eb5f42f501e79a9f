import { ConfigError } from '../../../api/config.ts';
import type { SettingDeclaration } from '../../../api/plugins/types.ts';

const flag = (name: string) => (raw: string) => {
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`);
};

/** A Stripe setting is needed when Stripe is chosen, and means nothing otherwise. */
const stripeOnly = (name: string, env: Record<string, string | undefined>) => {
  if (env.PAYMENT_PROVIDER !== 'stripe') throw new ConfigError(`${name} is set, but PAYMENT_PROVIDER is not stripe`);
};

/** The payment provider (payments/provider.ts) and the rule of paying artists. */
export const paymentSettings = {
  paymentProvider: {
    env: 'PAYMENT_PROVIDER',
    default: 'none' as 'none' | 'stripe',
    meaning:
      '`none`: no money is taken, and the app says so; `stripe`: fans pay the fee through Stripe ' +
      'Checkout, confirmed by Stripe\'s webhooks (`docs/payouts.md`, "What an operator sets up")',
    validator(raw, env) {
      if (raw !== 'none' && raw !== 'stripe')
        throw new ConfigError(`PAYMENT_PROVIDER must be none or stripe, got "${raw}"`);
      if (raw === 'stripe' && !env.STRIPE_SECRET_KEY)
        throw new ConfigError('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe (sk_live_… or sk_test_…)');
      if (raw === 'stripe' && !env.STRIPE_WEBHOOK_SECRET)
        throw new ConfigError(
          "STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe (the endpoint's whsec_… signing secret)",
        );
      return raw;
    },
  },
  stripeSecretKey: {
    env: 'STRIPE_SECRET_KEY',
    default: null as string | null,
    shownDefault: 'unset; **required** with `PAYMENT_PROVIDER=stripe`',
    meaning: 'the secret API key (`sk_…`); never logged, answered or exported',
    validator(raw, env) {
      stripeOnly('STRIPE_SECRET_KEY', env);
      // The key itself is never repeated in a refusal.
      if (!/^(sk|rk)_(test|live)_\w+$/.test(raw))
        throw new ConfigError('STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_… or rk_…)');
      return raw as string | null;
    },
  },
  stripeWebhookSecret: {
    env: 'STRIPE_WEBHOOK_SECRET',
    default: null as string | null,
    shownDefault: 'unset; **required** with `PAYMENT_PROVIDER=stripe`',
    meaning:
      'the signing secret (`whsec_…`) of the webhook endpoint ' +
      '`PUBLIC_URL/api/credits/payments/webhook`; events it does not sign are refused',
    validator(raw, env) {
      stripeOnly('STRIPE_WEBHOOK_SECRET', env);
      if (!raw.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a signing secret (whsec_…)');
      return raw as string | null;
    },
  },
  stripeApiBase: {
    env: 'STRIPE_API_BASE',
    default: null as string | null,
    shownDefault: 'unset → `https://api.stripe.com`',
    meaning: 'another address for the Stripe API (tests: a local stand-in); leave unset in production',
    validator(raw, env) {
      stripeOnly('STRIPE_API_BASE', env);
      if (!/^https?:\/\/[^/]+\/?$/.test(raw))
        throw new ConfigError(`STRIPE_API_BASE must be an http(s) origin, e.g. http://127.0.0.1:12111, got "${raw}"`);
      return raw as string | null;
    },
  },
  automaticTax: {
    env: 'STRIPE_AUTOMATIC_TAX',
    default: false,
    meaning:
      '`1`: Stripe Tax computes and collects the tax on each fee (enable ' +
      'Stripe Tax in the dashboard first); the fee is then before tax',
    validator: flag('STRIPE_AUTOMATIC_TAX'),
  },
  minPayoutCents: {
    env: 'MIN_PAYOUT_CENTS',
    default: 500,
    meaning:
      "with `PAYMENT_PROVIDER=stripe`: an artist's earnings are held until they reach this " +
      "many cents (and their payout account is on), then sent with the next month's transfer",
    validator(raw) {
      const cents = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(cents))
        throw new ConfigError(`MIN_PAYOUT_CENTS must be a whole number of cents, got "${raw}"`);
      return cents;
    },
  },
} satisfies Record<string, SettingDeclaration>;
