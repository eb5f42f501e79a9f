import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AppError, invalid } from '../../api/errors.ts';
import { MEDIA_PREFIX, mediaKey } from '../../api/http/media.ts';
import type { Storage } from '../../api/storage/index.ts';
import { refundOnFailure, type UploadAllowance } from '../../api/uploadAllowance.ts';
import { storedSizes } from '../../media-worker/media/sizesColumn.ts';
import { removeWebSizes } from '../../media-worker/media/webSizes.ts';
import { PHOTO_RULES } from './rules.ts';

// Profile photos go through the media storage interface (DATA_DIR/media or an S3 bucket), so every
// app node serves them. The bytes decide what the file is, not the declared type: only a real JPEG
// or PNG of at least 100x100 is accepted, and what is kept is a new square JPEG made from it by
// sharp, without any metadata the original carried (location, camera). An artist's photo also gets
// web sizes (AVIF, WebP) from the media worker (jobs.ts), removed with the photo.

const DATA_URL = /^data:[\w.+/-]*;base64,/;
const KEY = /^avatars\/\d+-[0-9a-f]{12}\.jpg$/;

/** The picture's format and size, read by sharp from its content; null when it is not an image. */
async function inspect(bytes: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    return format && width && height ? { format, width, height } : null;
  } catch {
    return null;
  }
}

/** Checks the photo, stores its square version and returns its public URL. */
export async function storeProfilePhoto(
  storage: Storage,
  allowance: UploadAllowance,
  userId: number,
  dataUrl: string,
): Promise<string> {
  const { messages } = PHOTO_RULES;
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw invalid(messages.notImage);
  const bytes = Buffer.from(dataUrl.slice(prefix[0].length), 'base64');
  if (bytes.length > PHOTO_RULES.maxBytes) throw new AppError('too_large', messages.tooLarge);
  // The upload counts against the account's one daily allowance, given back when the photo is refused.
  return refundOnFailure(await allowance.charge(userId, bytes.length), () => storeChecked(storage, userId, bytes));
}

async function storeChecked(storage: Storage, userId: number, bytes: Buffer): Promise<string> {
  const { messages } = PHOTO_RULES;
  const image = await inspect(bytes);
  if (!image) throw invalid(messages.notImage);
  if (!(PHOTO_RULES.formats as readonly string[]).includes(image.format)) throw invalid(messages.format);
  if (Math.min(image.width, image.height) < PHOTO_RULES.minSide) throw invalid(messages.tooSmall);

  await mkdir(storage.tempDir, { recursive: true });
  const file = path.join(storage.tempDir, `avatar-${randomBytes(12).toString('hex')}.jpg`);
  try {
    await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_RULES.storedSide, PHOTO_RULES.storedSide, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toFile(file);
  } catch {
    // Headers that read fine over a body that does not decode.
    await rm(file, { force: true });
    throw invalid(messages.notImage);
  }
  // A new name per upload: browsers and caches never show the old picture under the new URL.
  const key = `avatars/${userId}-${randomBytes(6).toString('hex')}.jpg`;
  try {
    await storage.putFile(key, file, 'image/jpeg');
  } finally {
    await rm(file, { force: true });
  }
  return `${MEDIA_PREFIX}${key}`;
}

/**
 * Whether a media key is a photo this user uploaded (`avatars/{userId}-…`): the only files of theirs deleted with it.
 */
const ownAvatar = (userId: number, key: string | null) =>
  key !== null && KEY.test(key) && key.startsWith(`avatars/${userId}-`);
/** The photo job names its sizes the same way (`avatars/{userId}-{random}-{width}.{avif|webp}`). */
const ownSize = (userId: number, url: string) => mediaKey(url)?.startsWith(`avatars/${userId}-`) ?? false;

/**
 * Deletes a user's stored photo and its web sizes. A photo URL that is not their own uploaded avatar
 * (demo art, none, or another user's file a row was made to point at) is left alone, and so are sizes
 * not named for them.
 */
export async function removeProfilePhoto(
  storage: Storage,
  userId: number,
  url: string | null,
  sizes: unknown = null,
): Promise<void> {
  const key = url ? mediaKey(url) : null;
  if (ownAvatar(userId, key)) await storage.delete(key!);
  await removeWebSizes(
    storage,
    storedSizes(sizes).filter((size) => ownSize(userId, size.url)),
  );
}
