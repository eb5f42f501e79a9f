import type { ParameterizedContext } from 'koa';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, object } from '../../api/openapi/schema.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import { Dashboard, Platform, PrivateLink } from './schemas.ts';
import type { AppState } from '../../api/http/state.ts';
import { addressKey } from '../../api/http/clientAddress.ts';
import { idParam, isAdmin, requireUser } from '../../api/http/guards.ts';
import { forbidden, invalid, tooMany } from '../../api/errors.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { requestViewer } from '../catalog/viewer.ts';
import { CSV_TABLES, dashboardCsv, PLATFORM_TABLES, platformCsv, type CsvTable, type PlatformTable } from './csv.ts';
import {
  linkRequired,
  linkRules,
  MESSAGES,
  PERIODS,
  PLAY_REPORTS_PER_WINDOW,
  playRequired,
  playRules,
  type Period,
  type PlayerSource,
  type PlayEvent,
} from './rules.ts';

export const PLAYS_PATH = '/api/plays';

const parsePlay = bodyValidator<{ trackId: number; event: PlayEvent; source?: PlayerSource; link?: string }>(
  playRules,
  playRequired,
);
const parseLink = bodyValidator<{ trackId: number; expiresOn: string }>(linkRules, linkRequired);

const oneOfRule = (label: string, values: readonly string[]): FieldRules[string] => ({
  label,
  type: 'string',
  enum: values,
  messages: { enum: `${label} must be one of: ${values.join(', ')}` },
});
const periodQuery: FieldRules = { period: oneOfRule('Period', PERIODS) };
const dashboardTableQuery: FieldRules = { table: oneOfRule('Table', CSV_TABLES) };
const platformTableQuery: FieldRules = { table: oneOfRule('Table', PLATFORM_TABLES) };
const CSV = { content: { 'text/csv': null } };

export function periodParam(raw: unknown): Period {
  const period = raw ?? '30';
  if (!PERIODS.includes(period as Period)) throw invalid(periodQuery.period.messages!.enum!);
  return period as Period;
}

export function insightsRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const insights = kernel.services.insights;
  const reports = kernel.limits.create('play-reports', PLAY_REPORTS_PER_WINDOW);

  // Any listener's player, signed in or not; answers whether the event counted (crawlers: never).
  api.post(
    '/plays',
    {
      summary: 'Report a play event of any listener’s player (201 when it counted)',
      session: 'optional',
      body: parsePlay,
      responses: { 200: object({ counted: boolean }), 201: object({ counted: boolean }) },
      errors: {
        403: 'the private link expired or was revoked',
        404: 'no such track, or private link',
        429: 'too many play reports from this network',
      },
    },
    async (ctx) => {
      const wait = await reports.take(addressKey(ctx.ip));
      if (wait) throw tooMany(MESSAGES.tooMany, wait);
      const play = parsePlay(ctx.request.body);
      const result = await insights.recordPlay({
        ...play,
        viewer: requestViewer(ctx),
        address: ctx.ip,
        userAgent: ctx.get('User-Agent'),
      });
      ctx.status = result.counted ? 201 : 200;
      ctx.body = result;
    },
  );

  api.get(
    '/insights/dashboard',
    {
      summary: 'The artist’s dashboard figures for a period',
      session: 'required',
      login: MESSAGES.login,
      query: periodQuery,
      responses: { 200: Dashboard },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      ctx.body = await insights.dashboard(user.id, periodParam(ctx.query.period));
    },
  );

  api.get(
    '/insights/dashboard.csv',
    {
      summary: 'The dashboard as CSV: its days or its tracks',
      session: 'required',
      login: MESSAGES.login,
      query: [periodQuery, dashboardTableQuery],
      responses: { 200: CSV },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const period = periodParam(ctx.query.period);
      const table = (ctx.query.table ?? 'days') as CsvTable;
      if (!CSV_TABLES.includes(table)) throw invalid(dashboardTableQuery.table.messages!.enum!);
      const dashboard = await insights.dashboard(user.id, period);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="onetrack-${table}-${period}.csv"`);
      ctx.body = dashboardCsv(dashboard, table);
    },
  );

  // The platform view is for admins only (401 without a session, 403 for anyone else).
  const admin = (ctx: ParameterizedContext<AppState>) => {
    if (!isAdmin(requireUser(ctx))) throw forbidden(MESSAGES.adminsOnly);
  };
  api.get(
    '/admin/insights',
    {
      summary: 'The platform’s figures by day and month (admins)',
      session: 'required',
      responses: { 200: Platform },
      errors: { 403: `“${MESSAGES.adminsOnly}”` },
    },
    async (ctx) => {
      admin(ctx);
      ctx.body = await insights.platform();
    },
  );
  api.get(
    '/admin/insights.csv',
    {
      summary: 'The platform’s figures as CSV (admins)',
      session: 'required',
      query: platformTableQuery,
      responses: { 200: CSV },
      errors: { 403: `“${MESSAGES.adminsOnly}”` },
    },
    async (ctx) => {
      admin(ctx);
      const table = (ctx.query.table ?? 'days') as PlatformTable;
      if (!PLATFORM_TABLES.includes(table)) throw invalid(platformTableQuery.table.messages!.enum!);
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="onetrack-platform-${table}.csv"`);
      ctx.body = platformCsv(await insights.platform(), table);
    },
  );

  api.get(
    '/insights/links',
    {
      summary: 'The artist’s private preview links',
      session: 'required',
      login: MESSAGES.login,
      responses: { 200: object({ links: arrayOf(PrivateLink) }) },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      ctx.body = { links: await insights.links(user.id) };
    },
  );
  api.post(
    '/insights/links',
    {
      summary: 'Make a private preview link to one of the own tracks',
      session: 'required',
      login: MESSAGES.login,
      body: parseLink,
      responses: { 201: PrivateLink },
      errors: { 403: 'another artist’s track', 404: 'no such track' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const { trackId, expiresOn } = parseLink(ctx.request.body);
      ctx.status = 201;
      ctx.body = await insights.createLink(user.id, trackId, expiresOn);
    },
  );
  api.delete(
    '/insights/links/:id',
    {
      summary: 'Revoke a private preview link',
      session: 'required',
      login: MESSAGES.login,
      responses: { 200: PrivateLink },
      errors: { 403: 'not an artist account', 404: 'no such link of the artist' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      ctx.body = await insights.revokeLink(user.id, idParam(ctx.params.id, 'Private link'));
    },
  );
}
