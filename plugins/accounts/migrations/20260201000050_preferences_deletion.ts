import type { Knex } from 'knex';

// Persisted profile preferences (spec §2 Profile: four toggles, on by default) and account
// deletion: a deleted account keeps its row (payout ledgers point at it) with every personal
// field wiped and `deleted_at` set, which also signs out all of its sessions.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('deleted_at').nullable();
  });
  await knex.schema.createTable('user_preferences', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.boolean('email_notifications').notNullable().defaultTo(true);
    t.boolean('in_app_notifications').notNullable().defaultTo(true);
    t.boolean('dark_mode').notNullable().defaultTo(true);
    t.boolean('high_quality_audio').notNullable().defaultTo(true);
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_preferences');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
  });
}
