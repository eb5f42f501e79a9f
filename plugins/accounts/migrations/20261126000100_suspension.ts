import type { Knex } from 'knex';

// A suspended account (the moderation feature sets it) cannot sign in and reads as signed out on
// every session, as a deleted one does; its pages say so. The column is the accounts feature's so
// that its session read holds whichever features are enabled.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.bigInteger('suspended_at').nullable();
    t.string('suspension_reason', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('suspension_reason');
    t.dropColumn('suspended_at');
  });
}
