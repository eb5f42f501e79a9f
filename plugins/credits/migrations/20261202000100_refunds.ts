import type { Knex } from 'knex';

// Refunds and disputes (payments/refunds.ts, docs/payouts.md "Refunds and disputes"):
//  - payment_refunds: money that went back to a fan, one row per refund or dispute as the provider
//    reports it (its id is the key, so a second delivery records nothing), in the month whose figures
//    it enters. `from_pool`: it took the fan's fee out of an open month's pool (their credits of that
//    month are void); otherwise OneTrack absorbs it from its share (the month had been paid out).
//    A won dispute is a row of its own with a negative amount (the money came back to OneTrack).
//  - credit_grants.voided: the month's credits of a fan whose payment came back before it closed:
//    they count for nothing (no part of the pool), and no more can be given.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_refunds', (t) => {
    t.string('refund_id', 255).primary();
    t.string('kind', 16).notNullable();
    t.string('charge_id', 255).notNullable().index();
    t.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('month', 7).notNullable().index();
    t.integer('amount_cents').notNullable();
    /** The provider's fee on it (a dispute's), with the month's other fees. */
    t.integer('fee_cents').notNullable().defaultTo(0);
    t.boolean('from_pool').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
  });
  await knex.schema.alterTable('credit_grants', (t) => {
    t.boolean('voided').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('credit_grants', (t) => {
    t.dropColumn('voided');
  });
  await knex.schema.dropTable('payment_refunds');
}
