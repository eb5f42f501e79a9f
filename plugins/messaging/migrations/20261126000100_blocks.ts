import type { Knex } from 'knex';

// A person blocks another: the blocked one can no longer message them, and the blocker no longer
// sees their messages (send and the inbox read this table).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('blocks', (t) => {
    t.integer('blocker_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('blocked_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.primary(['blocker_id', 'blocked_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('blocks');
}
