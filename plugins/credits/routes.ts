import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { invalid } from '../../api/errors.ts';
import { ADMIN_ROLES, requireRole, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { MONTH_PATTERN } from './months.ts';
import { allocateRequired, allocateRules } from './rules.ts';

const parseAllocation = bodyValidator<{ artistId: number; credits: number }>(allocateRules, allocateRequired);

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

  router.get('/credits/payouts', async (ctx) => {
    ctx.body = await credits.statementsOfUser(requireUser(ctx).id);
  });

  router.get('/credits/payouts/:month', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    if (!new RegExp(MONTH_PATTERN).test(ctx.params.month)) throw invalid('Month must be written YYYY-MM');
    ctx.body = await credits.payouts(ctx.params.month);
  });
}
