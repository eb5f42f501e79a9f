import type { Middleware } from 'koa';
import type { CacheBus } from '../cache/bus.ts';
import { verifiedCookie } from './signedCookie.ts';
import type { AppState } from './state.ts';

/**
 * Read-your-writes across nodes. A write's invalidation reaches the other nodes over Redis pub/sub
 * milliseconds after its answer; the actor's very next request may reach one of them first and be
 * served a cached page from before the write. So a write that changed something leaves its shared
 * sequence number in a signed cookie, and a request carrying one waits (briefly) until this node
 * has applied that invalidation, or bypasses the caches when it can't. Signed, so a client cannot
 * make the server wait or render for it with a number it made up; a number from before a reset of
 * Redis is above the shared sequence and is ignored.
 */
export const SEEN_COOKIE = 'onetrack.seen';
const WAIT_MS = 100;
const cookie = { httpOnly: true, sameSite: 'lax', signed: true, overwrite: true } as const;

export function rememberWrite(ctx: Parameters<Middleware>[0], seq: number): void {
  if (seq > 0) ctx.cookies.set(SEEN_COOKIE, String(seq), cookie);
}

export function readYourWrites(bus: CacheBus): Middleware<AppState> {
  const read = verifiedCookie(SEEN_COOKIE);
  return async (ctx, next) => {
    const seen = Number(read(ctx) ?? 0);
    if (Number.isSafeInteger(seen) && seen > 0 && !(await bus.caughtUp(seen, WAIT_MS))) ctx.state.uncached = true;
    return next();
  };
}
