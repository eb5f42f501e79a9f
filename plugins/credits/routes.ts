import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, integer, object } from '../../api/openapi/schema.ts';
import {
  Allocation,
  AllocationChoice,
  ArtistPayouts,
  ArtistStatement,
  CreditsSummary,
  FanStatement,
  ListeningPreference,
  Membership,
  MembershipUpgraded,
  MonthPayouts,
  Transparency,
} from './schemas.ts';
import { invalid } from '../../api/errors.ts';
import { localized } from '../../api/i18n.ts';
import { ADMIN_ROLES, requireRole, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import type { Context } from 'koa';
import type { FieldRules } from '../../api/validation/rules.ts';
import { toCsv } from './csv.ts';
import { MONTH_PATTERN, monthOf } from './months.ts';
import { formatCents } from './money.ts';
import {
  BAD_MONTH,
  BAD_STATEMENT_FORMAT,
  NO_PAYMENT_TAKEN,
  allocateRequired,
  allocateRules,
  listeningRequired,
  listeningRules,
} from './rules.ts';
import { CONTINUE_AT_CHECKOUT } from './payments/messages.ts';

const parseAllocation = bodyValidator<{ artistId: number; credits: number }>(allocateRules, allocateRequired);
const parseListening = bodyValidator<{ followListening: boolean }>(listeningRules, listeningRequired);
export const monthQuery: FieldRules = {
  month: {
    label: 'Month (YYYY-MM), the current one when absent',
    type: 'string',
    pattern: MONTH_PATTERN,
    messages: { pattern: BAD_MONTH, type: BAD_MONTH },
  },
};
const formatQuery: FieldRules = {
  format: { label: 'Format', type: 'string', enum: ['json', 'csv'], messages: { enum: BAD_STATEMENT_FORMAT } },
};

/** ?month=YYYY-MM, the current month when absent. */
export function monthParam(ctx: Context, now: Date): string {
  const month = ctx.query.month;
  if (month === undefined) return monthOf(now);
  if (typeof month !== 'string' || !new RegExp(MONTH_PATTERN).test(month)) throw invalid(BAD_MONTH);
  return month;
}

export function creditsRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const credits = kernel.services.credits;

  api.get(
    '/credits/user',
    {
      summary: 'The caller’s credits this month and what they allocated',
      session: 'required',
      responses: { 200: CreditsSummary },
    },
    async (ctx) => {
      ctx.body = await credits.summary(requireUser(ctx).id);
    },
  );

  api.get(
    '/credits/allocations',
    { summary: 'The caller’s allocations, newest first', session: 'required', responses: { 200: arrayOf(Allocation) } },
    async (ctx) => {
      ctx.body = await credits.allocations(requireUser(ctx).id);
    },
  );

  // Read when the vault's Allocate dialog opens, not carried by the page: at scale it is every artist.
  api.get(
    '/credits/artists',
    {
      summary: 'The artists the caller may allocate credits to (never their own), by name',
      session: 'required',
      responses: { 200: arrayOf(AllocationChoice) },
    },
    async (ctx) => {
      ctx.body = await credits.artistChoices(requireUser(ctx).id);
    },
  );

  // A userId in the body is ignored (stripped by the validator): the session user always pays.
  api.post(
    '/credits/allocate',
    {
      summary: 'Give credits of this month to an artist',
      session: 'required',
      login: 'Please log in to allocate credits',
      body: parseAllocation,
      responses: { 201: object({ allocation: Allocation, credits: integer }) },
      errors: {
        410: 'the artist has left OneTrack',
        400: 'more credits than are left, or to oneself',
        403: 'no credits this month (trial ended, membership cancelled)',
        404: 'no such artist',
        409: 'the month closed meanwhile',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Please log in to allocate credits');
      const { artistId, credits: amount } = parseAllocation(ctx.request.body);
      ctx.status = 201;
      ctx.body = await credits.allocate(user.id, artistId, amount);
    },
  );

  // Membership (Settings › Billing). No body is read: the session user is the only subject.
  api.get(
    '/credits/membership',
    { summary: 'The caller’s membership (Settings › Billing)', session: 'required', responses: { 200: Membership } },
    async (ctx) => {
      ctx.body = await credits.membership(requireUser(ctx).id);
    },
  );

  api.post(
    '/credits/membership/upgrade',
    {
      summary:
        'Become a member: at once without a payment provider, else after paying at `checkoutUrl` (hosted checkout)',
      session: 'required',
      login: 'Please log in to upgrade',
      responses: { 200: MembershipUpgraded },
    },
    async (ctx) => {
      const answer = await credits.upgrade(requireUser(ctx, 'Please log in to upgrade').id);
      ctx.body = { ...answer, notice: localized(answer.checkoutUrl ? CONTINUE_AT_CHECKOUT : NO_PAYMENT_TAKEN) };
    },
  );

  api.post(
    '/credits/membership/cancel',
    {
      summary: 'Cancel the membership at the end of the paid month',
      session: 'required',
      login: 'Please log in to cancel',
      responses: { 200: Membership },
      errors: { 409: 'a trial, which ends on its own' },
    },
    async (ctx) => {
      ctx.body = await credits.cancel(requireUser(ctx, 'Please log in to cancel').id);
    },
  );

  // Settings: the fan's unallocated credits follow their listening, or not. No body but the choice is read.
  api.get(
    '/credits/listening',
    {
      summary: 'Whether the caller’s unallocated credits follow their listening',
      session: 'required',
      responses: { 200: ListeningPreference },
    },
    async (ctx) => {
      ctx.body = await credits.listeningPreference(requireUser(ctx).id);
    },
  );

  api.patch(
    '/credits/listening',
    {
      summary: 'Let the caller’s unallocated credits follow their listening (the default), or not',
      session: 'required',
      login: 'Please log in to change your settings',
      body: parseListening,
      responses: { 200: ListeningPreference },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Please log in to change your settings');
      const { followListening } = parseListening(ctx.request.body);
      ctx.body = await credits.setListeningPreference(user.id, followListening);
    },
  );

  api.get(
    '/credits/payouts',
    {
      summary: 'The caller’s monthly payout statements as an artist',
      session: 'required',
      responses: { 200: ArtistPayouts },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      ctx.body = await credits.statementsOfUser(requireUser(ctx).id);
    },
  );

  api.get(
    '/credits/payouts/:month',
    {
      summary: 'A month’s payouts to every artist (admins)',
      session: 'required',
      params: { month: { description: 'The month, YYYY-MM', schema: { type: 'string' } } },
      responses: { 200: MonthPayouts },
      errors: { 400: `“${BAD_MONTH}”`, 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      if (!new RegExp(MONTH_PATTERN).test(ctx.params.month)) throw invalid(BAD_MONTH);
      ctx.body = await credits.payouts(ctx.params.month);
    },
  );

  api.get(
    '/credits/statements/fan',
    {
      summary: 'The caller’s statement as a fan: where their fee went in a month',
      session: 'required',
      query: monthQuery,
      responses: { 200: FanStatement },
      errors: { 404: 'no statement for that month' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await credits.fanStatement(user.id, monthParam(ctx, kernel.now()));
    },
  );

  api.get(
    '/credits/statements/artist',
    {
      summary: 'The caller’s statement as an artist for a month, as JSON or CSV',
      session: 'required',
      query: [monthQuery, formatQuery],
      responses: {
        200: {
          description: 'The statement: JSON (`format=json`, the default), or CSV with one line per fan and a total',
          content: { 'application/json': ArtistStatement, 'text/csv': null },
        },
      },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const month = monthParam(ctx, kernel.now());
      const format = ctx.query.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw invalid(BAD_STATEMENT_FORMAT);
      const statement = await credits.artistStatement(user.id, month);
      if (format === 'json') {
        ctx.body = statement;
        return;
      }
      const amount = (cents: number) => formatCents(cents, statement.currency);
      const name = statement.artist.name;
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="onetrack-statement-${month}.csv"`);
      // The two kinds of money come last, so readers of the first seven columns read on as before.
      ctx.body = toCsv([
        [
          'month',
          'artist',
          'fan',
          'credits',
          'fan_credits',
          'amount_cents',
          'amount',
          'plays',
          'fan_plays',
          'from_credits_cents',
          'from_listening_cents',
        ],
        ...statement.lines.map((l) => [
          month,
          name,
          l.fan,
          l.credits,
          l.fanCredits,
          l.amountCents,
          amount(l.amountCents),
          l.plays,
          l.fanPlays,
          l.creditsCents,
          l.listeningCents,
        ]),
        [
          month,
          name,
          'total',
          statement.credits,
          '',
          statement.amountCents,
          amount(statement.amountCents),
          statement.plays,
          '',
          statement.creditsCents,
          statement.listeningCents,
        ],
      ]);
    },
  );

  api.get(
    '/transparency',
    { summary: 'The figures of every settled month, for anyone to check', responses: { 200: Transparency } },
    async (ctx) => {
      ctx.body = { months: await credits.transparency() };
    },
  );
}
