import type { ParameterizedContext } from 'koa';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { ADMIN_ROLES, idParam, requireRole, requireUser } from '../../api/http/guards.ts';
import { notFound } from '../../api/errors.ts';
import type { AppState } from '../../api/http/state.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import {
  actionRequired,
  actionRules,
  appealRequired,
  appealRules,
  MESSAGES,
  noticeRequired,
  noticeRules,
  QUEUE_SORTS,
  reportRequired,
  reportRules,
  TARGET_TYPES,
  type ModerationAction,
  type QueueSort,
  type TargetType,
} from './rules.ts';
import type { AppealInput, NoticeInput, ReportInput } from './service.ts';

const parseReport = bodyValidator<ReportInput>(reportRules, reportRequired);
const parseNotice = bodyValidator<NoticeInput>(noticeRules, noticeRequired);
const parseAppeal = bodyValidator<AppealInput>(appealRules, appealRequired);
const parseAction = bodyValidator<{ action: ModerationAction; reason: string }>(actionRules, actionRequired);

export const NOTICE_PATH = '/api/copyright-notices';

/** The item named by `/:type/:id`; an unknown type is an unknown item (404). */
function itemParams(ctx: ParameterizedContext<AppState>): { type: TargetType; id: number } {
  const type = ctx.params.type as TargetType;
  if (!(TARGET_TYPES as readonly string[]).includes(type)) throw notFound('Item not found');
  return { type, id: idParam(ctx.params.id, 'Item') };
}

export function moderationRoutes(router: ApiRouter, kernel: Kernel) {
  const moderation = kernel.services.moderation;

  router.post('/reports', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.loginToReport);
    ctx.status = 201;
    ctx.body = await moderation.report(user, parseReport(ctx.request.body));
  });

  // Anyone may file a copyright notice, without an account (limited per address).
  router.post('/copyright-notices', async (ctx) => {
    ctx.status = 201;
    ctx.body = await moderation.notice(ctx.ip, parseNotice(ctx.request.body));
  });

  router.get('/appeals/:trackId', async (ctx) => {
    const user = requireUser(ctx);
    const takedown = await moderation.takedown(user, idParam(ctx.params.trackId, 'Track'));
    if (!takedown) throw notFound('No takedown of yours here');
    ctx.body = takedown;
  });

  router.post('/appeals/:trackId', async (ctx) => {
    const user = requireUser(ctx, 'Please log in to appeal');
    const trackId = idParam(ctx.params.trackId, 'Track');
    ctx.status = 201;
    ctx.body = await moderation.appeal(user, trackId, parseAppeal(ctx.request.body));
  });

  router.get('/moderation/queue', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    const sort = (QUEUE_SORTS as readonly string[]).includes(String(ctx.query.sort)) ? (ctx.query.sort as QueueSort) : 'newest';
    ctx.body = await moderation.queue({ sort, view: ctx.query.view === 'all' ? 'all' : 'open' });
  });

  router.get('/moderation/items/:type/:id', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    const { type, id } = itemParams(ctx);
    ctx.body = await moderation.item(type, id);
  });

  router.post('/moderation/items/:type/:id/actions', async (ctx) => {
    const actor = requireRole(ctx, ADMIN_ROLES);
    const { type, id } = itemParams(ctx);
    const { action, reason } = parseAction(ctx.request.body);
    ctx.body = await moderation.act(actor, type, id, action, reason);
  });

  router.get('/moderation/audit', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    const page = Number(ctx.query.page);
    ctx.body = await moderation.auditLog(Number.isSafeInteger(page) && page > 0 ? page : 1);
  });
}
