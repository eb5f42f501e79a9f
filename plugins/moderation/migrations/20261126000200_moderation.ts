import type { Knex } from 'knex';

// Reports (from signed-in people, or copyright notices from anyone), appeals of a takedown, and
// the audit log of every moderation and admin action. The audit log is only ever inserted into.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reports', (t) => {
    t.increments('id').primary();
    // Null for a copyright notice filed without an account.
    t.integer('reporter_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('target_type', 10).notNullable();
    t.integer('target_id').unsigned().notNullable();
    t.string('reason', 20).notNullable();
    t.text('note').notNullable();
    // A copyright notice's fields (work, where, contact, statement), JSON.
    t.text('notice').nullable();
    t.string('status', 10).notNullable();
    // "reporter:type:id" while open, null once resolved: one open report per person and item on
    // both databases (neither has partial unique indexes in common; both allow many nulls).
    t.string('open_key', 60).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('resolved_at').nullable();
    t.index(['target_type', 'target_id']);
    t.index(['status', 'created_at']);
  });
  await knex.schema.createTable('appeals', (t) => {
    t.increments('id').primary();
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.text('message').notNullable();
    // A counter-notice's fields (name, contact, statement), JSON, when the takedown was for copyright.
    t.text('counter_notice').nullable();
    t.string('status', 10).notNullable();
    t.bigInteger('created_at').notNullable();
    // One appeal per track and artist, ever.
    t.unique(['track_id', 'user_id']);
  });
  await knex.schema.createTable('audit_log', (t) => {
    t.increments('id').primary();
    // Null for the command line (npm run promote); the name is kept as it was then.
    t.integer('actor_id').unsigned().nullable();
    t.string('actor_name', 100).notNullable();
    t.string('action', 30).notNullable();
    t.string('target_type', 10).notNullable();
    t.integer('target_id').unsigned().notNullable();
    t.string('target_label', 200).notNullable();
    t.text('reason').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['target_type', 'target_id']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['audit_log', 'appeals', 'reports']) await knex.schema.dropTable(table);
}
