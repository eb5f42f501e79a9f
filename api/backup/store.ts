import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig } from '../config.ts';
import { S3Storage } from '../storage/s3.ts';
import type { BackupReason } from './manifest.ts';

/** An archive's name says when and why it was taken; names sort as their moments do. */
export const ARCHIVE_NAME = /^onetrack-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-(manual|scheduled|pre-migration)\.tar$/;

export function archiveName(at: Date, reason: BackupReason): string {
  return `onetrack-${at.toISOString().replace(/[:.]/g, '-')}-${reason}.tar`;
}

const BUCKET_PREFIX = 'backups/';

export interface StoredArchive {
  name: string;
  size: number;
}

/** Where archives are kept: the backup folder, or a bucket (written in the folder first, then sent). */
export interface ArchiveStore {
  /** For messages: "folder /var/backups" or "bucket s3://…". */
  readonly where: string;
  /** Where an archive is written while it is made (the same disk as the folder). */
  readonly staging: string;
  /** Takes a finished archive file (consumed) under its name; returns where it is now. */
  put(name: string, file: string): Promise<string>;
  /** OneTrack's archives, oldest first. */
  list(): Promise<StoredArchive[]>;
  /** A local path of the archive; release() drops a fetched copy. */
  fetch(name: string): Promise<{ path: string; release(): Promise<void> }>;
  delete(name: string): Promise<void>;
}

function folderStore(dir: string): ArchiveStore {
  return {
    where: `folder ${dir}`,
    staging: dir,
    async put(name, file) {
      const target = path.join(dir, name);
      await rename(file, target);
      return target;
    },
    async list() {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ARCHIVE_NAME.test(n)).sort();
      return Promise.all(names.map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })));
    },
    async fetch(name) {
      const file = path.join(dir, name);
      await stat(file);
      return { path: file, release: async () => {} };
    },
    delete: (name) => rm(path.join(dir, name), { force: true }),
  };
}

function bucketStore(settings: NonNullable<BackupConfig['s3']>, dir: string): ArchiveStore {
  const bucket = new S3Storage(settings, dir);
  return {
    where: `bucket ${settings.bucket} at ${settings.endpoint}`,
    staging: dir,
    async put(name, file) {
      await bucket.putFile(BUCKET_PREFIX + name, file, 'application/x-tar');
      return `s3://${settings.bucket}/${BUCKET_PREFIX}${name}`;
    },
    async list() {
      const found: StoredArchive[] = [];
      for await (const object of bucket.list(BUCKET_PREFIX)) {
        const name = object.key.slice(BUCKET_PREFIX.length);
        if (ARCHIVE_NAME.test(name)) found.push({ name, size: object.size });
      }
      return found.sort((a, b) => a.name.localeCompare(b.name));
    },
    fetch: (name) => bucket.localFile(BUCKET_PREFIX + name),
    delete: (name) => bucket.delete(BUCKET_PREFIX + name),
  };
}

export async function openArchiveStore(config: BackupConfig): Promise<ArchiveStore> {
  await mkdir(config.dir, { recursive: true, mode: 0o700 });
  return config.s3 ? bucketStore(config.s3, config.dir) : folderStore(config.dir);
}

/** Deletes all but the newest `keep` archives (0 keeps all); returns the names deleted. */
export async function pruneArchives(store: ArchiveStore, keep: number): Promise<string[]> {
  if (keep <= 0) return [];
  const archives = await store.list();
  const old = archives.slice(0, Math.max(0, archives.length - keep)).map((a) => a.name);
  for (const name of old) await store.delete(name);
  return old;
}

/** Older than this, a partial archive or staging folder is a backup that died (a crash, a shutdown). */
const STALE_MS = 24 * 3_600_000;

/** Deletes what backups that died left in the staging folder; one still running elsewhere is younger. */
export async function sweepStaging(dir: string, now = Date.now()): Promise<string[]> {
  const swept: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith('.staging-') && !name.endsWith('.tar.partial')) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info || now - info.mtimeMs < STALE_MS) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    swept.push(name);
  }
  return swept;
}
