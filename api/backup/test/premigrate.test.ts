import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { kernelMigrations, migrateLatest } from '../../db/migrate.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { backupBeforeMigrating } from '../premigrate.ts';

describe('backup: in production, before pending migrations run on a database in use', function () {
  this.timeout(60_000);
  let server: TestServer;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-premigrate-'));
  const release = path.join(dir, 'next-release');

  before(async () => {
    server = await startTestServer();
    // The next release's migration, here a table of its own.
    mkdirSync(release);
    writeFileSync(
      path.join(release, '20991231000000_next_release.ts'),
      "export const up = (knex) => knex.schema.createTable('next_release', (t) => t.increments('id'));\n" +
        "export const down = (knex) => knex.schema.dropTable('next_release');\n",
    );
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const folders = () => [
    kernelMigrations,
    ...server.app.plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])),
    release,
  ];
  const config = (env: Config['env']): Config => ({
    ...server.app.kernel.config,
    env,
    backup: { dir: path.join(dir, 'archives'), s3: null, schedule: null, keep: 0 },
  });
  const archives = () => readdirSync(path.join(dir, 'archives')).filter((n) => n.endsWith('-pre-migration.tar'));
  const knex = () => server.app.kernel.knex;
  const log = () => server.app.kernel.log;

  it('takes one archive with the schema as it was, then the migrations run; none when nothing is pending', async () => {
    await backupBeforeMigrating(knex(), config('development'), server.app.plugins, folders(), log());
    expect(readdirSync(dir)).to.deep.equal(['next-release']);

    await backupBeforeMigrating(knex(), config('production'), server.app.plugins, folders(), log());
    expect(archives()).to.have.length(1);
    expect(await knex()('knexMigrationsLock').first('isLocked')).to.deep.equal({ isLocked: 0 });
    await migrateLatest(knex(), folders());
    expect(await knex().schema.hasTable('next_release')).to.equal(true);

    await backupBeforeMigrating(knex(), config('production'), server.app.plugins, folders(), log());
    expect(archives()).to.have.length(1);
  });

  it('leaves the backup to the node holding the migration lock', async () => {
    const later = path.join(release, '20991231000001_later.ts');
    writeFileSync(later, 'export const up = async () => {};\nexport const down = async () => {};\n');
    await knex()('knexMigrationsLock').update({ isLocked: 1 });
    try {
      await backupBeforeMigrating(knex(), config('production'), server.app.plugins, folders(), log());
      expect(archives()).to.have.length(1);
    } finally {
      await knex()('knexMigrationsLock').update({ isLocked: 0 });
      rmSync(later);
    }
  });
});
