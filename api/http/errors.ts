import type { Middleware } from 'koa';
import type { Locale } from '../../lib/i18n/locales.ts';
import { AppError, type ErrorKind } from '../errors.ts';
import { inLocale, localized } from '../i18n.ts';
import { errorFields, type Logger } from '../log.ts';

const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

/** Messages for errors raised by libraries (body parser, koa) that carry a status but no useful text. */
/** The texts of the body parser's own refusals (also listed in the API description). */
export const libraryMessages: Record<number, string> = {
  400: 'Malformed JSON in request body',
  413: 'Request body is too large',
  415: 'Unsupported content type: send JSON',
};

function clientError(error: unknown): { status: number; message: string; headers?: Record<string, string> } | null {
  if (error instanceof AppError) {
    const headers = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : undefined;
    return { status: statusOf[error.kind], message: localized(error.text), headers };
  }
  const e = error as { status?: number; statusCode?: number; expose?: boolean; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  return { status, message: localized(libraryMessages[status] ?? 'Bad request') };
}

/**
 * Every /api failure becomes JSON `{message}`; anything unexpected is logged with its stack and
 * answered 500 "Internal error", so no stack trace ever reaches a client.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // In the caller's language (api/http/locale.ts; English before it ran), English texts unchanged.
      const locale: Locale = ctx.state.locale?.locale ?? 'en';
      const known = inLocale(locale, () => clientError(error));
      if (!known) log.error('request failed', { method: ctx.method, path: ctx.path, ...errorFields(error) });
      const { status, message, headers } = known ?? {
        status: 500,
        message: inLocale(locale, () => localized('Internal error')),
      };
      if (ctx.headerSent || !ctx.writable) return;
      ctx.status = status;
      if (headers) ctx.set(headers);
      if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.accepts('html', 'json') === 'json') {
        ctx.body = { message };
      } else {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = errorPage(status, message);
      }
    }
  };
}

function errorPage(status: number, message: string): string {
  const safe = message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta ` +
    `name="viewport" content="width=device-width, initial-scale=1"><title>${status}` +
    ` | OneTrack</title></head>` +
    `<body ` +
    `style="font-family:system-ui;background:#0f0f14;color:#eee;display:grid;place-items:center;min-height:100vh">` +
    `<main><h1>${status}</h1><p>${safe}</p><p><a style="color:#f5c542" ` +
    `href="/">Back to OneTrack</a></p></main></body></html>`
  );
}
