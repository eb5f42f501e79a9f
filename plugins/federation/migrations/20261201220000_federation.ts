import type { Knex } from 'knex';

// Federation (issue 46): Fedify's key–value store, each artist's key pair (made once), the remote
// followers of each artist, and the remote domains an admin blocked.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('federation_kv', (t) => {
    // sha256 of the JSON key: Fedify's keys hold remote URLs, longer than an index allows.
    t.string('key_hash', 64).primary();
    t.text('kv_key').notNullable();
    t.text('value', 'mediumtext').notNullable();
    t.bigInteger('expires_at').nullable();
  });
  await knex.schema.createTable('federation_keys', (t) => {
    t.integer('artist_id').unsigned().primary().references('artists.id').onDelete('CASCADE');
    t.text('private_jwk').notNullable();
    t.text('public_jwk').notNullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.createTable('federation_followers', (t) => {
    t.increments('id').primary();
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.string('actor_id', 500).notNullable();
    t.string('handle', 300).notNullable();
    t.string('inbox', 500).notNullable();
    t.string('shared_inbox', 500).nullable();
    t.string('domain', 255).notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['artist_id', 'actor_id']);
    t.index(['artist_id', 'created_at']);
    t.index(['domain']);
  });
  await knex.schema.createTable('federation_blocked_domains', (t) => {
    t.string('domain', 255).primary();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('federation_blocked_domains');
  await knex.schema.dropTable('federation_followers');
  await knex.schema.dropTable('federation_keys');
  await knex.schema.dropTable('federation_kv');
}
