import type { Knex } from 'knex';
import { isMysql } from '../../../api/db/connection.ts';

// A listen counts once per user, track and listening window (LISTEN_WINDOW_MS, 30 minutes, in
// rules.ts): the window's number is stored with the listen and a unique key makes the database
// refuse a second one, so two simultaneous listens cannot both count (a check-then-insert could on
// MySQL). Listens counted before were always more than a window apart, so they fit the key.
const WINDOW_MS = 30 * 60 * 1000;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('listens', (t) => {
    // SQLite adds a NOT NULL column only with a default; every insert sets it (service, seed).
    t.bigInteger('listen_window').notNullable().defaultTo(0);
  });
  // Integer division: SQLite divides integers as integers, MySQL needs floor().
  const division = isMysql(knex) ? `floor(listened_at / ${WINDOW_MS})` : `listened_at / ${WINDOW_MS}`;
  await knex('listens').update({ listenWindow: knex.raw(division) });
  await knex.schema.alterTable('listens', (t) => {
    t.unique(['user_id', 'track_id', 'listen_window']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('listens', (t) => {
    t.dropUnique(['user_id', 'track_id', 'listen_window']);
    t.dropColumn('listen_window');
  });
}
