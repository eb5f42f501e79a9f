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

const LOCK_WAIT_MS = 60_000;

/**
 * Runs the pending migrations; true when this call created the schema (the database was empty),
 * so exactly one of several nodes starting together seeds it. knex holds a lock while migrating;
 * a node that finds it held waits for the other to finish instead of failing to start.
 */
export async function migrateLatest(knex: Knex, folders: string[]): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    try {
      const [batch, applied] = (await knex.migrate.latest({ migrationSource: new FolderMigrationSource(folders) })) as [
        number,
        string[],
      ];
      return batch === 1 && applied.length > 0;
    } catch (error) {
      if ((error as Error).name !== 'MigrationLocked' || Date.now() - started > LOCK_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
