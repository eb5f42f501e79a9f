import { bodyParser } from '@koa/bodyparser';
import type { Middleware, ParameterizedContext } from 'koa';
import { AppError } from '../../api/errors.ts';
import { errorFields } from '../../api/log.ts';
import type { AppState } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { createEndpoints, Params, PUBLIC_METHODS } from './endpoints.ts';
import { CODE, render, renderError, SubsonicError, type Format } from './protocol.ts';
import { SUBSONIC_PATH } from './rules.ts';
import type { Credentials, SubsonicUser } from './service.ts';

// The Subsonic API at /rest/<method>[.view]: mounted as plugin middleware, so it runs before the
// page cache, the same-origin write check (apps are not browsers; they send no Origin and sign
// every call with its parameters, never a cookie) and Astro. Every failure is the protocol's:
// HTTP 200 with status="failed" and a code, in the format asked for.

const FORM_LIMIT = '64kb';

const wrongCredentials = () => new SubsonicError(CODE.wrongCredentials, 'Wrong username or password');

/** Subsonic's `p` may be hex-encoded as `enc:…`. */
function plainPassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw wrongCredentials();
  return Buffer.from(hex, 'hex').toString('utf8');
}

/** Which scheme the parameters use; conflicting or incomplete ones are the protocol's errors. */
export function credentialsOf(params: Params): Credentials {
  const [u, p, t, s, apiKey] = ['u', 'p', 't', 's', 'apiKey'].map((name) => params.get(name));
  if (apiKey !== undefined) {
    if (u !== undefined || p !== undefined || t !== undefined)
      throw new SubsonicError(CODE.conflictingAuth, 'Send either an API key or a username with a password, not both');
    return { kind: 'apiKey', apiKey };
  }
  if (!u) throw new SubsonicError(CODE.missingParameter, 'Required parameter is missing: u');
  if (p !== undefined) {
    if (t !== undefined) throw new SubsonicError(CODE.conflictingAuth, 'Send either a password or a token, not both');
    return { kind: 'password', username: u, password: plainPassword(p) };
  }
  if (t && s) return { kind: 'token', username: u, token: t, salt: s };
  throw new SubsonicError(CODE.missingParameter, 'Required parameter is missing: p, or t and s, or apiKey');
}

function methodOf(path: string): string {
  return path.slice(SUBSONIC_PATH.length + 1).replace(/\.view$/, '');
}

function errorOf(error: unknown, kernel: Kernel, ctx: ParameterizedContext<AppState>): SubsonicError {
  if (error instanceof SubsonicError) return error;
  if (error instanceof AppError)
    return new SubsonicError(
      error.kind === 'not_found' ? CODE.notFound : error.kind === 'forbidden' ? CODE.notAuthorized : CODE.generic,
      error.message,
    );
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new SubsonicError(CODE.generic, (error as Error).message);
  kernel.log.error('subsonic request failed', { method: ctx.method, path: ctx.path, ...errorFields(error) });
  return new SubsonicError(CODE.generic, 'Internal error');
}

export function subsonicApi(kernel: Kernel): Middleware<AppState> {
  const endpoints = createEndpoints(kernel);
  const parseForm = bodyParser({ enableTypes: ['form'], formLimit: FORM_LIMIT, encoding: 'utf-8' });
  const noop = async () => {};

  return async (ctx, next) => {
    if (ctx.path !== SUBSONIC_PATH && !ctx.path.startsWith(`${SUBSONIC_PATH}/`)) return next();
    let format: Format = ctx.query.f === 'json' ? 'json' : 'xml';
    try {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST')
        throw new SubsonicError(CODE.generic, 'Use GET or POST');
      if (ctx.method === 'POST') await parseForm(ctx, noop);
      const params = new Params(
        ctx.query,
        ctx.method === 'POST' ? (ctx.request.body as Record<string, unknown>) : undefined,
      );
      format = params.get('f') === 'json' ? 'json' : 'xml';
      const method = methodOf(ctx.path);
      const handler = Object.hasOwn(endpoints, method) ? endpoints[method] : undefined;
      (ctx as { _matchedRoute?: string })._matchedRoute = handler
        ? `${SUBSONIC_PATH}/${method}`
        : `${SUBSONIC_PATH} (no method)`;
      let user: SubsonicUser | null = null;
      if (!PUBLIC_METHODS.has(method)) {
        user = await kernel.services.subsonic.authenticate(credentialsOf(params));
        if (!user)
          throw params.get('apiKey') !== undefined
            ? new SubsonicError(CODE.invalidApiKey, 'Invalid API key')
            : wrongCredentials();
      }
      if (!handler) throw new SubsonicError(CODE.generic, `Unknown or unsupported method: ${method}`);
      const payload = await handler({ params, user: user!, ctx });
      if (payload) respond(ctx, render(format, 'ok', payload));
    } catch (error) {
      respond(ctx, renderError(format, errorOf(error, kernel, ctx)));
    }
  };
}

function respond(ctx: ParameterizedContext<AppState>, { body, type }: { body: string; type: string }) {
  ctx.status = 200;
  // A file answer may have set these before failing.
  for (const header of ['Content-Range', 'Content-Disposition', 'ETag', 'Last-Modified', 'Accept-Ranges'])
    ctx.remove(header);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = type;
  ctx.body = body;
}
