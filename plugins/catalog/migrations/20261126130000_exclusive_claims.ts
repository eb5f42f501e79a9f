import type { Knex } from 'knex';

// A fan's claim of a numbered collectible (an NFT exclusive): one per fan and collectible, and each
// number once, both held by unique keys whatever the concurrency (claims.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exclusive_claims', (t) => {
    t.increments('id').primary();
    t.integer('exclusive_id').unsigned().notNullable().references('exclusives.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('number').unsigned().notNullable();
    t.bigInteger('claimed_at').notNullable();
    t.unique(['exclusive_id', 'user_id']);
    t.unique(['exclusive_id', 'number']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('exclusive_claims');
}
