import type { Knex } from 'knex';

// Fans' comments at a moment of a track (milliseconds from its start), and the one each track's
// artist pinned (its own table: one row per track, so a second pin replaces the first).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('track_comments', (t) => {
    t.increments('id').primary();
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('at_ms').unsigned().notNullable();
    t.string('body', 300).notNullable();
    t.bigInteger('created_at').notNullable();
    // Hidden by the track's artist or a moderator: shown to nobody.
    t.bigInteger('hidden_at').nullable();
    t.index(['track_id', 'at_ms']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('track_comment_pins', (t) => {
    t.integer('track_id').unsigned().primary().references('tracks.id').onDelete('CASCADE');
    t.integer('comment_id').unsigned().notNullable().references('track_comments.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('track_comment_pins');
  await knex.schema.dropTable('track_comments');
}
