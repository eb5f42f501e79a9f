import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    t.increments('id').primary();
    t.integer('sender_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('recipient_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('subject', 200).nullable();
    t.text('content').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    // The inbox and the unread badge read by recipient; the sent list by sender.
    t.index(['recipient_id', 'is_read']);
    t.index(['sender_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('messages');
}
