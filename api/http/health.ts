import type { Middleware } from 'koa';
import { waitingForServices } from '../jobs/queue.ts';
import type { Kernel } from '../plugins/types.ts';
import type { Drain } from './drain.ts';

/**
 * GET /healthz for load balancers and operators: 503 while the node drains before it stops
 * (api/http/drain.ts) and while the database does not answer (the node cannot serve); 200 otherwise,
 * "degraded" while something it uses is unreachable, each named, as the node still serves correctly
 * and recovers by itself: Redis (caches bypassed), media storage (uploads and media answer 503), and
 * any service jobs are waiting for (a mail server refusing: mails are sent once it answers).
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
    let waiting: Awaited<ReturnType<typeof waitingForServices>>;
    try {
      waiting = await waitingForServices(kernel.knex);
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'down', redis, message: 'Database is not answering' };
      return;
    }
    const problems: string[] = [];
    const body: Record<string, unknown> = { status: 'ok', database: 'up', redis };
    if (redis === 'down' || redis === 'connecting') problems.push('Redis is unreachable: pages are served uncached');
    if (kernel.storage.reachable?.() === false) {
      body.storage = 'down';
      problems.push('Media storage is unreachable: uploads and media answer 503');
    }
    if (waiting.count) {
      body.jobsWaiting = waiting.count;
      problems.push(`${waiting.count} job(s) wait for a service: ${waiting.reason}`);
    }
    if (problems.length) Object.assign(body, { status: 'degraded', message: problems.join('; ') });
    ctx.body = body;
  };
}
