import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Config } from '../config.ts';
import { createStorage } from '../storage/index.ts';
import { readEntry, verifyArchive, type Manifest } from './manifest.ts';
import { clearMedia, mediaIsEmpty, restoreMedia } from './media.ts';
import { mysqlIsEmpty, restoreMysql, SCHEMA_ENTRY } from './mysql.ts';
import { installSqlite, sqliteIsEmpty } from './sqlite.ts';
import { SECRET_ENTRY, SQLITE_ENTRY } from './take.ts';

/** A restore that cannot go ahead; nothing was written. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  /** Replace a database and media that are not empty. */
  force: boolean;
  /** The migrations this code knows (kernel and enabled plugins): the archive's must all be among them. */
  knownMigrations: string[];
  /** The plugins enabled here. */
  plugins: string[];
}

export interface RestoreReport {
  manifest: Manifest;
  /** Bytes of the archive checked against the manifest. */
  verifiedBytes: number;
  tables: Record<string, number>;
  media: { files: number; bytes: number };
  /** Where the session secret went, or what the operator must do about it. */
  sessionSecret: string;
  /** Migrations this code has that the archive's schema had not run yet: the server runs them at start. */
  pendingMigrations: string[];
  /** Plugins enabled here that the archive's site did not have. */
  newPlugins: string[];
}

/** Refuses a database or media store that holds anything, unless told to replace it. */
async function checkEmpty(config: Config, force: boolean): Promise<void> {
  if (force) return;
  const full: string[] = [];
  const db = config.database;
  if (db.client === 'sqlite' ? !sqliteIsEmpty(db.filename) : !(await mysqlIsEmpty(db)))
    full.push(db.client === 'sqlite' ? `the database ${db.filename}` : `the database ${db.database} on ${db.host}`);
  const storage = createStorage(config);
  if (!(await mediaIsEmpty(storage)))
    full.push(storage.driver === 's3' ? 'the media bucket' : `the media folder ${path.join(config.dataDir, 'media')}`);
  if (full.length)
    throw new RestoreRefused(`Not restoring: ${full.join(' and ')} already hold data (--force replaces it)`);
}

function checkCompatible(config: Config, manifest: Manifest, options: RestoreOptions): void {
  if (manifest.database.dialect !== config.database.client)
    throw new RestoreRefused(
      `This archive holds a ${manifest.database.dialect} database; DATABASE_URL here is ${config.database.client}`,
    );
  const known = new Set(options.knownMigrations);
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length) {
    const missing = manifest.plugins.filter((p) => !options.plugins.includes(p));
    throw new RestoreRefused(
      `This archive's schema has migrations this code does not have (` +
        `${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ', …' : ''}): ` +
        (missing.length ? `enable its plugins ${missing.join(', ')} in plugins/enabled.json, or ` : '') +
        `restore with the release that wrote it (${manifest.version}) or a later one`,
    );
  }
}

/**
 * Restores an archive into this configuration's database and media store: checks that they are
 * empty (or may be replaced), verifies every checksum, and only then writes.
 */
export async function restoreBackup(config: Config, archive: string, options: RestoreOptions): Promise<RestoreReport> {
  await checkEmpty(config, options.force);
  const { manifest, entries, bytes } = await verifyArchive(archive).catch((error: Error) => {
    throw new RestoreRefused(`Not restoring ${archive}: ${error.message}`);
  });
  checkCompatible(config, manifest, options);

  const storage = createStorage(config);
  if (options.force) await clearMedia(storage);
  let tables: Record<string, number>;
  const db = config.database;
  if (db.client === 'sqlite') {
    const entry = entries.get(SQLITE_ENTRY)!;
    const restored = `${db.filename}.restoring`;
    await mkdir(path.dirname(db.filename), { recursive: true });
    await pipeline(
      createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 }),
      createGunzip(),
      createWriteStream(restored),
    );
    tables = await installSqlite(restored, db.filename);
  } else {
    tables = await restoreMysql(db, archive, entries, async () =>
      JSON.parse((await readEntry(archive, entries.get(SCHEMA_ENTRY)!)).toString('utf8')),
    );
  }
  const media = await restoreMedia(storage, archive, entries.values());

  const secret = (await readEntry(archive, entries.get(SECRET_ENTRY)!)).toString('utf8');
  const secretFile = path.join(config.dataDir, 'session-secret');
  const secretFromFile = existsSync(secretFile) && readFileSync(secretFile, 'utf8').trim() === config.sessionSecret;
  let sessionSecret: string;
  if (secret === config.sessionSecret) {
    sessionSecret = 'the same as here';
  } else if (secretFromFile) {
    await writeFile(secretFile, secret + '\n', { mode: 0o600 });
    sessionSecret = `written to ${secretFile}`;
  } else {
    sessionSecret =
      `SESSION_SECRET here differs from the archive's: set it to the archive's (` +
      `${SECRET_ENTRY} in the archive), or everyone is signed out and app tokens ` +
      `stop working`;
  }
  const applied = new Set(manifest.migrations);
  return {
    manifest,
    verifiedBytes: bytes,
    tables,
    media,
    sessionSecret,
    pendingMigrations: options.knownMigrations.filter((name) => !applied.has(name)),
    newPlugins: options.plugins.filter((p) => !manifest.plugins.includes(p)),
  };
}
