// Usage: npm run backup            (one archive into BACKUP_DIR or BACKUP_S3_BUCKET; docs/operations.md)
//        npm run backup -- --list  (the archives kept there)
import { openArchiveStore } from '../backup/store.ts';
import { summary } from '../backup/summary.ts';
import { takeBackup } from '../backup/take.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { loadPlugins } from '../plugins/loader.ts';

const args = process.argv.slice(2);
try {
  const config = loadConfig();
  if (args[0] === '--list') {
    const store = await openArchiveStore(config.backup!);
    const archives = await store.list();
    process.stdout.write(`${archives.length} archive(s) in ${store.where}\n`);
    for (const a of archives) process.stdout.write(`${a.name}  ${(a.size / 1e6).toFixed(1)} MB\n`);
  } else if (args.length) {
    process.stderr.write('Usage: npm run backup [-- --list]\n');
    process.exit(2);
  } else {
    const plugins = (await loadPlugins()).map((p) => p.name);
    const result = await takeBackup(config, plugins, 'manual');
    process.stdout.write(`Backed up to ${result.location} in ${(result.durationMs / 1000).toFixed(1)} s\n`);
    process.stdout.write(summary(result.manifest, result.bytes));
    if (result.pruned.length)
      process.stdout.write(`Pruned (BACKUP_KEEP=${config.backup!.keep}): ${result.pruned.join(', ')}\n`);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
