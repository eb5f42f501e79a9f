import type { ParameterizedContext } from 'koa';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, integer, object } from '../../api/openapi/schema.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import { AuditEntry, Filed, ModerationItem, Takedown } from './schemas.ts';
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

// Read leniently: anything else is the default.
const queueQuery: FieldRules = {
  sort: { label: 'Order (newest by default, or most reported)', type: 'string', enum: QUEUE_SORTS },
  view: { label: 'Open items (default) or all', type: 'string', enum: ['open', 'all'] },
};
const auditQuery: FieldRules = { page: { label: 'Page, from 1', type: 'integer', minimum: 1 } };
const itemPath = {
  type: { description: 'What the item is', schema: { enum: [...TARGET_TYPES] } },
  id: { description: 'Its id', schema: { type: 'integer', minimum: 1 } },
};

/** The item named by `/:type/:id`; an unknown type is an unknown item (404). */
function itemParams(ctx: ParameterizedContext<AppState>): { type: TargetType; id: number } {
  const type = ctx.params.type as TargetType;
  if (!(TARGET_TYPES as readonly string[]).includes(type)) throw notFound('Item not found');
  return { type, id: idParam(ctx.params.id, 'Item') };
}

export function moderationRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const moderation = kernel.services.moderation;

  api.post(
    '/reports',
    {
      summary: 'Report a track, an artist, a message or a comment to the moderators',
      session: 'required',
      login: MESSAGES.loginToReport,
      body: parseReport,
      responses: { 201: Filed },
      errors: {
        400: 'one’s own work or messages',
        403: 'a message not sent to the caller',
        404: 'nothing to report there',
        409: 'already reported by the caller',
        429: 'too many reports this hour',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.loginToReport);
      ctx.status = 201;
      ctx.body = await moderation.report(user, parseReport(ctx.request.body));
    },
  );

  // Anyone may file a copyright notice, without an account (limited per address).
  api.post(
    '/copyright-notices',
    {
      summary: 'File a copyright notice about a track (no account needed)',
      body: parseNotice,
      responses: { 201: Filed },
      errors: { 400: 'the address is not a track here', 429: 'too many notices from this network' },
    },
    async (ctx) => {
      ctx.status = 201;
      ctx.body = await moderation.notice(ctx.ip, parseNotice(ctx.request.body));
    },
  );

  api.get(
    '/appeals/:trackId',
    {
      summary: 'The takedown of one of the caller’s tracks, and their appeal if any',
      session: 'required',
      responses: { 200: Takedown },
      errors: { 404: 'no takedown of the caller’s here' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const takedown = await moderation.takedown(user, idParam(ctx.params.trackId, 'Track'));
      if (!takedown) throw notFound('No takedown of yours here');
      ctx.body = takedown;
    },
  );

  api.post(
    '/appeals/:trackId',
    {
      summary: 'Appeal a takedown once (a counter-notice for a copyright takedown)',
      session: 'required',
      login: 'Please log in to appeal',
      body: parseAppeal,
      responses: { 201: Takedown },
      errors: {
        400: 'the track is not taken down, or the counter-notice is incomplete',
        403: 'not the track’s artist',
        409: 'already appealed',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Please log in to appeal');
      const trackId = idParam(ctx.params.trackId, 'Track');
      ctx.status = 201;
      ctx.body = await moderation.appeal(user, trackId, parseAppeal(ctx.request.body));
    },
  );

  api.get(
    '/moderation/queue',
    {
      summary: 'The moderation queue (admins)',
      session: 'required',
      query: queueQuery,
      responses: { 200: arrayOf(ModerationItem) },
      errors: { 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      const sort = (QUEUE_SORTS as readonly string[]).includes(String(ctx.query.sort))
        ? (ctx.query.sort as QueueSort)
        : 'newest';
      ctx.body = await moderation.queue({ sort, view: ctx.query.view === 'all' ? 'all' : 'open' });
    },
  );

  api.get(
    '/moderation/items/:type/:id',
    {
      summary: 'One reported item (admins)',
      session: 'required',
      params: itemPath,
      responses: { 200: ModerationItem },
      errors: { 403: 'not an admin', 404: 'no such item' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      const { type, id } = itemParams(ctx);
      ctx.body = await moderation.item(type, id);
    },
  );

  api.post(
    '/moderation/items/:type/:id/actions',
    {
      summary: 'Act on an item: dismiss, hide, suspend or restore, with a reason (admins)',
      session: 'required',
      params: itemPath,
      body: parseAction,
      responses: { 200: ModerationItem },
      errors: {
        404: 'no such item',
        400: 'an action this item cannot be given, or nothing to undo',
        403: 'not an admin, or suspending an administrator without being a superadmin',
      },
    },
    async (ctx) => {
      const actor = requireRole(ctx, ADMIN_ROLES);
      const { type, id } = itemParams(ctx);
      const { action, reason } = parseAction(ctx.request.body);
      ctx.body = await moderation.act(actor, type, id, action, reason);
    },
  );

  api.get(
    '/moderation/audit',
    {
      summary: 'The audit log, newest first, a page at a time (admins)',
      session: 'required',
      query: auditQuery,
      responses: { 200: object({ entries: arrayOf(AuditEntry), page: integer, hasMore: boolean }) },
      errors: { 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      const page = Number(ctx.query.page);
      ctx.body = await moderation.auditLog(Number.isSafeInteger(page) && page > 0 ? page : 1);
    },
  );
}
