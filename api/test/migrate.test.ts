import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../db/connection.ts';
import { kernelMigrations, migrateLatest } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

// A release runs on the schema of the next one (a node not yet upgraded, a rollback): migrations it
// does not know, all newer than its own, are let be; one missing among its own is still an error.
describe('migrations: a newer release’s schema', () => {
  let db: TestDatabase;
  let knex: Knex;
  before(async () => {
    db = await createTestDatabase();
    knex = knexFactory(knexConfig(db.database));
    await migrateLatest(knex, [kernelMigrations]);
  });
  after(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  const applied = (name: string) => knex('knex_migrations').insert({ name, batch: 99, migrationTime: new Date() });

  it('starts on a schema with migrations of a newer release', async () => {
    await applied('29991231000000_from_the_next_release.ts');
    expect(await migrateLatest(knex, [kernelMigrations])).to.equal(false);
  });

  it('refuses a schema that lacks none of its own but has an unknown older one', async () => {
    await applied('20000101000000_unknown_older.ts');
    let error: Error | undefined;
    await migrateLatest(knex, [kernelMigrations]).catch((e: Error) => (error = e));
    expect(error?.message).to.match(/corrupt/i);
  });
});
