import type { Knex } from 'knex';
import { isMysql } from '../../../api/db/connection.ts';

// One spelling per name on both databases: MariaDB's utf8mb4_unicode_ci folds accents ('ýan' matched
// 'yan' at sign-in) while SQLite compares bytes. `username_key` is the name after the one case folding
// the rules allow (ASCII letters, usernameKey() in rules.ts), compared byte for byte (utf8mb4_bin; SQLite's
// BINARY) and unique, so 'Yan' and 'yan' cannot both exist even when registered at the same moment.
// Usernames are ASCII (the rules' pattern), where SQL's LOWER and usernameKey() agree.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    const column = t.string('username_key', 40).nullable();
    if (isMysql(knex)) column.collate('utf8mb4_bin');
  });
  await knex('users').update({ username_key: knex.raw('LOWER(username)') });
  await knex.schema.alterTable('users', (t) => {
    t.unique(['username_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropUnique(['username_key']);
    t.dropColumn('username_key');
  });
}
