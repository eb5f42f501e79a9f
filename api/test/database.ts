import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { parseDatabaseUrl, type DatabaseConfig } from '../config.ts';

/** Which database this test process runs on: `TEST_DB=sqlite` (default) or `TEST_DB=mysql`. */
export const TEST_DB = process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';

/** Server-level URL (no database) for MariaDB/MySQL tests; `npm test` sets it up. */
const MYSQL_ADMIN_URL = process.env.MYSQL_TEST_URL || 'mysql://root@127.0.0.1:3306/mysql';

export interface TestDatabase {
  database: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

/** A brand-new, empty database (and data folder) for one suite; `drop` removes both. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (TEST_DB === 'sqlite') {
    return {
      database: { client: 'sqlite', filename: path.join(dataDir, 'app.sqlite') },
      dataDir,
      drop: async () => removeDir(),
    };
  }
  const admin = parseDatabaseUrl(MYSQL_ADMIN_URL, dataDir);
  if (admin.client !== 'mysql') throw new Error('MYSQL_TEST_URL must be a mysql:// URL');
  const name = `onetrack_test_${randomBytes(5).toString('hex')}`;
  const { client: _client, database: _database, ...serverLogin } = admin;
  const server = knexFactory({ client: 'mysql2', connection: serverLogin });
  await server.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.destroy();
  return {
    database: { ...admin, database: name },
    dataDir,
    drop: async () => {
      const dropper = knexFactory({ client: 'mysql2', connection: serverLogin });
      await dropper.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await dropper.destroy();
      removeDir();
    },
  };
}
