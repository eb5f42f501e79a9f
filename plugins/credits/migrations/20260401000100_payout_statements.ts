import type { Knex } from 'knex';

// A closed month's payouts, computed once from its allocations (which can no longer change) and
// kept: one row per month with the totals and the terms they were computed with, one line per
// paid artist. A cache of the formula, never typed in: a month is recomputed when the terms differ.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_statements', (t) => {
    t.string('month', 7).primary();
    t.integer('fee_cents').notNullable();
    t.double('platform_share').notNullable();
    t.integer('paying_fans').notNullable();
    t.bigInteger('gross_cents').notNullable();
    t.bigInteger('platform_cents').notNullable();
    t.bigInteger('unallocated_cents').notNullable();
    t.bigInteger('artists_cents').notNullable();
    t.bigInteger('computed_at').notNullable();
  });
  await knex.schema.createTable('payout_statement_lines', (t) => {
    t.string('month', 7).notNullable().references('payout_statements.month').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.integer('credits').notNullable();
    t.integer('fans').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.primary(['month', 'artist_id']);
    // An artist's statements across months.
    t.index(['artist_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payout_statement_lines');
  await knex.schema.dropTable('payout_statements');
}
