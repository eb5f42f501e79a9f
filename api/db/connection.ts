import knexFactory from 'knex';
import type { Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Model, knexSnakeCaseMappers } from 'objection';
import type { DatabaseConfig } from '../config.ts';

interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles the SQL of every query knex sends, even when the same few statements run
 * on every request (session, user). Keeping compiled statements by their text saves that work;
 * SQLite recompiles a kept statement by itself after a schema change, and queries on the one
 * connection run one at a time, so a statement is never in use twice.
 */
function cacheStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const statements = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}

// Identifiers are camelCase in code and snake_case in SQL, for models and plain knex queries alike
// (where clauses, selects and result rows), so no query has to remember which side it is on.
const naming = knexSnakeCaseMappers();

export function knexConfig(database: DatabaseConfig): Knex.Config {
  return { ...naming, ...dialectConfig(database) };
}

function dialectConfig(database: DatabaseConfig): Knex.Config {
  if (database.client === 'sqlite') {
    mkdirSync(path.dirname(database.filename), { recursive: true });
    return {
      client: 'better-sqlite3',
      connection: { filename: database.filename },
      useNullAsDefault: true,
      // One connection: SQLite has a single writer, and better-sqlite3 is synchronous anyway.
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
          cacheStatements(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          done(null, conn);
        },
      },
    };
  }
  return {
    client: 'mysql2',
    connection: {
      host: database.host,
      port: database.port,
      user: database.user,
      password: database.password,
      database: database.database,
      charset: 'utf8mb4',
      // SUM() and AVG() come back as DECIMAL; numbers, not strings, keep JSON types exact.
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      timezone: 'Z',
    },
    pool: { min: 0, max: 10 },
  };
}

export function openDatabase(database: DatabaseConfig): Knex {
  const knex = knexFactory(knexConfig(database));
  Model.knex(knex);
  return knex;
}

export function isMysql(knex: Knex): boolean {
  return knex.client.config.client === 'mysql2';
}

/** Unique-key violations on either dialect, raw from the driver or wrapped by Objection. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { name?: string; code?: string; nativeError?: unknown };
  if (e?.name === 'UniqueViolationError') return true;
  if (e?.nativeError) return isUniqueViolation(e.nativeError);
  return (
    e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
