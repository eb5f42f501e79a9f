import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateLatest, migrationFolders } from './db/migrate.ts';
import { backupBeforeMigrating } from './backup/premigrate.ts';
import { startBackupSchedule } from './backup/schedule.ts';
import { notFound } from './errors.ts';
import { createCacheBus } from './cache/createBus.ts';
import { astroPages, buildIdentity, distDir, loadAstroHandler } from './http/astro.ts';
import { apiBodies, largeJsonBodies, rawBodies } from './http/body.ts';
import { errorHandler } from './http/errors.ts';
import { Drain } from './http/drain.ts';
import { health } from './http/health.ts';
import { mediaFiles, withheldMedia } from './http/media.ts';
import { createMetrics, metricsRoute, type Metrics } from './http/metrics.ts';
import { PAGE_TTL_MS, PageCache, routeMatcher } from './http/pageCache.ts';
import { PageRefresher } from './http/pageRefresh.ts';
import { RenderBudget } from './http/renderBudget.ts';
import { RenderGate } from './http/renderGate.ts';
import { SharedPages } from './http/sharedPages.ts';
import { readYourWrites } from './http/readYourWrites.ts';
import { requestLog } from './http/requestLog.ts';
import { routeLabeler } from './http/routeLabel.ts';
import { servedHosts } from './http/origin.ts';
import { sameOriginWrites, securityHeaders } from './http/security.ts';
import { commitSession, sessionMiddleware } from './http/session.ts';
import type { AppState } from './http/state.ts';
import { invalidateOnWrites } from './http/writes.ts';
import { createLimits } from './limits.ts';
import { createUploadAllowance } from './uploadAllowance.ts';
import { connectRedis } from './redis.ts';
import { createStorage } from './storage/index.ts';
import { clientAssets } from './http/static.ts';
import { createLogger, type Logger } from './log.ts';
import { createJobs } from './jobs/queue.ts';
import { loadPlugins } from './plugins/loader.ts';
import { readSettings, type Env, type SettingsOverrides } from './plugins/settings.ts';
import { described, describing } from './openapi/routes.ts';
import { openApiRoute } from './openapi/route.ts';
import { shellLoader } from './plugins/shell.ts';
import { requestLocale } from './http/locale.ts';
import type { Kernel, PluginManifest, Services } from './plugins/types.ts';

export interface AppOptions {
  config: Config;
  log?: Logger;
  /** Clock for everything time-based; tests pass a fixed or moving one. */
  now?: () => Date;
  /** Plugins to enable instead of plugins/enabled.json: entries as in that list, or manifests (tests). */
  plugins?: Array<string | PluginManifest>;
  /** Serve pages through the built Astro site (off for API-only tests). */
  pages?: boolean;
  /** The built site's folder (dist/ unless the plugin matrix built another). */
  dist?: string;
  /** Where the plugins' settings are read (process.env unless given). */
  env?: Env;
  /** Plugins' settings given as values instead of read from `env` (tests; a second node takes the first's). */
  settings?: SettingsOverrides;
}

export interface App {
  koa: Koa<AppState>;
  kernel: Kernel;
  plugins: PluginManifest[];
  /** Present when METRICS_PORT or METRICS_TOKEN is set. */
  metrics: Metrics | null;
  /** Renders signed-in viewers' invalidated pages ahead of their next view (api/http/pageRefresh.ts). */
  refresher: PageRefresher;
  /** Set `draining` when the node is about to stop (api/server.ts). */
  drain: Drain;
  close(): Promise<void>;
}

/**
 * Builds the kernel: database, migrations, shared state, services and seeds of every enabled plugin.
 * `serving`: an app's kernel, whose caches hear the invalidations of the data folder's other
 * processes (the command-line tools) when there is no Redis.
 */
export async function createKernel(
  options: AppOptions,
  serving = false,
): Promise<{ kernel: Kernel; plugins: PluginManifest[] }> {
  const { config } = options;
  const log = options.log ?? createLogger(config.env === 'test' ? 'warn' : 'info');
  const plugins = await loadPlugins(options.plugins);
  // Before anything opens: a setting to fix stops the start with its one line.
  const settings = readSettings(plugins, options.env ?? process.env, options.settings);
  const knex = openDatabase(config.database);
  const redis = config.redis ? connectRedis(config.redis, 'onetrack') : null;
  const cache = createCacheBus(config, redis, log, serving);
  const close = async () => {
    await cache.close();
    redis?.disconnect();
    await knex.destroy();
  };
  try {
    const migrations = migrationFolders(plugins);
    await backupBeforeMigrating(knex, config, plugins, migrations, log);
    // Several nodes may start at once on an empty database: the one that creates the schema seeds it.
    const fresh = await migrateLatest(knex, migrations);
    const now = options.now ?? (() => new Date());
    const limits = createLimits(config, knex, redis);
    const kernel: Kernel = {
      config,
      knex,
      log,
      storage: createStorage(config),
      services: {} as Services,
      settings,
      now,
      described,
      cache,
      jobs: createJobs(now),
      limits,
      uploadAllowance: createUploadAllowance(config.abuseLimits.uploadBytesPerDay, limits),
      redis,
      plugins,
      close,
    };
    for (const plugin of plugins) {
      if (plugin.services)
        (kernel.services as unknown as Record<string, object>)[plugin.name] = plugin.services(kernel);
    }
    if (fresh && config.seedDemo) {
      for (const plugin of plugins) await plugin.seed?.(kernel);
      log.info('seeded demo data', { plugins: plugins.filter((p) => p.seed).map((p) => p.name) });
    }
    return { kernel, plugins };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function createApp(options: AppOptions): Promise<App> {
  const { kernel, plugins } = await createKernel(options, true);
  const { config, knex, log } = kernel;
  const koa = new Koa<AppState>({
    keys: [config.sessionSecret],
    proxy: config.trustProxy,
    maxIpsCount: config.proxyHops,
  });
  koa.on('error', () => {
    // Errors are logged by errorHandler; socket errors after a response are not ours to report.
  });
  const route = routeLabeler([
    '/',
    '/robots.txt',
    ...plugins.flatMap((p) => (p.pages ?? []).map((page) => page.pattern)),
  ]);
  const metrics = config.metrics ? createMetrics(kernel, route) : null;

  koa.use(requestLog(log, { trustProxy: config.trustProxy, route }));
  if (metrics) koa.use(metrics.timing());
  koa.use(errorHandler(log));
  koa.use(securityHeaders());
  koa.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } }));

  const drain = new Drain();
  koa.use(drain.middleware());
  koa.use(health(kernel, drain));
  if (metrics && config.metrics) koa.use(metricsRoute(metrics, config.metrics));
  // After the health check (a balancer probes a node by its own address), before anything else.
  koa.use(servedHosts(config));

  const dist = options.dist ?? distDir;
  if (options.pages !== false) koa.use(clientAssets(path.join(dist, 'client')));
  koa.use(
    mediaFiles(
      kernel.storage,
      withheldMedia(
        kernel.cache,
        plugins.flatMap((p) => (p.withheldMedia ? [() => p.withheldMedia!(kernel)] : [])),
      ),
    ),
  );

  koa.use(readYourWrites(kernel.cache));
  koa.use(sessionMiddleware(koa as unknown as Koa, knex, kernel.cache));
  koa.use(commitSession());
  for (const plugin of plugins) if (plugin.middleware) koa.use(plugin.middleware(kernel));
  // After the session user (their chosen language), before the caches (keyed by the language).
  koa.use(requestLocale());
  // After the session user is known (cache keys); emptied through kernel.cache. Entries age on the
  // kernel's clock, so a test that moves it sees what is out at the new moment.
  const cacheClock = () => kernel.now().getTime();
  const refresher = new PageRefresher();
  const shared =
    config.redis && kernel.redis
      ? new SharedPages(kernel.redis, `${config.redis.prefix}page:${buildIdentity(dist)}:`, kernel.cache, PAGE_TTL_MS)
      : undefined;
  if (options.pages !== false)
    koa.use(
      new PageCache({
        bus: kernel.cache,
        now: cacheClock,
        onLookup: metrics?.pageCache,
        refresher,
        shared,
      }).middleware(),
    );
  const publicReads = routeMatcher(plugins.flatMap((p) => p.publicReads ?? []));
  const privateReads = routeMatcher(plugins.flatMap((p) => p.privateReads ?? []));
  const apiReads = (path: string, signedIn: boolean) => (signedIn ? privateReads(path) : publicReads(path));
  koa.use(
    new PageCache({
      bus: kernel.cache,
      now: cacheClock,
      accepts: apiReads,
      strongEtags: true,
      onLookup: metrics?.apiCache,
    }).middleware(),
  );
  koa.use(sameOriginWrites(config));
  koa.use(rawBodies(plugins.flatMap((p) => p.rawBodies ?? [])));
  koa.use(largeJsonBodies(plugins.flatMap((p) => p.largeJsonBodies ?? [])));
  koa.use(invalidateOnWrites(kernel.cache));

  const api = new Router<AppState>({ prefix: '/api' });
  api.use(
    apiBodies(
      plugins.flatMap((p) => p.anonymousBodies ?? []),
      plugins.flatMap((p) => p.formBodies ?? []),
    ),
  );
  for (const plugin of plugins) describing(api, plugin.name, () => plugin.routes?.(api, kernel));
  openApiRoute(
    api,
    config,
    plugins.filter((p) => p.routes).map((p) => p.name),
  );
  api.all('/{*rest}', () => {
    throw notFound('No such API endpoint');
  });
  koa.use(api.routes());
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api') throw notFound('No such API endpoint');
    await next();
  });

  if (options.pages !== false) {
    const handler = await loadAstroHandler(dist);
    const loadShellData = shellLoader(plugins, kernel);
    const { rendersPerMinute } = config.abuseLimits;
    if (rendersPerMinute)
      koa.use(
        new RenderBudget({ perMinute: rendersPerMinute }).middleware({
          own: (ctx) => refresher.outdates(ctx.req) !== null,
          trustProxy: config.trustProxy,
          log,
        }),
      );
    if (config.rendersAtOnce)
      koa.use(new RenderGate({ slots: config.rendersAtOnce, maxWaiting: config.renderQueue }).middleware());
    koa.use(
      astroPages(handler, (ctx) => {
        // Loaded at most once per request: the layout and the page may both need it. A signed-in
        // viewer's starts now, beside the page's own first queries rather than after them: every
        // round trip a render waits for in turn costs a full turn of a busy node's event loop.
        let shell: ReturnType<typeof loadShellData> | undefined;
        if (ctx.state.user) {
          shell = loadShellData(ctx.state.user, ctx.state.pageVariant);
          // A page that never asks for it (an endpoint) must not leave its failure unhandled.
          shell.catch(() => {});
        }
        return {
          user: ctx.state.user,
          locale: ctx.state.locale!,
          origin: config.publicUrl,
          services: kernel.services,
          now: kernel.now,
          shell: () => (shell ??= loadShellData(ctx.state.user, ctx.state.pageVariant)),
        };
      }),
    );
  }

  refresher.through(koa.callback());
  const backups = config.backup?.schedule ? startBackupSchedule(kernel) : null;

  return {
    koa,
    kernel,
    plugins,
    metrics,
    refresher,
    drain,
    async close() {
      backups?.stop();
      await refresher.close();
      await kernel.close();
    },
  };
}
