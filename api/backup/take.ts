import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import type { BackupConfig, Config } from '../config.ts';
import { projectRoot } from '../plugins/loader.ts';
import { createStorage } from '../storage/index.ts';
import { FORMAT, MANIFEST, type BackupReason, type Manifest } from './manifest.ts';
import { archiveMedia } from './media.ts';
import { dumpMysql } from './mysql.ts';
import { snapshotSqlite } from './sqlite.ts';
import { archiveName, openArchiveStore, pruneArchives, sweepStaging } from './store.ts';
import { TarWriter, type WrittenEntry } from './tar.ts';

export const SQLITE_ENTRY = 'database/app.sqlite.gz';
export const SECRET_ENTRY = 'settings/session-secret';

export interface BackupResult {
  name: string;
  /** Where the archive is now (a path or an s3:// address). */
  location: string;
  bytes: number;
  durationMs: number;
  manifest: Manifest;
  /** Older archives deleted after it (BACKUP_KEEP). */
  pruned: string[];
}

const version = (): string => JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).version;

function migrationsOfSqlite(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT name FROM knex_migrations ORDER BY id').pluck().all() as string[];
  } finally {
    db.close();
  }
}

async function gzipFile(source: string, target: string): Promise<void> {
  await pipeline(createReadStream(source), createGzip(), createWriteStream(target));
}

/**
 * Writes one archive of everything a restore needs: the database as of one moment, then every media
 * object, the session secret, and a manifest (the schema's migrations, the plugins, each entry's
 * SHA-256). The site keeps serving meanwhile. The archive is written as NAME.partial beside the
 * others and only takes its name (or goes up to the bucket) once complete.
 */
export async function takeBackup(
  config: Config,
  plugins: string[],
  reason: BackupReason,
  now = new Date(),
): Promise<BackupResult> {
  const started = Date.now();
  const settings: BackupConfig = config.backup ?? { dir: path.resolve('backups'), s3: null, schedule: null, keep: 0 };
  const store = await openArchiveStore(settings);
  await sweepStaging(store.staging);
  const name = archiveName(now, reason);
  const staging = await mkdtemp(path.join(store.staging, '.staging-'));
  const partial = path.join(store.staging, `${name}.partial`);
  const tar = await TarWriter.create(partial);
  try {
    const files: WrittenEntry[] = [];
    const addFile = async (entry: string, file: string) =>
      files.push(await tar.add(entry, (await stat(file)).size, createReadStream(file)));
    let tables: Record<string, number>;
    let migrations: string[];
    if (config.database.client === 'sqlite') {
      const copy = path.join(staging, 'app.sqlite');
      tables = await snapshotSqlite(config.database.filename, copy);
      migrations = tables.knex_migrations === undefined ? [] : migrationsOfSqlite(copy);
      await gzipFile(copy, `${copy}.gz`);
      await addFile(SQLITE_ENTRY, `${copy}.gz`);
    } else {
      const dump = await dumpMysql(config.database, staging);
      tables = dump.tables;
      migrations = dump.migrations;
      for (const file of dump.files) await addFile(file.name, file.path);
    }
    files.push(await tar.add(SECRET_ENTRY, Buffer.byteLength(config.sessionSecret), Buffer.from(config.sessionSecret)));
    const storage = createStorage(config);
    const media = await archiveMedia(storage, tar);
    files.push(...media.files);
    const secretFile = path.join(config.dataDir, 'session-secret');
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: now.toISOString(),
      reason,
      version: version(),
      database: { dialect: config.database.client, tables },
      migrations,
      plugins,
      sessionSecretFrom:
        existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() === config.sessionSecret
          ? 'file'
          : 'environment',
      media: { driver: storage.driver, files: media.files.length, bytes: media.bytes },
      files,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 1));
    await tar.add(MANIFEST, text.length, text);
    await tar.close();
    const bytes = (await stat(partial)).size;
    const location = await store.put(name, partial);
    const pruned = await pruneArchives(store, settings.keep);
    return { name, location, bytes, durationMs: Date.now() - started, manifest, pruned };
  } catch (error) {
    await tar.abandon();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
