import { addressKey } from '../../api/http/clientAddress.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { invalid, tooMany } from '../../api/errors.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { requestViewer } from '../catalog/viewer.ts';
import { CSV_TABLES, dashboardCsv, type CsvTable } from './csv.ts';
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
