import type { Middleware } from 'koa';
import serve from 'koa-static';
import path from 'node:path';

/**
 * Serves Astro's client build (and nothing else from disk). Hashed files under /_astro/ never
 * change, so browsers may keep them for a year; the rest revalidates.
 */
export function clientAssets(clientDir: string): Middleware {
  const files = serve(clientDir, {
    index: false,
    hidden: false,
    gzip: true,
    brotli: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}_astro${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    return files(ctx, next);
  };
}
