import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config.ts';
import type { AppState } from './state.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => void | Promise<void>;

export const distDir = path.resolve(import.meta.dirname, '../../dist');

export async function loadAstroHandler(dir = distDir): Promise<AstroHandler> {
  const entry = path.join(dir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new ConfigError(`The site is not built (${entry} is missing): run "npm run build"`);
  return (await import(pathToFileURL(entry).href)).handler as AstroHandler;
}

/**
 * Hands the request to Astro with the session user and the services in `locals`. The session is
 * committed first because Koa cannot add a Set-Cookie header once Astro has written the response.
 * When Astro has no route it calls `next`, and the request goes back to Koa.
 */
export function astroPages(handler: AstroHandler, locals: (ctx: Parameters<Middleware<AppState>>[0]) => object): Middleware<AppState> {
  return async (ctx, next) => {
    await ctx.session?.manuallyCommit();
    ctx.respond = false;
    let fellThrough = false;
    let failure: unknown;
    await handler(ctx.req, ctx.res, (err) => {
      if (err) failure = err;
      else fellThrough = true;
    }, locals(ctx));
    if (failure || fellThrough) ctx.respond = true;
    if (failure) throw failure;
    if (fellThrough) await next();
  };
}
