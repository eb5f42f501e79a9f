import { invalid } from '../../../api/errors.ts';
import { requireUser } from '../../../api/http/guards.ts';
import { described } from '../../../api/openapi/routes.ts';
import type { ApiRouter, Kernel } from '../../../api/plugins/types.ts';
import { NO_SIGNATURE, SIGNATURE_REFUSED } from './messages.ts';
import { ARTISTS_ONLY } from './payouts.ts';
import { Billing, Carried, PayoutStatus, PortalLink, WebhookReceived } from './schemas.ts';
import { arrayOf } from '../../../api/openapi/schema.ts';
import { monthParam, monthQuery } from '../routes.ts';

/** Stripe's events are a few kilobytes; a body this large is not one. */
export const WEBHOOK_LIMIT_BYTES = 256 * 1024;
export const WEBHOOK_PATH = '/api/credits/payments/webhook';

export function paymentRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const { payments } = kernel.services.credits;

  api.get(
    '/credits/payments/billing',
    {
      summary: 'What the payment provider holds for the caller: next charge, card, invoices, a failed renewal',
      session: 'required',
      responses: { 200: Billing },
      errors: { 503: 'the provider cannot be reached' },
    },
    async (ctx) => {
      ctx.body = await payments.billing(requireUser(ctx).id);
    },
  );

  api.post(
    '/credits/payments/portal',
    {
      summary: "The provider's customer portal for the caller (change card, invoices, cancel at period end)",
      session: 'required',
      login: 'Please log in to manage billing',
      responses: { 200: PortalLink },
      errors: { 409: 'no billing account yet', 503: 'the provider cannot be reached' },
    },
    async (ctx) => {
      ctx.body = { url: await payments.portal(requireUser(ctx, 'Please log in to manage billing').id) };
    },
  );

  api.post(
    '/credits/payments/onboarding',
    {
      summary: "The provider's hosted onboarding of the caller's payout account (artists)",
      session: 'required',
      login: 'Please log in to get paid',
      responses: { 200: PortalLink },
      errors: { 403: ARTISTS_ONLY, 503: 'the provider cannot be reached' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Please log in to get paid');
      ctx.body = { url: await payments.ask(() => payments.payouts.onboard(user.id)) };
    },
  );

  api.get(
    '/credits/payments/payouts',
    {
      summary:
        "The caller's payout account status and each month's transfer: held, sent (when, reference) or failed (why)",
      session: 'required',
      responses: { 200: PayoutStatus },
      errors: { 403: ARTISTS_ONLY, 503: 'the provider cannot be reached' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await payments.ask(() => payments.payouts.status(user.id));
    },
  );

  api.get(
    '/credits/payments/carried',
    {
      summary: 'Which transfer carried the caller’s money to each artist they chose in a closed month, and when',
      session: 'required',
      query: monthQuery,
      responses: { 200: arrayOf(Carried) },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await payments.payouts.carried(user.id, monthParam(ctx, kernel.now()));
    },
  );

  // Signed by the provider, not a session: the raw bytes are what the signature covers (rawBodies).
  api.post(
    '/credits/payments/webhook',
    {
      summary: "The payment provider's events, verified over the raw body and applied once each",
      body: {
        contentType: 'application/json',
        description: 'A Stripe event, as Stripe signed it (Stripe-Signature header)',
      },
      responses: { 200: WebhookReceived },
      errors: { 400: [NO_SIGNATURE, SIGNATURE_REFUSED], 503: 'the provider cannot be reached (it retries)' },
    },
    async (ctx) => {
      const signature = ctx.get('Stripe-Signature');
      if (!signature || !ctx.state.rawBody) throw invalid(NO_SIGNATURE);
      ctx.body = await payments.receive(ctx.state.rawBody, signature);
    },
  );
}
