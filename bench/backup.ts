// `node bench/bench.ts backup`: how long `npm run backup` and `npm run restore` take and how large the
// archive is, on SQLite and MariaDB, for the demo data, then with 2,000 artists / 20,000 tracks added.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { createKernel } from '../api/app.ts';
import { restoreBackup } from '../api/backup/restore.ts';
import { takeBackup } from '../api/backup/take.ts';
import { loadConfig, type Config } from '../api/config.ts';
import { FolderMigrationSource, kernelMigrations } from '../api/db/migrate.ts';
import { createLogger } from '../api/log.ts';
import { loadPlugins } from '../api/plugins/loader.ts';
import { growCatalog } from './catalog-scale.ts';

const MARIADB = 'mysql://root@127.0.0.1:3306';

async function createDatabase(name: string): Promise<void> {
  const server = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', user: 'root' } });
  await server.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.destroy();
}

async function dropDatabase(name: string): Promise<void> {
  const server = knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', user: 'root' } });
  await server.raw(`DROP DATABASE IF EXISTS \`${name}\``);
  await server.destroy();
}

function environment(dialect: 'sqlite' | 'mariadb', dataDir: string, database: string) {
  return {
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(dataDir, '..', 'archives'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    SEED_DEMO: '1',
    ...(dialect === 'mariadb' ? { DATABASE_URL: `${MARIADB}/${database}` } : {}),
  };
}

async function measure(source: Config, target: Config, plugins: string[], known: string[]) {
  const backup = await takeBackup(source, plugins, 'manual');
  const started = Date.now();
  await restoreBackup(target, backup.location, { force: true, knownMigrations: known, plugins });
  const rows = Object.values(backup.manifest.database.tables).reduce((a, b) => a + b, 0);
  return {
    rows,
    media: backup.manifest.media.files,
    archiveMB: +(backup.bytes / 1e6).toFixed(1),
    backupS: +(backup.durationMs / 1000).toFixed(2),
    restoreS: +((Date.now() - started) / 1000).toFixed(2),
  };
}

export async function backupBench(): Promise<void> {
  const plugins = await loadPlugins();
  const names = plugins.map((p) => p.name);
  const folders = [kernelMigrations, ...plugins.flatMap((p) => (p.migrations ? [p.migrations] : []))];
  const known = (await new FolderMigrationSource(folders).getMigrations()).map((m) => m.name);
  const results: Record<string, unknown> = {};
  for (const dialect of ['sqlite', 'mariadb'] as const) {
    const root = mkdtempSync(path.join(os.tmpdir(), 'onetrack-bench-backup-'));
    const suffix = Math.random().toString(16).slice(2, 8);
    const [from, to] = [`bench_backup_${suffix}`, `bench_restore_${suffix}`];
    if (dialect === 'mariadb') await createDatabase(from);
    try {
      const sourceEnv = environment(dialect, path.join(root, 'data'), from);
      const source = loadConfig(sourceEnv);
      const target = loadConfig(environment(dialect, path.join(root, 'restored'), to));
      const { kernel } = await createKernel({ config: source, log: createLogger('warn') });
      await kernel.close();
      results[`${dialect}, demo`] = await measure(source, target, names, known);
      await growCatalog(sourceEnv);
      results[`${dialect}, +2,000 artists / 20,000 tracks`] = await measure(source, target, names, known);
    } finally {
      if (dialect === 'mariadb') await Promise.all([dropDatabase(from), dropDatabase(to)]);
      rmSync(root, { recursive: true, force: true });
    }
  }
  process.stdout.write('\nBackup and restore (archive in a local folder, media on the local disk)\n\n');
  for (const [name, figures] of Object.entries(results)) process.stdout.write(`${name}: ${JSON.stringify(figures)}\n`);
}
