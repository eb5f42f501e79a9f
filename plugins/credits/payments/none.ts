import { NO_PAYMENT_TAKEN } from '../rules.ts';
import type { PaymentProvider } from './provider.ts';

const nothingHere = async (): Promise<never> => {
  throw new Error(NO_PAYMENT_TAKEN);
};

/**
 * The default: no money is taken or paid. Memberships start and end at once (membership.ts), and
 * every page that would show a payment says so instead; nothing here is ever asked.
 */
export const noProvider: PaymentProvider = {
  name: 'none',
  takesMoney: false,
  startCheckout: nothingHere,
  portal: nothingHere,
  billing: nothingHere,
  subscription: nothingHere,
  cancelAtPeriodEnd: nothingHere,
  payment: nothingHere,
  refunds: nothingHere,
  dispute: nothingHere,
  createAccount: nothingHere,
  account: nothingHere,
  onboardingLink: nothingHere,
  transfer: nothingHere,
  verifyEvent() {
    throw new Error(NO_PAYMENT_TAKEN);
  },
};
