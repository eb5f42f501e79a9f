import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { Middleware, ParameterizedContext } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config.ts';
import type { Kernel } from '../plugins/types.ts';
import type { AppState } from './state.ts';

type Context = ParameterizedContext<AppState>;

/** `shared`: a copy another node rendered (api/http/sharedPages.ts). */
export type PageCacheResult = 'hit' | 'shared' | 'miss' | 'bypass';

/**
 * Prometheus metrics of one app node (prom-client, a registry per app). Request durations by
 * route and status, page-cache lookups, the job queue by type (read from the shared table when
 * scraped, so every node reports the whole queue), the database pool, Redis, and Node's own
 * (event-loop lag, memory, GC) from prom-client's default collectors.
 */
export function createMetrics(kernel: Kernel, route: (ctx: Context) => string) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'onetrack_page_cache_lookups_total',
    help:
      'Rendered-page cache lookups: hit, shared (another node rendered it), miss ' +
      '(rendered here, renders ahead included), or bypass (caching suspended while ' +
      'Redis is unreachable)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const apiCache = new Counter({
    name: 'onetrack_api_cache_lookups_total',
    help: 'Cached public API reads (anonymous): hit, miss, or bypass (caching suspended while Redis is unreachable)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const { knex } = kernel;
  new Gauge({
    name: 'onetrack_jobs',
    help: 'Jobs in the shared queue by type and status (queued = waiting, dead = failed for good)',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows: Array<{ type: string; status: string; n: number | string }> = await knex('jobs')
        .select('type', 'status')
        .count({ n: '*' })
        .groupBy('type', 'status');
      for (const row of rows) this.set({ type: String(row.type), status: String(row.status) }, Number(row.n));
    },
  });
  new Gauge({
    name: 'onetrack_job_failures',
    help: 'Failed job attempts recorded in the shared queue, by type',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // Every attempt but a finished job's last one and a running job's current one has failed.
      const rows: Array<{ type: string; attempts: number | string; ok: number | string }> = await knex('jobs')
        .select('type')
        .sum({ attempts: 'attempts' })
        .select(knex.raw("sum(case when status in ('done', 'running') then 1 else 0 end) as ok"))
        .groupBy('type');
      for (const row of rows) this.set({ type: String(row.type) }, Number(row.attempts) - Number(row.ok));
    },
  });
  new Gauge({
    name: 'onetrack_db_pool_connections',
    help: 'Database pool connections: used, free, and acquisitions waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } })
        .pool;
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'onetrack_redis_up',
    help: '1 while Redis (shared cache invalidation and limits) is reachable, 0 when not; absent without REDIS_URL',
    registers: [registry],
    collect() {
      const status = kernel.cache.status();
      if (status.shared === 'redis') this.set(status.redis === 'up' ? 1 : 0);
    },
  });

  return {
    registry,
    pageCache: (result: PageCacheResult) => pageCache.inc({ result }),
    apiCache: (result: PageCacheResult) => apiCache.inc({ result }),
    /** Times every request; outermost, so errors and 304s count too. */
    timing(): Middleware<AppState> {
      return async (ctx, next) => {
        const end = requests.startTimer();
        ctx.res.once('close', () =>
          end({ method: ctx.method, route: route(ctx), status: String(ctx.res.headersSent ? ctx.status : 499) }),
        );
        await next();
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when the request carries exactly `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return !!sent && timingSafeEqual(digest(sent), digest(token));
}

/** GET /metrics on the main port, for callers with the METRICS_TOKEN bearer token; 404 without a token configured. */
export function metricsRoute(metrics: Metrics, config: MetricsConfig): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    if (!config.token) return next();
    if (!hasToken(ctx.get('Authorization'), config.token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { message: 'A bearer token is required' };
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}

/** /metrics on its own port (METRICS_PORT), for a scraper inside the private network. */
export async function listenMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) =>
    server.once('listening', resolve).once('error', reject).listen(port, host),
  );
  return server;
}
