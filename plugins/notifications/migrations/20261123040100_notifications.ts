import type { Knex } from 'knex';

// One row per user and event: the unique (user, event key) makes a retried job or a second app
// node that announces the same event a no-op, on both databases. `in_app` is the user's in-app
// switch when the event happened (rows kept only for e-mail stay out of the bell and the page).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('event_key', 120).notNullable();
    t.string('kind', 20).notNullable();
    t.string('title', 200).notNullable();
    t.string('body', 500).notNullable();
    t.string('link', 300).notNullable();
    t.boolean('in_app').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('read_at').nullable();
    t.unique(['user_id', 'event_key']);
    t.index(['user_id', 'in_app', 'read_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifications');
}
