import type { ParameterizedContext } from 'koa';
import type { AppState } from '../../api/http/state.ts';
import { addressKey } from '../../api/http/clientAddress.ts';
import { idParam, isAdmin, requireUser } from '../../api/http/guards.ts';
import { forbidden, invalid, tooMany } from '../../api/errors.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { requestViewer } from '../catalog/viewer.ts';
import { CSV_TABLES, dashboardCsv, PLATFORM_TABLES, platformCsv, type CsvTable, type PlatformTable } from './csv.ts';
import { linkRequired, linkRules, MESSAGES, PERIODS, PLAY_REPORTS_PER_WINDOW, playRequired, playRules, type Period, type PlayEvent, type PlaySource } from './rules.ts';

export const PLAYS_PATH = '/api/plays';

const parsePlay = bodyValidator<{ trackId: number; event: PlayEvent; source?: PlaySource; link?: string }>(playRules, playRequired);
const parseLink = bodyValidator<{ trackId: number; expiresOn: string }>(linkRules, linkRequired);

export function periodParam(raw: unknown): Period {
  const period = raw ?? '30';
  if (!PERIODS.includes(period as Period)) throw invalid(`Period must be one of: ${PERIODS.join(', ')}`);
  return period as Period;
}

export function insightsRoutes(router: ApiRouter, kernel: Kernel) {
  const insights = kernel.services.insights;
  const reports = kernel.limits.create('play-reports', PLAY_REPORTS_PER_WINDOW);

  // Any listener's player, signed in or not; answers whether the event counted (crawlers: never).
  router.post('/plays', async (ctx) => {
    const wait = await reports.take(addressKey(ctx.ip));
    if (wait) throw tooMany(MESSAGES.tooMany, wait);
    const play = parsePlay(ctx.request.body);
    const result = await insights.recordPlay({ ...play, viewer: requestViewer(ctx), address: ctx.ip, userAgent: ctx.get('User-Agent') });
    ctx.status = result.counted ? 201 : 200;
    ctx.body = result;
  });

  router.get('/insights/dashboard', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    ctx.body = await insights.dashboard(user.id, periodParam(ctx.query.period));
  });

  router.get('/insights/dashboard.csv', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    const period = periodParam(ctx.query.period);
    const table = (ctx.query.table ?? 'days') as CsvTable;
    if (!CSV_TABLES.includes(table)) throw invalid(`Table must be one of: ${CSV_TABLES.join(', ')}`);
    const dashboard = await insights.dashboard(user.id, period);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="onetrack-${table}-${period}.csv"`);
    ctx.body = dashboardCsv(dashboard, table);
  });

  // The platform view is for admins only (401 without a session, 403 for anyone else).
  const admin = (ctx: ParameterizedContext<AppState>) => {
    if (!isAdmin(requireUser(ctx))) throw forbidden(MESSAGES.adminsOnly);
  };
  router.get('/admin/insights', async (ctx) => {
    admin(ctx);
    ctx.body = await insights.platform();
  });
  router.get('/admin/insights.csv', async (ctx) => {
    admin(ctx);
    const table = (ctx.query.table ?? 'days') as PlatformTable;
    if (!PLATFORM_TABLES.includes(table)) throw invalid(`Table must be one of: ${PLATFORM_TABLES.join(', ')}`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="onetrack-platform-${table}.csv"`);
    ctx.body = platformCsv(await insights.platform(), table);
  });

  router.get('/insights/links', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    ctx.body = { links: await insights.links(user.id) };
  });
  router.post('/insights/links', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    const { trackId, expiresOn } = parseLink(ctx.request.body);
    ctx.status = 201;
    ctx.body = await insights.createLink(user.id, trackId, expiresOn);
  });
  router.delete('/insights/links/:id', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    ctx.body = await insights.revokeLink(user.id, idParam(ctx.params.id, 'Private link'));
  });
}
