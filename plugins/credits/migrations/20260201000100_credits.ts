import type { Knex } from 'knex';

// The credit ledger: one grant per user and month (100 credits, `remaining` is that month's
// balance) and append-only allocations. Spending is a conditional decrement of `remaining`,
// and the CHECK makes a negative balance impossible even for a buggy caller.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('credit_grants', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('month', 7).notNullable();
    t.integer('credits').notNullable();
    t.integer('remaining').notNullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'month']);
    t.index(['month']);
    t.check('?? >= 0 AND ?? <= ??', ['remaining', 'remaining', 'credits'], 'credit_grants_remaining_in_range');
  });
  await knex.schema.createTable('credit_allocations', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.string('month', 7).notNullable();
    t.integer('credits').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at']);
    t.index(['month', 'artist_id']);
    t.check('?? > 0', ['credits'], 'credit_allocations_credits_positive');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('credit_allocations');
  await knex.schema.dropTable('credit_grants');
}
