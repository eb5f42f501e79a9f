import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../log.ts';
import type { RouteOf } from './routeLabel.ts';
import type { AppState } from './state.ts';

/** What a request id sent by a proxy may look like; anything else is replaced by our own. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * One JSON line per request, written when the response is finished or the client went away:
 * requestId, method, route, path (no query string), status (499 when the client left first),
 * durationMs and userId when signed in. Never headers, cookies or bodies. The request id comes
 * from X-Request-Id when the app trusts its proxy (TRUST_PROXY=1), else it is made here; either
 * way it is sent back in X-Request-Id.
 *
 * Written here rather than with pino-http: that made two child loggers and serialiser objects per
 * request, about a tenth of a cached read's CPU in the profile; this is one object and one write.
 */
export function requestLog(log: Logger, options: { trustProxy: boolean; route: RouteOf }): Middleware<AppState> {
  const { pino } = log;
  return async (ctx, next) => {
    const started = performance.now();
    const sent = options.trustProxy ? ctx.req.headers['x-request-id'] : undefined;
    const requestId = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    const { res } = ctx;
    res.once('close', () => {
      const status = res.writableFinished ? res.statusCode : 499;
      const line = {
        requestId,
        method: ctx.method,
        route: options.route(ctx),
        path: ctx.path,
        status,
        durationMs: Math.round(performance.now() - started),
        userId: ctx.state.user?.id,
      };
      // A failure is written at once (api/log.ts); the other lines are gathered.
      if (status >= 500) log.error('request failed', line);
      else pino.info(line, 'request');
    });
    ctx.set('X-Request-Id', requestId);
    await next();
  };
}
