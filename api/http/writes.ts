import type { Middleware } from 'koa';
import type { CacheBus } from '../cache/bus.ts';
import { collectChanges, noChanges } from '../cache/scopes.ts';
import { AppError } from '../errors.ts';
import { rememberWrite } from './readYourWrites.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API write tells the caches of every node (kernel.cache) what it changed before its
 * response leaves, so the next view on any node shows it: the tags its services announced
 * (`kernel.cache.changed`), none when they announced that nothing changed. A write whose services
 * announced nothing at all may have changed anything: it invalidates everything. A refused write
 * (4xx) changed nothing and tells no one; a failure (5xx) may have changed something half-way, so
 * it invalidates everything. The actor's next request on another node waits for it (readYourWrites.ts).
 */
export function invalidateOnWrites(cache: CacheBus): Middleware {
  return async (ctx, next) => {
    if (READS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    const changes = noChanges();
    let outcome: 'refused' | 'done' | 'failed' = 'failed';
    try {
      await collectChanges(changes, next);
      outcome = ctx.status >= 400 && ctx.status < 500 ? 'refused' : 'done';
    } catch (error) {
      // Services' errors are all a caller's mistake; a library's carry their status (400, 413, …).
      const status = (error as { status?: unknown }).status;
      if (error instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500))
        outcome = 'refused';
      throw error;
    } finally {
      if (outcome === 'failed' || (outcome === 'done' && !changes.announced))
        rememberWrite(ctx, await cache.invalidate());
      else if (outcome === 'done') rememberWrite(ctx, await cache.invalidate(changes.tags));
    }
  };
}
