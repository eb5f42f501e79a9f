import type { Knex } from 'knex';

// App passwords for Subsonic apps and what each user's apps say is playing. A password is kept two
// ways: its SHA-256 (it is a random 144-bit secret, so a fast hash suffices) to check a plain
// password or an API key, and encrypted (AES-256-GCM, key derived from SESSION_SECRET) because the
// protocol's token scheme, md5(password + salt), needs the secret itself.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subsonic_app_passwords', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('name', 40).notNullable();
    t.string('secret_hash', 64).notNullable().unique();
    t.string('secret_encrypted', 200).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.index(['user_id']);
  });
  await knex.schema.createTable('subsonic_now_playing', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.string('player', 60).notNullable().defaultTo('');
    t.bigInteger('updated_at').notNullable();
    t.index(['updated_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subsonic_now_playing');
  await knex.schema.dropTable('subsonic_app_passwords');
}
