import { createHmac, hkdfSync } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../../api/http/state.ts';
import { ANONYMOUS_VIEWER, VIEWER_HEADER } from './names.ts';

/**
 * The viewer's name for a user id (22 base64url characters): the same on every node, which share the session secret.
 */
export function viewerHash(sessionSecret: string): (userId: number) => string {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'onetrack-offline', 'viewer', 32));
  // Every signed-in page asks for it; the HMAC was ~1 % of a node's CPU under the bench's mix.
  const named = new Map<number, string>();
  return (userId) => {
    let name = named.get(userId);
    if (name === undefined) {
      if (named.size >= 10_000) named.clear();
      name = createHmac('sha256', key).update(String(userId)).digest('base64url').slice(0, 22);
      named.set(userId, name);
    }
    return name;
  };
}

/**
 * Names the viewer of every page in VIEWER_HEADER, for the service worker to keep one viewer's pages
 * and tracks only (sw/sw.ts). A keyed hash, so the header tells nothing about the account but
 * "the same one as before"; the key is derived from the session secret, like the other keys made from it.
 */
export function viewerHeader(sessionSecret: string): Middleware<AppState> {
  const viewerOf = viewerHash(sessionSecret);
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || !ctx.response.is('html')) return;
    const user = ctx.state.user;
    ctx.set(VIEWER_HEADER, user ? viewerOf(user.id) : ANONYMOUS_VIEWER);
  };
}
