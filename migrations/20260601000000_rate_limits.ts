import type { Knex } from 'knex';

// Counters of the shared limiters (api/limits.ts) when no Redis is configured, or while it is down.
// The columns, in this order, are what rate-limiter-flexible's SQL stores read and write (its MySQL
// store inserts positional VALUES); every limiter shares the table, its keys start with its name.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire').nullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
