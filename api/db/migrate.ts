import type { Knex } from 'knex';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface MigrationFile {
  name: string;
  file: string;
}

/**
 * One knex migration source over several folders (the kernel's and each plugin's), ordered by
 * the timestamp that starts every file name, so plugins interleave with the kernel as written.
 */
export class FolderMigrationSource implements Knex.MigrationSource<MigrationFile> {
  private readonly folders: string[];

  constructor(folders: string[]) {
    this.folders = folders;
  }

  async getMigrations(): Promise<MigrationFile[]> {
    const files = this.folders.flatMap((folder) =>
      readdirSync(folder)
        .filter((name) => /^\d{14}_.+\.(ts|js)$/.test(name))
        .map((name) => ({ name, file: path.join(folder, name) })),
    );
    const seen = new Set<string>();
    for (const { name } of files) {
      if (seen.has(name)) throw new Error(`Two migrations share the name ${name}`);
      seen.add(name);
    }
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  getMigrationName(migration: MigrationFile): string {
    return migration.name;
  }

  async getMigration(migration: MigrationFile): Promise<Knex.Migration> {
    return import(pathToFileURL(migration.file).href);
  }
}

export const kernelMigrations = path.resolve(import.meta.dirname, '../../migrations');

/** The migration folders of a kernel with these plugins: the kernel's, then each plugin's that has one. */
export const migrationFolders = (plugins: Array<{ migrations?: string }>): string[] => [
  kernelMigrations,
  ...plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])),
];

const LOCK_WAIT_MS = 60_000;

/**
 * Runs the pending migrations; true when this call created the schema (the database was empty),
 * so exactly one of several nodes starting together seeds it. knex holds a lock while migrating;
 * a node that finds it held waits for the other to finish instead of failing to start.
 */
export async function migrateLatest(knex: Knex, folders: string[]): Promise<boolean> {
  const started = Date.now();
  const migrationSource = new FolderMigrationSource(folders);
  const newerSchema = await appliedByNewerRelease(knex, migrationSource);
  for (;;) {
    try {
      const [batch, applied] = (await knex.migrate.latest({
        migrationSource,
        disableMigrationsListValidation: newerSchema,
      })) as [number, string[]];
      return batch === 1 && applied.length > 0;
    } catch (error) {
      if ((error as Error).name !== 'MigrationLocked' || Date.now() - started > LOCK_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Whether the database holds migrations of a newer release (names this release does not know, all
 * after its newest): the previous release runs on the next one's schema while nodes are upgraded
 * one by one, or after a rollback, since a release's migrations only add to what the one before
 * reads (docs/operations.md, "Upgrade"). A name it does not know among its own is still an error.
 */
async function appliedByNewerRelease(knex: Knex, source: FolderMigrationSource): Promise<boolean> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return false;
  const known = (await source.getMigrations()).map((m) => m.name);
  const newest = known.at(-1) ?? '';
  const unknown = (await knex('knex_migrations').pluck('name')).filter((name: string) => !known.includes(name));
  return unknown.length > 0 && unknown.every((name: string) => name > newest);
}
