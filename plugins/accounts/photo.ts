import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { invalid } from '../../api/errors.ts';
import { MEDIA_PREFIX, mediaFolder } from '../../api/http/media.ts';

// Profile photos: the browser shrinks the picture before sending it (it must fit the 1 MB JSON
// limit as a data URL); the server still decodes it with sharp, so only a real image is kept,
// re-encoded as a square JPEG without any metadata the original carried (location, camera).

export const PHOTO_SIZE = 256;
export const NOT_AN_IMAGE = 'File must be an image (jpg, png, etc.)';
const DATA_URL = /^data:image\/(png|jpeg|webp|gif|avif);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Stores the photo under DATA_DIR/media/avatars and returns its public URL. */
export async function storeProfilePhoto(dataDir: string, userId: number, dataUrl: string): Promise<string> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid(NOT_AN_IMAGE);
  let jpeg: Buffer;
  try {
    jpeg = await sharp(Buffer.from(match[2], 'base64'), { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalid(NOT_AN_IMAGE);
  }
  const folder = path.join(mediaFolder(dataDir), 'avatars');
  await mkdir(folder, { recursive: true });
  // A new name per upload: browsers and caches never show the old picture under the new URL.
  const name = `${userId}-${randomBytes(6).toString('hex')}.jpg`;
  await writeFile(path.join(folder, name), jpeg);
  return `${MEDIA_PREFIX}avatars/${name}`;
}

/** Deletes a stored photo; URLs that are not uploaded avatars (demo art, none) are left alone. */
export async function removeProfilePhoto(dataDir: string, url: string | null): Promise<void> {
  const match = url && /^\/media\/avatars\/(\d+-[0-9a-f]{12}\.jpg)$/.exec(url);
  if (match) await rm(path.join(mediaFolder(dataDir), 'avatars', match[1]), { force: true });
}
