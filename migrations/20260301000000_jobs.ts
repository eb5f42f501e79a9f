import type { Knex } from 'knex';

// The kernel's job queue (api/jobs/queue.ts): services insert rows in their own transaction through
// kernel.jobs, media workers claim them with a lease.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id').primary();
    t.string('type', 60).notNullable();
    t.text('payload').notNullable();
    // queued → running → done, or back to queued after a failure, or dead after the last attempt.
    t.string('status', 10).notNullable().defaultTo('queued');
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.integer('max_attempts').unsigned().notNullable().defaultTo(5);
    // Not claimed before this moment (scheduling and retry backoff).
    t.bigInteger('run_at').notNullable();
    // A running job whose lease has passed belongs to a worker that died: it may be claimed again.
    t.bigInteger('lease_until').nullable();
    t.string('locked_by', 64).nullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('finished_at').nullable();
    t.index(['status', 'run_at']);
    t.index(['locked_by']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('jobs');
}
