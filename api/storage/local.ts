import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, type ByteRange, type LocalFile, type Storage, type StoredObject } from './types.ts';

/** Media as files under one folder (DATA_DIR/media); temporary files beside it, on the same disk. */
export class LocalStorage implements Storage {
  readonly driver = 'local';
  readonly root: string;
  readonly tempDir: string;

  constructor(root: string, tempDir: string) {
    this.root = root;
    this.tempDir = tempDir;
  }

  pathOf(key: string): string {
    assertKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the media folder: ${key}`);
    return file;
  }

  async putFile(key: string, file: string, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another disk: copy, then drop the temporary file.
      await copyFile(file, target);
      await rm(file, { force: true });
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async localFile(key: string): Promise<LocalFile> {
    return { path: this.pathOf(key), release: async () => {} };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
