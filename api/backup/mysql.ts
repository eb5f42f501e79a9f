import knexFactory, { type Knex } from 'knex';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { DatabaseConfig } from '../config.ts';
import type { TarEntry } from './tar.ts';

// MySQL/MariaDB through the app's own driver rather than mariadb-dump: nothing else to install on an
// app machine or image, the credentials the app has, and the output is read back the same way
// (docs/decisions/2026-12-01-backup-format.md). One transaction WITH CONSISTENT SNAPSHOT reads every
// table as of one moment while the site writes on (InnoDB's MVCC, as --single-transaction does).

type MysqlConfig = Extract<DatabaseConfig, { client: 'mysql' }>;

export const SCHEMA_ENTRY = 'database/schema.json';
export const tableEntry = (table: string) => `database/tables/${table}.jsonl.gz`;

/** Rows in one INSERT of a restore: far below the packet limit and the 65,535 placeholders. */
const ROWS_PER_INSERT = 200;

/**
 * One connection with the session the dump and the restore need. Values travel as the server writes
 * them (dates, decimals and big integers as strings; doubles in their shortest exact form), so what
 * is read is inserted back unchanged; time_zone is UTC so TIMESTAMP columns are not shifted.
 */
function connect(database: MysqlConfig, session: string[], withDatabase = true): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: database.host,
      port: database.port,
      user: database.user,
      password: database.password,
      database: withDatabase ? database.database : undefined,
      charset: 'utf8mb4',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
    },
    pool: {
      min: 1,
      max: 1,
      afterCreate(
        conn: { query(sql: string, done: (error: Error | null) => void): void },
        done: (error: Error | null, conn: unknown) => void,
      ) {
        const next = (index: number) => {
          if (index === session.length) return done(null, conn);
          conn.query(session[index], (error) => (error ? done(error, conn) : next(index + 1)));
        };
        next(0);
      },
    },
  });
}

const quote = (name: string) => '`' + name.replace(/`/g, '``') + '`';

async function baseTables(knex: Knex): Promise<string[]> {
  const [rows] = await knex.raw("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
  return (rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).sort();
}

/** A value as JSON: bytes (BLOB, BINARY, BIT) in base64, a JSON column's value as its text. */
function encode(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { b64: value.toString('base64') };
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

function decode(value: unknown): unknown {
  if (value !== null && typeof value === 'object') return Buffer.from((value as { b64: string }).b64, 'base64');
  return value;
}

export interface MysqlDump {
  /** Files written into `dir`, by their archive names. */
  files: Array<{ name: string; path: string }>;
  tables: Record<string, number>;
  /** The migrations applied, as of the snapshot. */
  migrations: string[];
}

/** Writes the schema (SHOW CREATE TABLE of every table) and each table's rows (JSON lines, gzipped) into `dir`. */
export async function dumpMysql(database: MysqlConfig, dir: string): Promise<MysqlDump> {
  const knex = connect(database, [
    "SET time_zone = '+00:00'",
    'SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ',
  ]);
  try {
    await knex.raw('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const tables = await baseTables(knex);
    const schema: Array<{ name: string; create: string }> = [];
    const files: MysqlDump['files'] = [];
    const counts: Record<string, number> = {};
    for (const [index, table] of tables.entries()) {
      const [[created]] = await knex.raw(`SHOW CREATE TABLE ${quote(table)}`);
      schema.push({ name: table, create: created['Create Table'] });
      const [columns] = await knex.raw(
        'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA ' +
          '= DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
        [table],
      );
      const names = (columns as Array<{ name: string }>).map((c) => c.name);
      const file = path.join(dir, `table-${index}.jsonl.gz`);
      let count = 0;
      const rows = knex.raw(`SELECT * FROM ${quote(table)}`).stream();
      await pipeline(
        async function* () {
          yield JSON.stringify({ columns: names }) + '\n';
          for await (const row of rows) {
            count++;
            yield JSON.stringify(names.map((name) => encode((row as Record<string, unknown>)[name]))) + '\n';
          }
        },
        createGzip(),
        createWriteStream(file),
      );
      counts[table] = count;
      files.push({ name: tableEntry(table), path: file });
    }
    const [applied] = tables.includes('knex_migrations')
      ? await knex.raw('SELECT name FROM knex_migrations ORDER BY id')
      : [[]];
    await knex.raw('COMMIT');
    const schemaFile = path.join(dir, 'schema.json');
    await pipeline(async function* () {
      yield JSON.stringify(schema, null, 1);
    }, createWriteStream(schemaFile));
    files.unshift({ name: SCHEMA_ENTRY, path: schemaFile });
    return { files, tables: counts, migrations: (applied as Array<{ name: string }>).map((row) => row.name) };
  } finally {
    await knex.destroy();
  }
}

/** True when the database does not exist yet or holds no table. */
export async function mysqlIsEmpty(database: MysqlConfig): Promise<boolean> {
  const server = connect(database, [], false);
  try {
    const [found] = await server.raw('SHOW DATABASES LIKE ?', [database.database.replace(/[\\%_]/g, '\\$&')]);
    if ((found as unknown[]).length === 0) return true;
    const [tables] = await server.raw(`SHOW TABLES FROM ${quote(database.database)}`);
    return (tables as unknown[]).length === 0;
  } finally {
    await server.destroy();
  }
}

/**
 * Creates the database when it is missing, drops what it holds (a restore told to replace it), then
 * creates every table and inserts its rows. Foreign keys are checked by nobody meanwhile: the rows
 * were consistent when they were read, and tables arrive in name order, not in their references' order.
 */
export async function restoreMysql(
  database: MysqlConfig,
  archive: string,
  entries: Map<string, TarEntry>,
  readSchema: () => Promise<Array<{ name: string; create: string }>>,
): Promise<Record<string, number>> {
  const server = connect(database, [], false);
  try {
    await server.raw(
      `CREATE DATABASE IF NOT EXISTS ${quote(database.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await server.destroy();
  }
  const knex = connect(database, [
    "SET time_zone = '+00:00'",
    'SET foreign_key_checks = 0',
    // An id of 0 stays 0 instead of taking the next number.
    "SET SESSION sql_mode = TRIM(BOTH ',' FROM CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO'))",
  ]);
  try {
    for (const table of await baseTables(knex)) await knex.raw(`DROP TABLE ${quote(table)}`);
    const counts: Record<string, number> = {};
    for (const { name, create } of await readSchema()) {
      await knex.raw(create);
      const entry = entries.get(tableEntry(name));
      if (!entry) throw new Error(`The archive lacks the rows of ${name}`);
      counts[name] = await insertRows(knex, name, archive, entry);
    }
    // A dump taken while a node migrated would otherwise leave the restored schema locked.
    if (counts.knex_migrations_lock !== undefined) await knex('knex_migrations_lock').update({ is_locked: 0 });
    return counts;
  } finally {
    await knex.destroy();
  }
}

async function insertRows(knex: Knex, table: string, archive: string, entry: TarEntry): Promise<number> {
  const lines = createInterface({
    input: createReadStream(archive, { start: entry.offset, end: entry.offset + entry.size - 1 }).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let columns: string[] | null = null;
  let batch: Array<Record<string, unknown>> = [];
  let count = 0;
  const flush = async () => {
    if (batch.length) await knex(table).insert(batch);
    count += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    if (!columns) {
      columns = (JSON.parse(line) as { columns: string[] }).columns;
      continue;
    }
    const values = JSON.parse(line) as unknown[];
    batch.push(Object.fromEntries(columns.map((column, i) => [column, decode(values[i])])));
    if (batch.length >= ROWS_PER_INSERT) await flush();
  }
  await flush();
  return count;
}
