// Usage: npm run restore -- <archive file | archive name | latest> [--force] [--check]
// Into an empty database and media store (--force replaces what they hold); --check only verifies.
import { existsSync } from 'node:fs';
import { verifyArchive } from '../backup/manifest.ts';
import { restoreBackup, RestoreRefused } from '../backup/restore.ts';
import { openArchiveStore } from '../backup/store.ts';
import { summary } from '../backup/summary.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { FolderMigrationSource, kernelMigrations } from '../db/migrate.ts';
import { loadPlugins } from '../plugins/loader.ts';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const [wanted, ...rest] = args.filter((a) => !a.startsWith('--'));
if (!wanted || rest.length || [...flags].some((f) => f !== '--force' && f !== '--check')) {
  process.stderr.write('Usage: npm run restore -- <archive file | archive name | latest> [--force] [--check]\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  const store = await openArchiveStore(config.backup!);
  let name = wanted;
  if (wanted === 'latest') {
    const newest = (await store.list()).at(-1);
    if (!newest) throw new RestoreRefused(`No archive in ${store.where}`);
    name = newest.name;
  }
  const archive = existsSync(name)
    ? { path: name, release: async () => {} }
    : await store.fetch(name).catch(() => {
        throw new RestoreRefused(`No archive ${name}: not a file here, nor in ${store.where}`);
      });
  try {
    if (flags.has('--check')) {
      const { manifest, bytes } = await verifyArchive(archive.path);
      process.stdout.write(`${name}: every checksum matches\n${summary(manifest, bytes)}`);
    } else {
      const plugins = await loadPlugins();
      const source = new FolderMigrationSource([
        kernelMigrations,
        ...plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])),
      ]);
      const report = await restoreBackup(config, archive.path, {
        force: flags.has('--force'),
        knownMigrations: (await source.getMigrations()).map((m) => m.name),
        plugins: plugins.map((p) => p.name),
      });
      const rows = Object.values(report.tables).reduce((a, b) => a + b, 0);
      process.stdout.write(
        [
          `Restored ${name} (checksums verified: ${report.manifest.files.length} ` +
            `entries, ${(report.verifiedBytes / 1e6).toFixed(1)} MB)`,
          summary(report.manifest, report.verifiedBytes).trimEnd(),
          `  restored: ${Object.keys(report.tables).length} tables, ${rows} rows; ` +
            `${report.media.files} media files, ${(report.media.bytes / 1e6).toFixed(1)} MB`,
          `  session secret: ${report.sessionSecret}`,
          report.pendingMigrations.length
            ? `  the server runs ${report.pendingMigrations.length} newer migration(s) when it starts`
            : '  the schema is current',
          ...(report.newPlugins.length ? [`  plugins enabled here since: ${report.newPlugins.join(', ')}`] : []),
          '',
        ].join('\n'),
      );
    }
  } finally {
    await archive.release();
  }
} catch (error) {
  if (error instanceof RestoreRefused || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
