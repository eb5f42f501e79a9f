import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mediaType } from '../http/media.ts';
import type { Storage } from '../storage/types.ts';
import type { TarEntry, TarWriter, WrittenEntry } from './tar.ts';

export const MEDIA_PREFIX = 'media/';

/** Deleted between the listing and its copy (a takedown, an expired export): nothing to keep. */
function isGone(error: unknown): boolean {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
  );
}

/** The stream with its first chunk read, so a file that is gone fails before its entry is begun. */
async function opened(stream: Readable): Promise<AsyncIterable<Buffer>> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  return (async function* () {
    if (first.done) return;
    yield first.value as Buffer;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value as Buffer;
  })();
}

/**
 * Copies every stored object into the archive. Keys are never rewritten (a new upload gets a new
 * key), so an object listed after the database's snapshot is at most one the snapshot does not
 * mention yet; one deleted since is skipped.
 */
export async function archiveMedia(
  storage: Storage,
  tar: TarWriter,
): Promise<{ files: WrittenEntry[]; bytes: number; gone: number }> {
  const files: WrittenEntry[] = [];
  let bytes = 0;
  let gone = 0;
  for await (const object of storage.list()) {
    let body: AsyncIterable<Buffer>;
    try {
      body = await opened(await storage.read(object.key));
    } catch (error) {
      if (!isGone(error)) throw error;
      gone++;
      continue;
    }
    files.push(await tar.add(MEDIA_PREFIX + object.key, object.size, body as Readable));
    bytes += object.size;
  }
  return { files, bytes, gone };
}

/** True when the store holds no object. */
export async function mediaIsEmpty(storage: Storage): Promise<boolean> {
  for await (const _ of storage.list()) return false;
  return true;
}

/** Deletes every stored object (a restore told to replace what is there). */
export async function clearMedia(storage: Storage): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  for (const key of keys) await storage.delete(key);
}

/** Stores every media entry of the archive under its key. */
export async function restoreMedia(
  storage: Storage,
  archive: string,
  entries: Iterable<TarEntry>,
): Promise<{ files: number; bytes: number }> {
  await mkdir(storage.tempDir, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.name.startsWith(MEDIA_PREFIX)) continue;
    const key = entry.name.slice(MEDIA_PREFIX.length);
    const file = path.join(storage.tempDir, `restore-${randomBytes(8).toString('hex')}`);
    const source =
      entry.size === 0 ? [] : createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 });
    await pipeline(source, createWriteStream(file));
    await storage.putFile(key, file, mediaType(key) ?? 'application/octet-stream');
    files++;
    bytes += entry.size;
  }
  return { files, bytes };
}
