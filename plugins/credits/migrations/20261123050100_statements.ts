import type { Knex } from 'knex';

// Statements that never change once their month is over.
//  - credit_month_terms: the fee, platform share and currency a month runs on, written with the
//    month's first grant, so a later change of MONTHLY_FEE_CENTS / PLATFORM_SHARE / CURRENCY applies
//    from the next month and never reprices one already begun.
//  - payout_statements gains the currency; payout_fan_lines keeps each fan's split of a closed month
//    (fans' and artists' statements are read from it). The fan is set to NULL when the account is
//    deleted: the money went where it went, and the artist's figures keep adding up.
// Statements stored before this migration have no fan lines: they are dropped (they are derived
// from the ledger) and stored again, with fan lines, on their next read.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_month_terms', (t) => {
    t.string('month', 7).primary();
    t.integer('fee_cents').notNullable();
    t.double('platform_share').notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('created_at').notNullable();
  });
  await knex('payout_statement_lines').delete();
  await knex('payout_statements').delete();
  await knex.schema.alterTable('payout_statements', (t) => {
    t.string('currency', 3).notNullable().defaultTo('EUR');
  });
  await knex.schema.createTable('payout_fan_lines', (t) => {
    t.increments('id').primary();
    t.string('month', 7).notNullable().references('payout_statements.month').onDelete('CASCADE');
    t.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.integer('credits').notNullable();
    t.integer('fan_credits').notNullable();
    t.integer('amount_cents').notNullable();
    t.index(['month', 'user_id']);
    t.index(['month', 'artist_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payout_fan_lines');
  await knex.schema.alterTable('payout_statements', (t) => {
    t.dropColumn('currency');
  });
  await knex.schema.dropTable('credit_month_terms');
}
