import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertKey,
  isValidKey,
  type ByteRange,
  type ListedObject,
  type LocalFile,
  type Storage,
  type StoredObject,
} from './types.ts';

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

  async *list(): AsyncIterable<ListedObject> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // What the app never stored (an editor's backup file, .DS_Store) is not media.
      if (!isValidKey(key)) continue;
      const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (info) yield { key, size: info.size };
    }
  }
}
