import type { Manifest } from './manifest.ts';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** What an archive holds, in the lines both commands print. */
export function summary(manifest: Manifest, archiveBytes: number): string {
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  return [
    `  taken:    ${manifest.createdAt} (${manifest.reason}) by OneTrack ` +
      `${manifest.version}, archive ${mb(archiveBytes)}`,
    `  database: ${manifest.database.dialect}, ${Object.keys(manifest.database.tables).length} tables, ${rows} rows`,
    `  schema:   ${manifest.migrations.length} migrations, the last ${manifest.migrations.at(-1) ?? '(none)'}`,
    `  media:    ${manifest.media.files} files, ${mb(manifest.media.bytes)} (from ${manifest.media.driver} storage)`,
    `  plugins:  ${manifest.plugins.join(', ')}`,
    `  session secret: from ${manifest.sessionSecretFrom === 'file' ? 'DATA_DIR/session-secret' : 'SESSION_SECRET'}`,
    '',
  ].join('\n');
}
