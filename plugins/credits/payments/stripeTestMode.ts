// Operator's check of the stripe adapter against Stripe's test mode with your own test key (never
// run in CI: these machines cannot reach Stripe). It runs the production adapter, prints what Stripe
// answered, and leaves test objects in your test account:
//
//   STRIPE_SECRET_KEY=sk_test_… node plugins/credits/payments/stripeTestMode.ts [email]
//
// It finds or creates the Premium price by its lookup key, opens a Checkout session for a new test
// customer and prints its URL (pay it with card 4242 4242 4242 4242), then reads the account status
// of a new Express account's onboarding link. Forward webhooks with `stripe listen --forward-to
// PUBLIC_URL/api/credits/payments/webhook` to watch them arrive at a running OneTrack.
import { stripeProvider } from './stripe.ts';

const key = process.env.STRIPE_SECRET_KEY ?? '';
if (!key.startsWith('sk_test_') && !key.startsWith('rk_test_')) {
  process.stderr.write('Set STRIPE_SECRET_KEY to a test-mode key (sk_test_…): this script never runs on live keys.\n');
  process.exit(1);
}
const email = process.argv[2] ?? 'onetrack-test@example.com';
const origin = process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000';
const provider = stripeProvider({ secretKey: key, webhookSecret: 'whsec_unused', apiBase: null, automaticTax: false });

const checkout = await provider.startCheckout({
  userId: 0,
  email,
  customerId: null,
  feeCents: Number(process.env.MONTHLY_FEE_CENTS || 999),
  currency: process.env.CURRENCY || 'EUR',
  successUrl: `${origin}/credits?checkout=done`,
  cancelUrl: `${origin}/profile?tab=billing`,
  idempotencyKey: `operator-check:${Date.now()}`,
});
process.stdout.write(`Checkout for ${email} (customer ${checkout.customerId}):\n  ${checkout.url}\n`);
const account = await provider.createAccount(0, email);
process.stdout.write(`Express account ${account.id}: payouts ${account.payoutsEnabled ? 'on' : 'not on yet'}\n`);
process.stdout.write(
  `Onboarding: ${await provider.onboardingLink(account.id, `${origin}/credits`, `${origin}/credits`)}\n`,
);
