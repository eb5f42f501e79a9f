import type { Knex } from 'knex';

// Unallocated credits follow the fan's listening (docs/payouts.md, "The payout formula").
//  - credit_preferences: a fan's choice to keep the fallback (the default) or turn it off.
//  - credit_grants.follow_listening: that choice as it stood for the month, so a month's input is
//    fixed when it ends (a change after midnight applies to the new month only).
//  - Stored statements keep what followed listening beside what was chosen (0 in months stored before).
//  - payout_prorata(_lines): what a pro-rata service would have paid from a settled month's plays,
//    computed once and kept, for /transparency.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_preferences', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.boolean('follow_listening').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.alterTable('credit_grants', (t) => {
    t.boolean('follow_listening').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('payout_statements', (t) => {
    t.bigInteger('listening_cents').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('payout_statement_lines', (t) => {
    t.bigInteger('listening_cents').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('payout_fan_lines', (t) => {
    t.integer('plays').notNullable().defaultTo(0);
    t.integer('fan_plays').notNullable().defaultTo(0);
    t.integer('listening_cents').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('payout_prorata', (t) => {
    t.string('month', 7).primary();
    t.bigInteger('plays').notNullable();
    t.bigInteger('pool_cents').notNullable();
    t.bigInteger('computed_at').notNullable();
  });
  await knex.schema.createTable('payout_prorata_lines', (t) => {
    t.string('month', 7).notNullable().references('payout_prorata.month').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.bigInteger('plays').notNullable();
    t.bigInteger('amount_cents').notNullable();
    t.primary(['month', 'artist_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payout_prorata_lines');
  await knex.schema.dropTable('payout_prorata');
  await knex.schema.alterTable('payout_fan_lines', (t) => {
    t.dropColumn('plays');
    t.dropColumn('fan_plays');
    t.dropColumn('listening_cents');
  });
  await knex.schema.alterTable('payout_statement_lines', (t) => t.dropColumn('listening_cents'));
  await knex.schema.alterTable('payout_statements', (t) => t.dropColumn('listening_cents'));
  await knex.schema.alterTable('credit_grants', (t) => t.dropColumn('follow_listening'));
  await knex.schema.dropTable('credit_preferences');
}
