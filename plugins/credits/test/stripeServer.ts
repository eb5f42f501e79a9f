// The app wired to the Stripe stand-in, as every Stripe test of credits starts it: the stand-in's
// clock follows the app's, the `stripe` adapter points at the stand-in, events go to the app's webhook.
import { startTestServer, type TestServer } from '../../../api/test/server.ts';
import type { SettingsOverrides } from '../../../api/plugins/settings.ts';
import { SECRET_KEY, StripeStandIn, WEBHOOK_SECRET } from './stripeStandIn.ts';

export interface StripeServerOptions {
  /** The app's clock (the stand-in's follows it). */
  now: () => Date;
  /** Serve pages through the built site (needs `npm run build`). */
  pages?: boolean;
  /** Credits' settings beyond the provider's (e.g. minPayoutCents). */
  credits?: SettingsOverrides['credits'];
}

/** Starts the stand-in and an app with accounts and credits paying through it. */
export async function startStripeServer(stripe: StripeStandIn, options: StripeServerOptions): Promise<TestServer> {
  await stripe.start();
  stripe.nowS = () => Math.floor(options.now().getTime() / 1000);
  const server = await startTestServer({
    plugins: ['accounts', 'credits'],
    pages: options.pages,
    now: options.now,
    settings: {
      credits: {
        paymentProvider: 'stripe',
        stripeSecretKey: SECRET_KEY,
        stripeWebhookSecret: WEBHOOK_SECRET,
        stripeApiBase: stripe.url,
        ...options.credits,
      },
    },
  });
  stripe.webhookUrl = `${server.url}/api/credits/payments/webhook`;
  return server;
}
