import type { Knex } from 'knex';

// Lyrics as the artist wrote them (plain text or LRC), one row per track and language; every read
// parses the text (parse.ts), so the stored form is the one the editor shows again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('track_lyrics', (t) => {
    t.increments('id').primary();
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.string('language', 20).notNullable();
    // 20,000 characters may take 80,000 bytes in UTF-8: more than MySQL's TEXT holds.
    t.text('text', 'mediumtext').notNullable();
    t.boolean('synced').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['track_id', 'language']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('track_lyrics');
}
