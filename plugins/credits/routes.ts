import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { invalid } from '../../api/errors.ts';
import { ADMIN_ROLES, requireRole, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import type { Context } from 'koa';
import { toCsv } from './csv.ts';
import { MONTH_PATTERN, monthOf } from './months.ts';
import { formatCents } from './money.ts';
import { BAD_MONTH, BAD_STATEMENT_FORMAT, NO_PAYMENT_TAKEN, allocateRequired, allocateRules } from './rules.ts';

const parseAllocation = bodyValidator<{ artistId: number; credits: number }>(allocateRules, allocateRequired);

/** ?month=YYYY-MM, the current month when absent. */
function monthParam(ctx: Context, now: Date): string {
  const month = ctx.query.month;
  if (month === undefined) return monthOf(now);
  if (typeof month !== 'string' || !new RegExp(MONTH_PATTERN).test(month)) throw invalid(BAD_MONTH);
  return month;
}

export function creditsRoutes(router: ApiRouter, kernel: Kernel) {
  const credits = kernel.services.credits;

  router.get('/credits/user', async (ctx) => {
    ctx.body = await credits.summary(requireUser(ctx).id);
  });

  router.get('/credits/allocations', async (ctx) => {
    ctx.body = await credits.allocations(requireUser(ctx).id);
  });

  // A userId in the body is ignored (stripped by the validator): the session user always pays.
  router.post('/credits/allocate', async (ctx) => {
    const user = requireUser(ctx, 'Please log in to allocate credits');
    const { artistId, credits: amount } = parseAllocation(ctx.request.body);
    ctx.status = 201;
    ctx.body = await credits.allocate(user.id, artistId, amount);
  });

  // Membership (Settings › Billing). No body is read: the session user is the only subject.
  router.get('/credits/membership', async (ctx) => {
    ctx.body = await credits.membership(requireUser(ctx).id);
  });

  router.post('/credits/membership/upgrade', async (ctx) => {
    ctx.body = { ...(await credits.upgrade(requireUser(ctx, 'Please log in to upgrade').id)), notice: NO_PAYMENT_TAKEN };
  });

  router.post('/credits/membership/cancel', async (ctx) => {
    ctx.body = await credits.cancel(requireUser(ctx, 'Please log in to cancel').id);
  });

  router.get('/credits/payouts', async (ctx) => {
    ctx.body = await credits.statementsOfUser(requireUser(ctx).id);
  });

  router.get('/credits/payouts/:month', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    if (!new RegExp(MONTH_PATTERN).test(ctx.params.month)) throw invalid(BAD_MONTH);
    ctx.body = await credits.payouts(ctx.params.month);
  });

  router.get('/credits/statements/fan', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await credits.fanStatement(user.id, monthParam(ctx, kernel.now()));
  });

  router.get('/credits/statements/artist', async (ctx) => {
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
    ctx.body = toCsv([
      ['month', 'artist', 'fan', 'credits', 'fan_credits', 'amount_cents', 'amount'],
      ...statement.lines.map((l) => [month, name, l.fan, l.credits, l.fanCredits, l.amountCents, amount(l.amountCents)]),
      [month, name, 'total', statement.credits, '', statement.amountCents, amount(statement.amountCents)],
    ]);
  });

  router.get('/transparency', async (ctx) => {
    ctx.body = { months: await credits.transparency() };
  });
}
