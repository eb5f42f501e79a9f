import type { Knex } from 'knex';

// Memberships (docs/payouts.md, "Membership"): whether an account gets credits in a month.
//  - state 'trial': only trial_month is included; 'member': every month; 'cancelled': up to and
//    including paid_through (the month it was cancelled in, already paid).
//  - credit_grants.trial marks a grant of an included month: OneTrack pays its fee into the pool;
//    payout_statements.trial_fans counts them in a settled month (0 for months stored before: there
//    were no trials then).
// Accounts that exist before this migration were all getting credits: they become members.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('memberships', (t) => {
    t.integer('user_id').unsigned().primary().references('users.id').onDelete('CASCADE');
    t.string('state', 10).notNullable();
    t.string('trial_month', 7).nullable();
    t.string('paid_through', 7).nullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.alterTable('credit_grants', (t) => {
    t.boolean('trial').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('payout_statements', (t) => {
    t.integer('trial_fans').notNullable().defaultTo(0);
  });
  const now = Date.now();
  const users: Array<{ id: number }> = await knex('users').select('id');
  for (let i = 0; i < users.length; i += 200) {
    await knex('memberships').insert(
      users.slice(i, i + 200).map((u) => ({ user_id: u.id, state: 'member', updated_at: now })),
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payout_statements', (t) => {
    t.dropColumn('trial_fans');
  });
  await knex.schema.alterTable('credit_grants', (t) => {
    t.dropColumn('trial');
  });
  await knex.schema.dropTable('memberships');
}
