import type { Knex } from 'knex';

// Scheduled backups (api/backup/schedule.ts): a row per scheduled moment, whose unique slot is the
// cluster-wide lock (the node whose insert succeeds takes that backup), then its outcome.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('backup_runs', (t) => {
    t.increments('id').primary();
    t.bigInteger('slot').notNullable().unique();
    t.string('node', 100).notNullable();
    t.string('status', 16).notNullable();
    t.string('archive', 200).nullable();
    t.bigInteger('bytes').nullable();
    t.text('error').nullable();
    t.bigInteger('started_at').notNullable();
    t.bigInteger('finished_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('backup_runs');
}
