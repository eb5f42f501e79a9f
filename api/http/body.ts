import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { AppError, unauthenticated } from '../errors.ts';
import type { AppState } from './state.ts';

/** The kernel's JSON body limit; routes that take files declare larger ones (`largeJsonBodies`). */
export const JSON_LIMIT = '1mb';

export function jsonBody(limit: number | string = JSON_LIMIT) {
  return bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
}

/** JSON, or the urlencoded body of a form posted without JavaScript (`formBodies`), within the JSON limit. */
const jsonOrFormBody = () =>
  bodyParser({ enableTypes: ['json', 'form'], jsonLimit: JSON_LIMIT, formLimit: JSON_LIMIT, encoding: 'utf-8' });

export interface LargeJsonBody {
  /** Full path of a POST route, e.g. /api/upload. */
  path: string;
  limit: number | string;
}

/**
 * Reads the bodies of the routes that carry files as JSON (data URLs, base64) with their own limit.
 * Only a signed-in user's body is read: anyone else gets the route's 401 without the server
 * buffering up to that limit first.
 */
export function largeJsonBodies(routes: LargeJsonBody[]): Middleware<AppState> {
  const parsers = new Map(routes.map((route) => [route.path, jsonBody(route.limit)]));
  return async (ctx, next) => {
    const parse = ctx.method === 'POST' && ctx.state.user ? parsers.get(ctx.path) : undefined;
    return parse ? parse(ctx, next) : next();
  };
}

/**
 * The body parser of /api routes. A signed-in caller's JSON body is read; an anonymous caller's only
 * on the routes declared to take one (`anonymousBodies`: sign-in, registration). Anywhere else the
 * body is left unread and reading it answers 401, so a route that needs a session says so before
 * a byte of the body is read, whatever its size, with no check of its own beyond `requireUser`.
 * The routes in `formRoutes` (`formBodies`) also read a urlencoded form, from anyone: a page's form
 * that works before its island hydrates posts there (the Origin check covers them like any write).
 */
export function apiBodies(anonymousRoutes: string[], formRoutes: string[] = []): Middleware<AppState> {
  const parse = jsonBody();
  const parseForm = jsonOrFormBody();
  const open = new Set(anonymousRoutes);
  const forms = new Set(formRoutes);
  return async (ctx, next) => {
    if (forms.has(ctx.path)) return parseForm(ctx, next);
    if (ctx.state.user || open.has(ctx.path)) return parse(ctx, next);
    Object.defineProperty(ctx.request, 'body', {
      configurable: true,
      get: () => {
        throw unauthenticated('Authentication required');
      },
    });
    return next();
  };
}

export interface RawBody {
  /** Full path of a POST route, e.g. /api/credits/payments/webhook. */
  path: string;
  /** Bytes it may carry; one more is refused with 413 before the route runs. */
  limit: number;
}

async function readAll(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new AppError('too_large', `The body may be at most ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Routes whose callers sign the bytes they send (a payment provider's webhooks): the body is kept
 * as those bytes in `ctx.state.rawBody`, from anyone (the signature is the route's check), and never
 * parsed as JSON, since a parse and re-serialisation would change what was signed. Every other
 * route keeps the JSON parsers and their limits.
 */
export function rawBodies(routes: RawBody[]): Middleware<AppState> {
  const limits = new Map(routes.map((route) => [route.path, route.limit]));
  return async (ctx, next) => {
    const limit = ctx.method === 'POST' ? limits.get(ctx.path) : undefined;
    if (limit === undefined) return next();
    ctx.state.rawBody = await readAll(ctx.req, limit);
    // The JSON parsers skip a request whose body is already read.
    ctx.request.body = {};
    return next();
  };
}

/** Counts bytes through the pipe of a streamed body and stops it as soon as it passes the limit. */
export function byteLimit(limit: number, onTooLarge: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(onTooLarge());
      else done(null, chunk);
    },
  });
}
