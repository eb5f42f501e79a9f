import { expect } from 'chai';
import type { Knex } from 'knex';
import { isMysql, openDatabase } from '../db/connection.ts';
import { migrateLatest, migrationFolders } from '../db/migrate.ts';
import { loadPlugins } from '../plugins/loader.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

/** Every table's definition and rows, as the database tells them, but the moments the migrations ran. */
async function schemaOf(knex: Knex): Promise<Record<string, { create: string; rows: unknown[] }>> {
  const tables: string[] = isMysql(knex)
    ? (await knex.raw('SHOW FULL TABLES'))[0].map((row: Record<string, string>) => Object.values(row)[0])
    : await knex('sqlite_master').whereNot('type', 'index').orderBy('name').pluck('name');
  const schema: Record<string, { create: string; rows: unknown[] }> = {};
  for (const table of tables.sort()) {
    const create = isMysql(knex)
      ? (await knex.raw(`SHOW CREATE TABLE \`${table}\``))[0][0]['Create Table']
      : await knex('sqlite_master').where('name', table).first('sql');
    const rows = table.startsWith('search_') ? [] : await knex(table).select();
    schema[table] = { create, rows: rows.map(({ migrationTime: _ran, updatedAt: _written, ...row }) => row) };
  }
  if (!isMysql(knex)) {
    const indexes = await knex('sqlite_master').where('type', 'index').orderBy('name').select('name', 'sql');
    schema['(indexes)'] = { create: JSON.stringify(indexes), rows: [] };
  }
  return schema;
}

// A suite's database is a copy of a template migrated once per process (database.ts): it must be what
// running the migrations on an empty database gives, table for table and row for row.
describe('test databases copied from a migrated template', function () {
  this.timeout(120_000);
  const dbs: TestDatabase[] = [];
  const knexes: Knex[] = [];
  after(async () => {
    for (const knex of knexes) await knex.destroy();
    for (const db of dbs) await db.drop();
  });

  it('hold the schema and rows of a freshly migrated database', async () => {
    const folders = migrationFolders(await loadPlugins());
    const migrated = await createTestDatabase();
    const copied = await createTestDatabase({ migrated: folders });
    dbs.push(migrated, copied);
    const [fresh, copy] = [openDatabase(migrated.database), openDatabase(copied.database)];
    knexes.push(fresh, copy);
    expect(await migrateLatest(fresh, folders)).to.equal(true);
    expect(await migrateLatest(copy, folders)).to.equal(false);
    const expected = await schemaOf(fresh);
    expect(Object.keys(expected)).to.include.members(['knex_migrations', 'users']);
    expect(await schemaOf(copy)).to.deep.equal(expected);
  });
});
