import type { Knex } from 'knex';

// Pre-saves: a fan's standing request for a scheduled release, one per fan and track. At the
// release's public moment it lands in the fan's collection (a like) and they are told.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('presaves', (t) => {
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.primary(['user_id', 'track_id']);
    t.index(['track_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('presaves');
}
