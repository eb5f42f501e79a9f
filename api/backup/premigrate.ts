import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { FolderMigrationSource } from '../db/migrate.ts';
import type { Logger } from '../log.ts';
import type { PluginManifest } from '../plugins/types.ts';
import { takeBackup } from './take.ts';

async function pending(knex: Knex, source: FolderMigrationSource): Promise<{ done: number; pending: number }> {
  const [done, waiting] = (await knex.migrate.list({ migrationSource: source })) as [unknown[], unknown[]];
  return { done: done.length, pending: waiting.length };
}

/**
 * In production, a release that brings migrations to a database in use backs it up first. The
 * node holds knex's migration lock meanwhile, so the others wait (migrateLatest) instead of
 * migrating under it; a node that finds the lock held leaves the backup to its holder. A failed
 * backup stops the start: nothing is migrated without one.
 */
export async function backupBeforeMigrating(
  knex: Knex,
  config: Config,
  plugins: PluginManifest[],
  folders: string[],
  log: Logger,
): Promise<void> {
  if (config.env !== 'production') return;
  const source = new FolderMigrationSource(folders);
  const first = await pending(knex, source);
  if (!first.done || !first.pending) return;
  const locked = await knex('knexMigrationsLock').where({ isLocked: 0 }).update({ isLocked: 1 });
  if (!locked) return;
  try {
    // Another node may have migrated between the look and the lock.
    if (!(await pending(knex, source)).pending) return;
    log.info('backing up before migrating', { pending: first.pending });
    const result = await takeBackup(
      config,
      plugins.map((p) => p.name),
      'pre-migration',
    );
    log.info('backed up before migrating', { archive: result.location, bytes: result.bytes, ms: result.durationMs });
  } finally {
    await knex('knexMigrationsLock').update({ isLocked: 0 });
  }
}
