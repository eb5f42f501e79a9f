import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { signUp } from '../../../plugins/accounts/test/fixtures.ts';
import { uploadAudio, uploadImage } from '../../../plugins/releases/test/fixtures.ts';
import type { Config } from '../../config.ts';
import { createStorage, type Storage } from '../../storage/index.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3.ts';
import { startTestServer, testConfig, type TestServer } from '../../test/server.ts';
import { restoreBackup } from '../restore.ts';
import { openArchiveStore } from '../store.ts';
import { takeBackup } from '../take.ts';
import { FolderMigrationSource, kernelMigrations } from '../../db/migrate.ts';

async function digests(storage: Storage): Promise<string[]> {
  const found: string[] = [];
  for await (const { key } of storage.list())
    found.push(
      `${key} ${createHash('sha256')
        .update(await buffer(await storage.read(key)))
        .digest('hex')}`,
    );
  return found.sort();
}

describe('backup: media in an S3 bucket, archives in another, restored into an empty bucket', function () {
  this.timeout(120_000);
  let media: LocalS3;
  let archives: LocalS3;
  let restoredMedia: LocalS3;
  let server: TestServer;
  let target: TestDatabase;
  const staging = mkdtempSync(path.join(os.tmpdir(), 'onetrack-s3-staging-'));

  before(async () => {
    [media, archives, restoredMedia] = await Promise.all([
      startLocalS3('media', { listings: true }),
      startLocalS3('archives', { listings: true }),
      startLocalS3('media', { listings: true }),
    ]);
    server = await startTestServer({ config: { storage: media.config } });
    target = await createTestDatabase();
  });
  after(async () => {
    await server.stop();
    await target.drop();
    await Promise.all([media.stop(), archives.stop(), restoredMedia.stop()]);
    rmSync(staging, { recursive: true, force: true });
  });

  it('copies every object into the archive in the bucket, and a restore puts each back byte for byte', async () => {
    const artist = await signUp(server, 'bucketed', { artist: true });
    await uploadImage(artist.client);
    await uploadAudio(artist.client);
    const { bucket: _b, driver: _d, ...s3 } = { ...archives.config };
    const backup = { dir: staging, s3: { ...s3, bucket: 'archives' }, schedule: null, keep: 1 };
    const config: Config = { ...server.app.kernel.config, backup };
    const plugins = server.app.plugins.map((p) => p.name);
    const before = await digests(server.app.kernel.storage);
    expect(before).to.have.length(2);

    await takeBackup(config, plugins, 'manual', new Date('2026-12-01T10:00:00Z'));
    const result = await takeBackup(config, plugins, 'manual', new Date('2026-12-01T11:00:00Z'));
    expect(result.location).to.equal('s3://archives/backups/onetrack-2026-12-01T11-00-00-000Z-manual.tar');
    expect(result.pruned).to.deep.equal(['onetrack-2026-12-01T10-00-00-000Z-manual.tar']);
    expect(result.manifest.media).to.deep.include({ driver: 's3', files: 2 });

    const store = await openArchiveStore(backup);
    expect((await store.list()).map((a) => a.name)).to.deep.equal([result.name]);
    const fetched = await store.fetch(result.name);
    const restoreConfig: Config = {
      ...testConfig(target),
      storage: restoredMedia.config,
      sessionSecret: config.sessionSecret,
    };
    const source = new FolderMigrationSource([
      kernelMigrations,
      ...server.app.plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])),
    ]);
    const options = { knownMigrations: (await source.getMigrations()).map((m) => m.name), plugins };
    try {
      const report = await restoreBackup(restoreConfig, fetched.path, { ...options, force: false });
      expect(report.media.files).to.equal(2);
      expect(report.tables.users).to.equal(1);
      expect(report.pendingMigrations).to.deep.equal([]);
      expect(await digests(createStorage(restoreConfig))).to.deep.equal(before);

      // Into what now holds data: refused, unless told to replace it (an extra object is gone then).
      const refused = await restoreBackup(restoreConfig, fetched.path, { ...options, force: false }).catch(
        (error: Error) => error.message,
      );
      expect(refused).to.match(/^Not restoring: the database .* and the media bucket already hold data/);
      const stray = path.join(staging, 'stray.txt');
      writeFileSync(stray, 'stray');
      await createStorage(restoreConfig).putFile('u/stray.txt', stray, 'text/plain');
      const replaced = await restoreBackup(restoreConfig, fetched.path, { ...options, force: true });
      expect(replaced.tables.users).to.equal(1);
    } finally {
      await fetched.release();
    }
    expect(await digests(createStorage(restoreConfig))).to.deep.equal(before);
  });
});
