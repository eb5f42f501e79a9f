import type { Knex } from 'knex';

// "Your data": each export a person asked for (dataExport.ts). The archive lives in kernel.storage
// under `storage_key` until `expires_at`; `active_key` (the user's id while queued or building,
// null after) lets one export be in progress per account, whichever node took the request.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('data_exports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    // queued → building → ready → expired, or failed.
    t.string('status', 10).notNullable();
    t.integer('active_key').unsigned().nullable().unique();
    t.string('storage_key', 200).nullable();
    t.bigInteger('size').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('ready_at').nullable();
    t.bigInteger('expires_at').nullable();
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('data_exports');
}
