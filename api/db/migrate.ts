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
        .filter((name) => /^\d{14}_.+\.ts$/.test(name))
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

export async function migrateLatest(knex: Knex, folders: string[]): Promise<void> {
  await knex.migrate.latest({ migrationSource: new FolderMigrationSource(folders) });
}
