import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { knexConfig } from '../db/connection.ts';

// The embedded database's own behaviour, whatever TEST_DB says: it is the default for every user.
describe('SQLite connection', () => {
  let dir: string;
  let knex: Knex;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'onetrack-db-'));
    knex = knexFactory(knexConfig({ client: 'sqlite', filename: path.join(dir, 'app.sqlite') }));
  });
  after(async () => {
    await knex.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps compiled statements and reuses them for the same SQL', async () => {
    const conn = (await knex.client.acquireConnection()) as { prepare(sql: string): unknown };
    try {
      expect(conn.prepare('select 1 as one')).to.equal(conn.prepare('select 1 as one'));
      expect(conn.prepare('select 2 as two')).not.to.equal(conn.prepare('select 1 as one'));
    } finally {
      await knex.client.releaseConnection(conn);
    }
  });

  it('still answers correctly after the schema changes under a kept statement', async () => {
    await knex.schema.createTable('things', (t) => {
      t.increments('id');
      t.string('name');
    });
    await knex('things').insert({ name: 'a' });
    expect(await knex('things').select('*')).to.deep.equal([{ id: 1, name: 'a' }]);
    await knex.schema.alterTable('things', (t) => t.string('colour').defaultTo('gold'));
    expect(await knex('things').select('*')).to.deep.equal([{ id: 1, name: 'a', colour: 'gold' }]);
  });

  it('enforces foreign keys and maps identifiers to snake_case', async () => {
    await knex.schema.createTable('parts', (t) => {
      t.increments('id');
      t.integer('thing_id').references('things.id');
    });
    const error = await knex('parts')
      .insert({ thingId: 99 })
      .catch((e) => e);
    expect(String(error)).to.match(/FOREIGN KEY constraint failed/);
    await knex('parts').insert({ thingId: 1 });
    expect(await knex('parts').first()).to.deep.equal({ id: 1, thingId: 1 });
  });
});
