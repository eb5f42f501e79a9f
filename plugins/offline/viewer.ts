import { createHmac, hkdfSync } from 'node:crypto';
import type { Middleware } from 'koa';
import type { AppState } from '../../api/http/state.ts';
import { ANONYMOUS_VIEWER, VIEWER_HEADER } from './names.ts';

/**
 * Names the viewer of every page in VIEWER_HEADER, for the service worker to keep one viewer's pages
 * and tracks only (sw/sw.ts). A keyed hash, so the header tells nothing about the account but
 * "the same one as before"; the key is derived from the session secret, like the other keys made from it.
 */
export function viewerHeader(sessionSecret: string): Middleware<AppState> {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'onetrack-offline', 'viewer', 32));
  const viewerOf = (userId: number) => createHmac('sha256', key).update(String(userId)).digest('base64url').slice(0, 22);
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || !ctx.response.is('html')) return;
    const user = ctx.state.user;
    ctx.set(VIEWER_HEADER, user ? viewerOf(user.id) : ANONYMOUS_VIEWER);
  };
}
