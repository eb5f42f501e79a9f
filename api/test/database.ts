import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { parseDatabaseUrl, type DatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateLatest } from '../db/migrate.ts';

/** Which database this test process runs on: `TEST_DB=sqlite` (default) or `TEST_DB=mysql`. */
export const TEST_DB = process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';

/** Server-level URL (no database) for MariaDB/MySQL tests; `npm test` sets it up. */
const MYSQL_ADMIN_URL = process.env.MYSQL_TEST_URL || 'mysql://root@127.0.0.1:3306/mysql';

export interface TestDatabase {
  database: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * Migration folders the database comes migrated to (as `migrateLatest` would leave it): a copy of
   * a template migrated once per process for these folders. Running every migration for every suite
   * took most of a suite's setup (MariaDB: seconds per suite); a copy holds the very same schema and rows.
   */
  migrated?: string[];
}

/** A brand-new database (and data folder) for one suite, empty unless `migrated`; `drop` removes both. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (TEST_DB === 'sqlite') {
    const filename = path.join(dataDir, 'app.sqlite');
    if (options.migrated) copyFileSync(await sqliteTemplate(options.migrated), filename);
    return { database: { client: 'sqlite', filename }, dataDir, drop: async () => removeDir() };
  }
  const admin = mysqlAdmin(dataDir);
  const name = `onetrack_test_${randomBytes(5).toString('hex')}`;
  const server = knexFactory({ client: 'mysql2', connection: admin.login });
  try {
    await createMysqlDatabase(server, name);
    if (options.migrated) await copyMysqlSchema(server, await mysqlTemplate(options.migrated), name);
  } finally {
    await server.destroy();
  }
  return {
    database: { ...admin.config, database: name },
    dataDir,
    drop: async () => {
      const dropper = knexFactory({ client: 'mysql2', connection: admin.login });
      await dropper.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await dropper.destroy();
      removeDir();
    },
  };
}

function mysqlAdmin(dataDir: string) {
  const config = parseDatabaseUrl(MYSQL_ADMIN_URL, dataDir);
  if (config.client !== 'mysql') throw new Error('MYSQL_TEST_URL must be a mysql:// URL');
  const { client: _client, database: _database, ...login } = config;
  return { config, login };
}

const createMysqlDatabase = (server: Knex, name: string) =>
  server.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);

// Templates of this process by a hash of their folder list, made once each (promises: concurrent callers share one).
const sqliteTemplateFiles = new Map<string, Promise<string>>();
const mysqlTemplates = new Map<string, Promise<MysqlTemplate>>();
/** The folders and what they hold: a test that adds a migration to a folder gets a template with it. */
function templateKey(folders: string[]): string {
  const hash = createHash('sha256');
  for (const folder of folders)
    for (const name of readdirSync(folder).sort())
      hash.update(`${folder}/${name}:${statSync(path.join(folder, name)).mtimeMs}\n`);
  return hash.digest('hex').slice(0, 12);
}

async function migrateInto(database: DatabaseConfig, folders: string[]): Promise<void> {
  const knex = openDatabase(database);
  try {
    await migrateLatest(knex, folders);
  } finally {
    await knex.destroy();
  }
}

let sqliteTemplateDir: string | undefined;

/** A migrated SQLite file of this process (closed, so its WAL is folded in and the one file is the whole database). */
function sqliteTemplate(folders: string[]): Promise<string> {
  const key = templateKey(folders);
  let template = sqliteTemplateFiles.get(key);
  if (!template) {
    if (!sqliteTemplateDir) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-templates-'));
      sqliteTemplateDir = dir;
      process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    }
    const filename = path.join(sqliteTemplateDir, `${key}.sqlite`);
    template = migrateInto({ client: 'sqlite', filename }, folders).then(() => filename);
    sqliteTemplateFiles.set(key, template);
  }
  return template;
}

// Template schemas carry their creation time in their name: a process killed before its teardown
// leaves one behind, which a later process drops once it is surely nobody's.
const TEMPLATE_PREFIX = 'onetrack_test_tpl_';
const STALE_TEMPLATE_S = 6 * 3600;

/** A migrated MariaDB/MySQL schema of this process, dropped when mocha finishes (the root `after` below). */
function mysqlTemplate(folders: string[]): Promise<MysqlTemplate> {
  const key = templateKey(folders);
  let template = mysqlTemplates.get(key);
  if (!template) {
    const name = `${TEMPLATE_PREFIX}${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}_${key}`;
    template = (async () => {
      const admin = mysqlAdmin(os.tmpdir());
      const server = knexFactory({ client: 'mysql2', connection: admin.login });
      try {
        await dropStaleTemplates(server);
        await createMysqlDatabase(server, name);
      } finally {
        await server.destroy();
      }
      await migrateInto({ ...admin.config, database: name }, folders);
      const reader = knexFactory({ client: 'mysql2', connection: admin.login });
      try {
        return await describeTemplate(reader, name);
      } finally {
        await reader.destroy();
      }
    })();
    mysqlTemplates.set(key, template);
  }
  return template;
}

async function dropStaleTemplates(server: Knex): Promise<void> {
  const [rows] = await server.raw(
    'SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE ?',
    [`${TEMPLATE_PREFIX}%`],
  );
  const now = Date.now() / 1000;
  for (const { name } of rows as Array<{ name: string }>) {
    const created = Number(name.slice(TEMPLATE_PREFIX.length).split('_')[0]);
    if (now - created > STALE_TEMPLATE_S) await server.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  }
}

interface MysqlTemplate {
  name: string;
  /** Each table's own CREATE TABLE statement (columns, indexes, foreign keys, auto-increment counter). */
  tables: Array<{ table: string; create: string; hasRows: boolean }>;
}

/**
 * What a copy of the template needs, read once. Triggers, views and routines would not be copied: a
 * template holding any stops here rather than give suites a schema unlike a migrated one.
 */
async function describeTemplate(server: Knex, template: string): Promise<MysqlTemplate> {
  const [[others]] = await server.raw(
    `SELECT (SELECT count(*) FROM information_schema.triggers WHERE trigger_schema = ?)
          + (SELECT count(*) FROM information_schema.views WHERE table_schema = ?)
          + (SELECT count(*) FROM information_schema.routines WHERE routine_schema = ?) AS n`,
    [template, template, template],
  );
  if (Number(others.n)) throw new Error(`The test template ${template} has triggers, views or routines to copy`);
  const [names] = await server.raw(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
    [template],
  );
  const tables: MysqlTemplate['tables'] = [];
  for (const { name: table } of names as Array<{ name: string }>) {
    const [[created]] = await server.raw(`SHOW CREATE TABLE \`${template}\`.\`${table}\``);
    const [[row]] = await server.raw(`SELECT EXISTS (SELECT 1 FROM \`${template}\`.\`${table}\`) AS n`);
    tables.push({ table, create: created['Create Table'], hasRows: Boolean(Number(row.n)) });
  }
  return { name: template, tables };
}

// Table creation is most of a copy's time and InnoDB creates tables side by side.
const COPY_CONNECTIONS = 4;

interface MysqlConnection {
  query(sql: string, done: (error: Error | null) => void): void;
}

/** Creates the template's tables and copies its rows into the empty database `name`. */
async function copyMysqlSchema(server: Knex, template: MysqlTemplate, name: string): Promise<void> {
  // Foreign-key checks are off on these connections, so tables come in any order. A FULLTEXT index
  // keeps stopwords or not as its session said when it was made, which SHOW CREATE TABLE does not
  // tell: the project's (plugins/search) are built without the list, so copies are too.
  const copy = knexFactory({
    client: 'mysql2',
    connection: { ...(server.client.config.connection as object), database: name },
    pool: {
      min: 0,
      max: COPY_CONNECTIONS,
      afterCreate: (conn: MysqlConnection, done: (error: Error | null, conn: MysqlConnection) => void) =>
        conn.query('SET foreign_key_checks = 0, innodb_ft_enable_stopword = 0', (error) => done(error, conn)),
    },
  });
  try {
    const queue = [...template.tables];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await copy.raw(next.create);
        if (next.hasRows)
          await copy.raw(`INSERT INTO \`${next.table}\` SELECT * FROM \`${template.name}\`.\`${next.table}\``);
      }
    };
    await Promise.all(Array.from({ length: COPY_CONNECTIONS }, worker));
  } finally {
    await copy.destroy();
  }
}

// Mocha's root hook (registered when a test file first imports this one): the templates go with the process.
if (typeof after === 'function')
  after(async () => {
    if (!mysqlTemplates.size) return;
    const names = await Promise.allSettled(mysqlTemplates.values());
    const server = knexFactory({ client: 'mysql2', connection: mysqlAdmin(os.tmpdir()).login });
    try {
      for (const result of names)
        if (result.status === 'fulfilled') await server.raw(`DROP DATABASE IF EXISTS \`${result.value.name}\``);
    } finally {
      await server.destroy();
    }
  });
