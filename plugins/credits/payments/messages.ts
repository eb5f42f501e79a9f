// What the payment routes and Billing say (one source for the API, its description and the islands).

export const SIGNATURE_REFUSED =
  'The webhook signature does not verify (forged, altered, or older than five minutes): nothing was changed';
export const PROVIDER_UNREACHABLE = 'The payment provider cannot be reached just now. Please try again in a minute.';
export const BILLING_NOT_STARTED = 'There is no billing account yet: upgrade to Premium first.';
export const CONTINUE_AT_CHECKOUT = 'Continue at the checkout: your membership starts once the payment is confirmed.';
export const NO_SIGNATURE = 'A webhook needs its Stripe-Signature header';
export const PAYMENT_FAILED =
  'Your last payment did not go through. Stripe will try again over the next ' +
  'days; update your card in Manage billing so your credits keep coming.';
export const MONTH_STILL_OPEN = 'This month has not closed yet: it is paid out once it has.';
