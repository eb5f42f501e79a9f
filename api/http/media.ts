import type { Middleware } from 'koa';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

// Serves stored media (DATA_DIR/media) under /media/ with HTTP Range support, so audio seeks in
// every browser (Safari refuses to seek audio served without 206 answers). Nothing outside the
// media folder can be reached: the resolved path must stay inside it.

const TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export const MEDIA_PREFIX = '/media/';

export function mediaFolder(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Parses a single `bytes=` range; null when absent, 'invalid' when it cannot be satisfied. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function mediaFiles(dataDir: string): Middleware {
  const root = mediaFolder(dataDir);
  return async (ctx, next) => {
    if (!ctx.path.startsWith(MEDIA_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path.slice(MEDIA_PREFIX.length));
    } catch {
      return next();
    }
    const file = path.resolve(root, relative);
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(root + path.sep) || relative.includes('\0')) return next();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return next();

    ctx.type = type;
    ctx.set('Accept-Ranges', 'bytes');
    // Stored names never change content (a new upload gets a new name).
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.lastModified = info.mtime;
    ctx.etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    ctx.compress = false;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const range = ctx.headers['if-range'] && ctx.headers['if-range'] !== ctx.response.get('ETag') ? null : parseRange(ctx.headers.range, info.size);
    if (range === 'invalid') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${info.size}`);
      ctx.body = '';
      return;
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    ctx.status = range ? 206 : 200;
    if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
    if (ctx.method === 'GET') ctx.body = createReadStream(file, { start, end });
    ctx.length = end - start + 1;
  };
}
