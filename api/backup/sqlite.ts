import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

/** Pages per step of the online backup: all of them, in one step, so the copy is one read transaction. */
const ALL_PAGES = 0x7fffffff;

function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((name) => [
      name,
      Number(
        db
          .prepare(`SELECT COUNT(*) FROM "${name.replace(/"/g, '""')}"`)
          .pluck()
          .get(),
      ),
    ]),
  );
}

/**
 * Copies the live database into `target` through SQLite's online backup API. In one step the copy
 * is a single read transaction: in WAL mode writers go on meanwhile and the copy is the database as
 * it was when the step began (step by step, a write by another connection would restart it). The
 * copy leaves WAL mode, so it is one file; the server sets WAL again when it opens it.
 */
export async function snapshotSqlite(filename: string, target: string): Promise<Record<string, number>> {
  const source = new Database(filename, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new Database(target);
  try {
    copy.pragma('journal_mode = DELETE');
    return tableCounts(copy);
  } finally {
    copy.close();
  }
}

/** No file, an empty file, or a file without tables. */
export function sqliteIsEmpty(filename: string): boolean {
  if (!existsSync(filename) || statSync(filename).size === 0) return true;
  const db = new Database(filename, { readonly: true });
  try {
    return Object.keys(tableCounts(db)).length === 0;
  } finally {
    db.close();
  }
}

/** Puts a restored copy (written to `restored`) in place of the database file, with its WAL files gone. */
export async function installSqlite(restored: string, filename: string): Promise<Record<string, number>> {
  const db = new Database(restored);
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The restored database fails its check: ${String(check)}`);
  } finally {
    db.close();
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(filename + suffix, { force: true });
  await rename(restored, filename);
  const db2 = new Database(filename, { readonly: true });
  try {
    return tableCounts(db2);
  } finally {
    db2.close();
  }
}
