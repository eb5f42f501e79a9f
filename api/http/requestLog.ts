import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../log.ts';
import type { AppState } from './state.ts';

type Context = ParameterizedContext<AppState>;

/** What a request id sent by a proxy may look like; anything else is replaced by our own. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * One JSON line per request (pino-http), written when the response is finished or the client went
 * away: requestId, method, route, path (no query string), status, durationMs and userId when signed
 * in. Never headers, cookies or bodies. The request id comes from X-Request-Id when the app trusts
 * its proxy (TRUST_PROXY=1), else it is made here; either way it is sent back in X-Request-Id.
 */
export function requestLog(log: Logger, options: { trustProxy: boolean; route: (ctx: Context) => string }): Middleware<AppState> {
  const contexts = new WeakMap<IncomingMessage, Context>();
  const fields = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
    const ctx = contexts.get(req);
    return {
      method: req.method,
      route: ctx ? options.route(ctx) : undefined,
      path: ctx?.path,
      status: res.headersSent ? res.statusCode : 499,
      durationMs,
      userId: ctx?.state.user?.id,
    };
  };
  const logRequest = pinoHttp({
    logger: log.pino,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return options.trustProxy && typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: (req, res, value) => fields(req, res, value.responseTime as number),
    customErrorObject: (req, res, _error, value) => fields(req, res, value.responseTime as number),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
  });
  return async (ctx, next) => {
    contexts.set(ctx.req, ctx);
    logRequest(ctx.req, ctx.res);
    ctx.set('X-Request-Id', String(ctx.req.id));
    await next();
  };
}
