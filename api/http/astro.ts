import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config.ts';
import { scriptHashesOf, withScriptHashes } from './csp.ts';
import type { AppState } from './state.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

export const distDir = path.resolve(import.meta.dirname, '../../dist');

export async function loadAstroHandler(dir = distDir): Promise<AstroHandler> {
  const entry = path.join(dir, 'server', 'entry.mjs');
  if (!existsSync(entry)) throw new ConfigError(`The site is not built (${entry} is missing): run "npm run build"`);
  return (await import(pathToFileURL(entry).href)).handler as AstroHandler;
}

/**
 * Names one build of the site: its server chunks and client assets carry content hashes in their
 * names. Nodes share rendered pages only with nodes of the same build (sharedPages.ts), so a rolling
 * deployment never serves one build's HTML, naming its assets, from a node of the other.
 */
export function buildIdentity(dir = distDir): string {
  const hash = createHash('sha1');
  for (const folder of ['server/chunks', 'client/_astro']) {
    const full = path.join(dir, folder);
    if (existsSync(full)) hash.update(readdirSync(full).sort().join('\n'));
  }
  return hash.digest('base64url').slice(0, 12);
}

/**
 * Stands in for the Node response Astro writes to, keeping status, headers and body in memory.
 * Koa then sends the page like any other body: compressed, with ETag/304, cacheable, and with
 * headers (cookies, security) that later middleware may still add.
 */
class CapturedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  headers: OutgoingHttpHeaders = {};
  readonly chunks: Buffer[] = [];
  failed = false;
  readonly req: IncomingMessage;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
  }

  writeHead(status: number, headers?: OutgoingHttpHeaders) {
    this.statusCode = status;
    this.headers = { ...this.headers, ...headers };
    this.headersSent = true;
    return this;
  }

  setHeader(name: string, value: number | string | string[]) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  write(chunk: string | Uint8Array, callback?: () => void) {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
    callback?.();
    return true;
  }

  end(chunk?: string | Uint8Array) {
    if (chunk) this.write(chunk);
    this.headersSent = true;
    this.emit('finish');
    return this;
  }

  destroy() {
    this.failed = true;
    this.emit('close');
    return this;
  }
}

/**
 * Renders the request with Astro, passing the session user and the services in `locals`. When
 * Astro has no route it calls `next`, and the request continues in Koa.
 */
export function astroPages(
  handler: AstroHandler,
  locals: (ctx: Parameters<Middleware<AppState>>[0]) => object,
): Middleware<AppState> {
  return async (ctx, next) => {
    const captured = new CapturedResponse(ctx.req);
    let fellThrough = false;
    let failure: unknown;
    await handler(
      ctx.req,
      captured as unknown as ServerResponse,
      (err) => {
        if (err) failure = err;
        else fellThrough = true;
      },
      locals(ctx),
    );
    if (failure) throw failure;
    if (fellThrough) return next();
    if (captured.failed) throw new Error(`Rendering ${ctx.path} failed midway`);
    ctx.status = captured.statusCode;
    const { 'content-security-policy': astroPolicy, ...headers } = captured.headers;
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) ctx.set(name, Array.isArray(value) ? value : String(value));
    }
    // Astro's policy names the hashes of the page's inline scripts; the rest of the policy is the
    // kernel's as plugins left it (the embed player's frame-ancestors).
    const policy = ctx.response.get('Content-Security-Policy');
    if (typeof astroPolicy === 'string' && policy)
      ctx.set('Content-Security-Policy', withScriptHashes(policy, scriptHashesOf(astroPolicy)));
    ctx.body = Buffer.concat(captured.chunks);
  };
}
