import type { Middleware } from 'koa';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { preferredEncoding } from './encoding.ts';
import { DOCUMENT_ONLY_HEADERS } from './security.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|image\/svg|application\/json)/;

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** Hashed build output: kept for a year, and never a document (no document-only headers). */
  immutable: boolean;
  /** Compressed once, off the event loop, the first time a client asks for that encoding. */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

function walk(dir: string, prefix = ''): Array<[string, string]> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const url = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? walk(file, url) : [[url, file] as [string, string]];
  });
}

/**
 * Serves Astro's client build from memory (and nothing else from disk). The build is small (about
 * a megabyte) and never changes while the process runs, so each file is read and hashed once and
 * compressed at most once; a request is a map lookup, so no path can climb out of the folder.
 * Hashed files under /_astro/ (scripts and stylesheets only) never change: browsers may keep them for
 * a year, and they go without the document-only headers; the rest (favicon, robots.txt) revalidate.
 */
export function clientAssets(clientDir: string): Middleware {
  const assets = new Map<string, Asset>();
  for (const [url, file] of walk(clientDir)) {
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!type) continue;
    const body = readFileSync(file);
    const immutable = url.startsWith('/_astro/');
    assets.set(url, {
      body,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      immutable,
    });
  }
  return async (ctx, next) => {
    const asset = ctx.method === 'GET' || ctx.method === 'HEAD' ? assets.get(ctx.path) : undefined;
    if (!asset) return next();
    ctx.status = 200;
    ctx.type = asset.type;
    ctx.set('Cache-Control', asset.cacheControl);
    if (asset.immutable) for (const header of DOCUMENT_ONLY_HEADERS) ctx.remove(header);
    ctx.etag = asset.etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.compress = false;
    const compressible = asset.body.length >= 1024 && COMPRESSIBLE.test(asset.type);
    if (compressible) ctx.vary('Accept-Encoding');
    const encoding = compressible ? preferredEncoding(ctx.get('Accept-Encoding')) : 'identity';
    if (encoding === 'br') {
      asset.br ??= brotliAsync(asset.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      ctx.set('Content-Encoding', 'br');
      ctx.body = await asset.br;
    } else if (encoding === 'gzip') {
      asset.gzip ??= gzipAsync(asset.body, { level: 9 });
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await asset.gzip;
    } else {
      ctx.body = asset.body;
    }
  };
}
