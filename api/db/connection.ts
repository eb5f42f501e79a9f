import knexFactory from 'knex';
import type { Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Model, knexSnakeCaseMappers } from 'objection';
import type { DatabaseConfig } from '../config.ts';

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
        afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
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
  return e?.code === 'ER_DUP_ENTRY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
