import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalStorage } from './local.ts';
import { isTransient, S3Storage } from './s3.ts';
import { watched } from './watched.ts';
import type { Storage } from './types.ts';

export type { Storage } from './types.ts';

/** The configured driver: the local folder DATA_DIR/media unless STORAGE_DRIVER=s3. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  const tempDir = path.join(config.dataDir, 'tmp');
  if (config.storage?.driver === 's3') return watched(new S3Storage(config.storage, tempDir), isTransient);
  return new LocalStorage(path.join(config.dataDir, 'media'), tempDir);
}
