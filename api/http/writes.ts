import type { Middleware } from 'koa';
import type { CacheBus } from '../cache.ts';
import { AppError } from '../errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API write tells the caches of every node (kernel.cache) before its response leaves, so
 * the next view on any node shows it. A refused write (4xx) changed nothing and tells no one; a
 * failure (5xx) may have changed something half-way, so it tells them too. `unseenWrites` (full
 * paths from the manifests) change nothing a cached answer shows, and tell no one.
 */
export function invalidateOnWrites(cache: CacheBus, unseenWrites: string[] = []): Middleware {
  const unseen = new Set(unseenWrites);
  return async (ctx, next) => {
    if (READS.has(ctx.method) || !ctx.path.startsWith('/api/') || unseen.has(ctx.path)) return next();
    let refused = false;
    try {
      await next();
      refused = ctx.status >= 400 && ctx.status < 500;
    } catch (error) {
      // Services' errors are all a caller's mistake; a library's carry their status (400, 413, …).
      const status = (error as { status?: unknown }).status;
      refused = error instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500);
      throw error;
    } finally {
      if (!refused) await cache.invalidate();
    }
  };
}
