import { invalid } from '../../../api/errors.ts';
import { ADMIN_ROLES, requireRole, requireUser } from '../../../api/http/guards.ts';
import { MONTH_PATTERN } from '../months.ts';
import { BAD_MONTH } from '../rules.ts';
import { described } from '../../../api/openapi/routes.ts';
import type { ApiRouter, Kernel } from '../../../api/plugins/types.ts';
import { MONTH_STILL_OPEN, NO_SIGNATURE, SIGNATURE_REFUSED } from './messages.ts';
import { ARTISTS_ONLY } from './payouts.ts';
import { AdminPayoutMonth, Billing, Carried, PayoutStatus, PortalLink, WebhookReceived } from './schemas.ts';
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

  const adminMonth = (ctx: Parameters<Parameters<typeof api.get>[2]>[0]) => {
    requireRole(ctx, ADMIN_ROLES);
    if (!new RegExp(MONTH_PATTERN).test(ctx.params.month)) throw invalid(BAD_MONTH);
    return ctx.params.month as string;
  };
  const monthPath = { month: { description: 'The month, YYYY-MM', schema: { type: 'string' } } };

  api.get(
    '/credits/payments/admin/:month',
    {
      summary: "A closed month's reconciliation and its transfers per artist (admins)",
      session: 'required',
      params: monthPath,
      responses: { 200: AdminPayoutMonth },
      errors: { 400: BAD_MONTH, 403: 'not an admin', 409: MONTH_STILL_OPEN },
    },
    async (ctx) => {
      ctx.body = await payments.adminMonth(adminMonth(ctx));
    },
  );

  api.post(
    '/credits/payments/admin/:month/retry',
    {
      summary: "Sends a closed month's failed and held transfers again now (admins)",
      session: 'required',
      params: monthPath,
      responses: { 200: AdminPayoutMonth },
      errors: { 400: BAD_MONTH, 403: 'not an admin', 409: MONTH_STILL_OPEN },
    },
    async (ctx) => {
      ctx.body = await payments.retry(adminMonth(ctx));
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
