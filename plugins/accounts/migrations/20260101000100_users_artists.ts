import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('username', 40).notNullable().unique();
    t.string('email', 254).notNullable().unique();
    t.string('name', 100).notNullable();
    t.text('bio').notNullable().defaultTo('');
    t.string('profile_image', 500).nullable();
    t.boolean('is_artist').notNullable().defaultTo(false);
    t.string('role', 20).notNullable().defaultTo('user');
    t.string('password_hash', 200).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  // An artist is a user's public artist identity; one per user.
  await knex.schema.createTable('artists', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().unique().references('users.id').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.string('genre', 40).nullable();
    t.text('bio').notNullable().defaultTo('');
    t.string('profile_image', 500).nullable();
    t.boolean('verified').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('artists');
  await knex.schema.dropTable('users');
}
