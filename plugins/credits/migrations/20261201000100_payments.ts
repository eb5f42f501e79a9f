import type { Knex } from 'knex';

// Money through a payment provider (payments/, docs/payouts.md "How money flows"):
//  - payment_customers: the provider's customer and subscription of an account, and the state the
//    provider last reported for it (read back from the provider on each event, never inferred).
//  - payment_events: every provider event applied, once: its id is the key, inserted in the same
//    transaction as what it changed, so a second delivery (or the same one on another node) changes nothing.
//  - payment_charges: each paid invoice (money collected), with the provider's fee; the month whose
//    pool it entered is the month it was paid in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_customers', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.string('customer_id', 255).notNullable().unique();
    t.string('subscription_id', 255).nullable();
    t.string('status', 32).nullable();
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.bigInteger('period_end').nullable();
    /** The last renewal that failed, until one is paid (the app and an e-mail say so). */
    t.bigInteger('payment_failed_at').nullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('payment_events', (t) => {
    t.string('event_id', 255).primary();
    t.string('type', 64).notNullable();
    t.bigInteger('received_at').notNullable();
  });
  await knex.schema.createTable('payment_charges', (t) => {
    t.string('invoice_id', 255).primary();
    t.integer('user_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.string('charge_id', 255).nullable().index();
    t.string('month', 7).notNullable().index();
    t.integer('amount_cents').notNullable();
    t.integer('fee_cents').notNullable();
    /** End of the period it paid for: a membership that stops running keeps its credits through that month. */
    t.bigInteger('period_end').notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('paid_at').notNullable();
  });
  await upPayouts(knex);
}

// Paying artists (payments/payouts.ts):
//  - payout_accounts: an artist's connected account and what the provider last said of it.
//  - payout_transfers: one row per artist and closed month, inserted once (the key), never changed
//    once sent: held (not onboarded, under MIN_PAYOUT_CENTS: carried into a later transfer),
//    sent (the transfer that carried it, and when), failed (why; retried with backoff).
async function upPayouts(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_accounts', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.string('account_id', 255).notNullable().unique();
    t.boolean('details_submitted').notNullable().defaultTo(false);
    t.boolean('payouts_enabled').notNullable().defaultTo(false);
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('payout_transfers', (t) => {
    t.integer('artist_id').unsigned().notNullable();
    t.string('month', 7).notNullable();
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('status', 10).notNullable();
    t.string('reason', 255).nullable();
    t.string('transfer_id', 255).nullable().index();
    /** The month whose transfer carried it (a held month is sent with a later one). */
    t.string('sent_with', 7).nullable();
    t.bigInteger('sent_at').nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.primary(['artist_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payout_transfers');
  await knex.schema.dropTableIfExists('payout_accounts');
  await knex.schema.dropTable('payment_charges');
  await knex.schema.dropTable('payment_events');
  await knex.schema.dropTable('payment_customers');
}
