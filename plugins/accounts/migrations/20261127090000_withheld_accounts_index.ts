import type { Knex } from 'knex';

// Every visible-track read asks which artists' accounts are suspended or deleted (catalog's
// WITHHELD_ARTISTS, once per query). Without these indexes that meant every user row read again for
// every list of tracks (2.8 ms on MariaDB at the large catalog, most of a month's list of drops);
// with them it reads the few such accounts alone (index merge of the two).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.index(['suspended_at'], 'users_suspended_at_index');
    t.index(['deleted_at'], 'users_deleted_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex([], 'users_suspended_at_index');
    t.dropIndex([], 'users_deleted_at_index');
  });
}
