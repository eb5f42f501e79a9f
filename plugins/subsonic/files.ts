import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ParameterizedContext } from 'koa';
import sharp from 'sharp';
import { sendStored } from '../../api/http/media.ts';
import type { Storage } from '../../api/storage/types.ts';

// Files the protocol asks for by id: audio (stream, download) and cover art at a size. Audio is the
// stored file itself, with Range. A sized cover is made once from the stored original and kept in
// storage under a name derived from the original's key and the size: an original never changes
// under its key, so a kept size is never stale, and every node (S3) finds it.

/** The sizes covers are made in: a request gets the smallest one that is at least as large. */
export const COVER_SIZES = [32, 64, 128, 256, 384, 512, 768, 1024, 1500] as const;

/** Stream and download answers may change (a track's AAC replaces its master): revalidated each time. */
const AUDIO_CACHING = 'private, no-cache';
/** A sized cover's name is derived from its original's: safe to keep for a day. */
const COVER_CACHING = 'private, max-age=86400';

export function coverSize(requested: number): number {
  return COVER_SIZES.find((size) => size >= requested) ?? COVER_SIZES[COVER_SIZES.length - 1];
}

export async function sendAudio(
  ctx: ParameterizedContext,
  storage: Storage,
  key: string,
  download?: string,
): Promise<boolean> {
  if (download) ctx.attachment(download);
  return sendStored(ctx, storage, key, AUDIO_CACHING);
}

/** The original cover, or a JPEG of it fitted into size × size (made and stored on first request). */
export async function sendCover(
  ctx: ParameterizedContext,
  storage: Storage,
  key: string,
  requested: number | null,
): Promise<boolean> {
  if (requested === null) return sendStored(ctx, storage, key, COVER_CACHING);
  const size = coverSize(requested);
  const sizedKey = `subsonic/cover-${createHash('sha256').update(key).digest('hex').slice(0, 24)}-${size}.jpg`;
  if (await sendStored(ctx, storage, sizedKey, COVER_CACHING)) return true;
  if (!(await storage.head(key))) return false;
  await mkdir(storage.tempDir, { recursive: true });
  const out = path.join(storage.tempDir, `cover-${randomBytes(8).toString('hex')}.jpg`);
  const original = await storage.localFile(key);
  try {
    await sharp(original.path, { limitInputPixels: 40_000_000 })
      .resize(size, size, { fit: 'cover', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toFile(out);
    await storage.putFile(sizedKey, out, 'image/jpeg');
  } finally {
    await original.release();
    await rm(out, { force: true });
  }
  return sendStored(ctx, storage, sizedKey, COVER_CACHING);
}
