import type { Middleware } from 'koa';
import type { Kernel } from '../plugins/types.ts';
import type { Drain } from './drain.ts';

/**
 * GET /healthz for load balancers and operators: 503 while the node drains before it stops
 * (api/http/drain.ts) and while the database does not answer (the node cannot serve); 200 otherwise, "degraded" while Redis is unreachable (the node still serves
 * correctly, with its caches bypassed, and recovers by itself).
 */
export function health(kernel: Kernel, drain: Drain): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    const bus = kernel.cache.status();
    const redis = bus.shared === 'redis' ? bus.redis : 'not configured';
    if (drain.draining) {
      ctx.status = 503;
      ctx.body = { status: 'stopping', redis, message: 'This node is shutting down' };
      return;
    }
    try {
      await kernel.knex.raw('select 1');
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'down', redis, message: 'Database is not answering' };
      return;
    }
    ctx.body =
      redis === 'down' || redis === 'connecting'
        ? { status: 'degraded', database: 'up', redis, message: 'Redis is unreachable: pages are served uncached' }
        : { status: 'ok', database: 'up', redis };
  };
}
