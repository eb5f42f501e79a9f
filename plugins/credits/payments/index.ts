import type { CreditsSettings } from '../settings.ts';
import { noProvider } from './none.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

/** The adapter PAYMENT_PROVIDER chose (settings checked at start: Stripe's keys are there when it is chosen). */
export function providerFor(settings: CreditsSettings): PaymentProvider {
  if (settings.paymentProvider !== 'stripe') return noProvider;
  return stripeProvider({
    secretKey: settings.stripeSecretKey!,
    webhookSecret: settings.stripeWebhookSecret!,
    apiBase: settings.stripeApiBase,
    automaticTax: settings.automaticTax,
  });
}
