import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PREFIX, mediaKey } from '../../api/http/media.ts';
import type { Storage } from '../../api/storage/types.ts';
import { squareDerivatives } from './image.ts';
import { withLocalFile } from './localFile.ts';
import type { ImageVariant } from './sizesColumn.ts';

// The web sizes of a stored image (a track's cover, an artist's photo), made by a media job: square
// AVIF and WebP files at each width, stored beside the original under new names (new sizes never
// reuse a URL, so no cache shows old ones), listed as JSON in a column of the image's row
// (sizesColumn.ts) and read back as srcsets by plugins/catalog/mediaColumns.ts.

/** Makes and stores the sizes of the image at `url`, keyed `${keyBase}-${width}.${format}`. */
export async function storeWebSizes(
  storage: Storage,
  url: string,
  widths: readonly number[],
  keyBase: string,
): Promise<ImageVariant[]> {
  await mkdir(storage.tempDir, { recursive: true });
  const temp = `job-${randomBytes(10).toString('hex')}`;
  const made = await withLocalFile(storage, url, (file) =>
    squareDerivatives(file, widths, (width, format) => path.join(storage.tempDir, `${temp}-${width}.${format}`)),
  );
  const variants: ImageVariant[] = [];
  try {
    for (const d of made) {
      const sizeKey = `${keyBase}-${d.width}.${d.format}`;
      const type = d.format === 'avif' ? 'image/avif' : 'image/webp';
      await storage.putFile(sizeKey, d.file, type);
      variants.push({ url: `${MEDIA_PREFIX}${sizeKey}`, width: d.width, type });
    }
  } finally {
    // putFile consumed the stored ones; these are what a failure left behind.
    for (const d of made) await rm(d.file, { force: true });
  }
  return variants;
}

/** Deletes stored sizes (an image replaced or removed, a job's work that came too late). */
export async function removeWebSizes(storage: Storage, variants: readonly ImageVariant[]): Promise<void> {
  for (const variant of variants) {
    const key = mediaKey(variant.url);
    if (key) await storage.delete(key);
  }
}
