// For the knex CLI (e.g. `npx knex migrate:status`); the app migrates itself at start.
import { loadConfig } from './api/config.ts';
import { knexConfig } from './api/db/connection.ts';
import { FolderMigrationSource, kernelMigrations } from './api/db/migrate.ts';
import { loadPlugins } from './api/plugins/loader.ts';

const config = loadConfig();
const plugins = await loadPlugins();

export default {
  ...knexConfig(config.database),
  migrations: {
    migrationSource: new FolderMigrationSource([
      kernelMigrations,
      ...plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])),
    ]),
  },
};
