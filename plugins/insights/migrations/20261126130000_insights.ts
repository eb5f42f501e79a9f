import type { Knex } from 'knex';

// Plays as the player reports them, rolled up per track and day for the dashboard. A listener is
// only a keyed hash under a salt that rotates daily and is never stored (salt.ts): nothing here
// names a person, and yesterday's hashes cannot be tied to today's.
export async function up(knex: Knex): Promise<void> {
  // Append-only: rows are inserted, never updated; the unique key refuses a listener's second
  // event of a kind for the same track within a window (the dedupe happens at insert).
  await knex.schema.createTable('play_events', (t) => {
    t.bigIncrements('id').primary();
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable();
    t.string('event', 8).notNullable();
    t.string('source', 8).notNullable();
    t.string('listener', 32).notNullable();
    t.string('day', 10).notNullable();
    t.bigInteger('play_window').notNullable();
    t.bigInteger('at').notNullable();
    t.unique(['track_id', 'listener', 'event', 'play_window']);
    t.index(['day', 'track_id']);
  });
  // Rebuilt whole for a day by the rollup job (delete + insert in one transaction: idempotent).
  await knex.schema.createTable('play_days', (t) => {
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('artist_id').unsigned().notNullable();
    t.integer('plays').notNullable();
    t.integer('listeners').notNullable();
    t.integer('reached30').notNullable();
    t.integer('completed').notNullable();
    t.integer('skipped').notNullable();
    t.primary(['track_id', 'day']);
    t.index(['artist_id', 'day']);
  });
  await knex.schema.createTable('play_day_sources', (t) => {
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('source', 8).notNullable();
    t.integer('artist_id').unsigned().notNullable();
    t.integer('plays').notNullable();
    t.primary(['track_id', 'day', 'source']);
    t.index(['artist_id', 'day']);
  });
  // An artist's distinct listeners of a day across all their tracks (not the sum of the tracks').
  await knex.schema.createTable('play_artist_days', (t) => {
    t.integer('artist_id').unsigned().notNullable();
    t.string('day', 10).notNullable();
    t.integer('listeners').notNullable();
    t.integer('reached30').notNullable();
    t.primary(['artist_id', 'day']);
  });
  await knex.schema.createTable('private_links', (t) => {
    t.increments('id').primary();
    t.string('token', 43).notNullable().unique();
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['artist_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['private_links', 'play_artist_days', 'play_day_sources', 'play_days', 'play_events'])
    await knex.schema.dropTable(table);
}
