import type { Context, Middleware } from 'koa';
import path from 'node:path';
import type { CacheBus } from '../cache/bus.ts';
import { cachedReads } from '../cache/cachedReads.ts';
import { isValidKey, type Storage } from '../storage/types.ts';

// Serves stored media (api/storage: DATA_DIR/media or an S3 bucket) under /media/ with HTTP Range
// support, so audio seeks in every browser (Safari refuses to seek audio served without 206
// answers). Only server-made keys are looked up: nothing outside the media store can be reached.

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
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export const MEDIA_PREFIX = '/media/';
/**
 * Keys in this folder are never served under /media/: only routes that decide who may have them
 * (a subscriber's exclusive) send them, through sendStored.
 */
export const PRIVATE_FOLDER = 'p/';

export function mediaFolder(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Parses a single `bytes=` range; null when absent, 'invalid' when it cannot be satisfied. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
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

/** The storage key of a /media/ URL, or null when the URL cannot name stored media. */
export function mediaKey(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(MEDIA_PREFIX.length));
  } catch {
    return null;
  }
  return isValidKey(key) && TYPES[path.extname(key).toLowerCase()] ? key : null;
}

/** The content type media of this key are served with. */
export function mediaType(key: string): string | undefined {
  return TYPES[path.extname(key).toLowerCase()];
}

/** Cache-Control of /media/ files: stored names never change content (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a /media/ URL must no longer be served. */
export type WithheldMedia = (url: string) => Promise<boolean>;

/**
 * The plugins' withheld files (manifests' `withheldMedia`: a taken-down track, a suspended or
 * deleted artist's), as one set kept per process like any cached read: every takedown, suspension
 * or deletion invalidates everything, so every node reads the set again on its next media request.
 */
export function withheldMedia(bus: CacheBus, sources: Array<() => Promise<string[]>>): WithheldMedia {
  const sets = cachedReads<Set<string>>(bus);
  const load = async () => new Set((await Promise.all(sources.map((source) => source()))).flat());
  return async (url) =>
    sources.length ? ((await sets.get('withheld', load, ['media:withheld']))?.has(url) ?? false) : false;
}

export function mediaFiles(storage: Storage, withheld: WithheldMedia = async () => false): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(MEDIA_PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const key = mediaKey(ctx.path);
    if (!key || key.startsWith(PRIVATE_FOLDER)) return next();
    if (await withheld(MEDIA_PREFIX + key)) {
      // Not cached anywhere: a restored track's file comes back under the same name.
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 410;
      ctx.body = { message: 'This file was removed' };
      return;
    }
    if (!(await sendStored(ctx, storage, key, IMMUTABLE))) return next();
  };
}

/**
 * Answers with a stored file, honouring Range (206, 416), If-Range and conditional requests; false
 * (nothing written) when the key holds nothing. Routes that name a file by something other than its
 * key (the Subsonic API's stream and download) serve it through this too, with their own caching.
 */
export async function sendStored(ctx: Context, storage: Storage, key: string, cacheControl: string): Promise<boolean> {
  const info = await storage.head(key);
  if (!info) return false;
  ctx.type = mediaType(key) ?? 'application/octet-stream';
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', cacheControl);
  ctx.lastModified = info.lastModified;
  ctx.etag = info.etag;
  ctx.compress = false;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  const range =
    ctx.headers['if-range'] && ctx.headers['if-range'] !== ctx.response.get('ETag')
      ? null
      : parseRange(ctx.headers.range, info.size);
  if (range === 'invalid') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${info.size}`);
    ctx.body = '';
    return true;
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  ctx.status = range ? 206 : 200;
  if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
  if (ctx.method !== 'HEAD') ctx.body = await storage.read(key, { start, end });
  ctx.length = end - start + 1;
  return true;
}
