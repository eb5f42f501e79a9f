import type { Knex } from 'knex';
import { isMysql } from '../../../api/db/connection.ts';

// The track page counts a track's plays. MySQL/MariaDB already index listens.track_id for its
// foreign key; SQLite does not index foreign keys by itself.

export async function up(knex: Knex): Promise<void> {
  if (!isMysql(knex)) await knex.schema.alterTable('listens', (t) => t.index(['track_id'], 'listens_track_id_index'));
}

export async function down(knex: Knex): Promise<void> {
  if (!isMysql(knex))
    await knex.schema.alterTable('listens', (t) => t.dropIndex(['track_id'], 'listens_track_id_index'));
}
