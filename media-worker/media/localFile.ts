import { mediaKey } from '../../api/http/media.ts';
import type { Storage } from '../../api/storage/types.ts';

/** Runs `work` on a local copy of the stored media file at `url` (S3 downloads it), then lets it go. */
export async function withLocalFile<T>(storage: Storage, url: string, work: (file: string) => Promise<T>): Promise<T> {
  const key = mediaKey(url);
  if (!key) throw new Error(`not a stored media URL: ${url}`);
  const local = await storage.localFile(key);
  try {
    return await work(local.path);
  } finally {
    await local.release();
  }
}
