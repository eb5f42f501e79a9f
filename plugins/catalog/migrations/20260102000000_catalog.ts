import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tracks', (t) => {
    t.increments('id').primary();
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.string('title', 100).notNullable();
    t.string('audio_url', 500).notNullable();
    t.string('cover_image', 500).nullable();
    t.integer('duration').unsigned().notNullable().defaultTo(0);
    // Public from this moment on (a scheduled release stays hidden until then).
    t.bigInteger('upload_date').notNullable();
    t.boolean('is_monthly_drop').notNullable().defaultTo(false);
    // 'YYYY-MM' of a monthly drop, NULL otherwise: the unique key allows one drop per artist and month.
    t.string('drop_month', 7).nullable();
    t.bigInteger('created_at').notNullable();
    t.unique(['artist_id', 'drop_month']);
    t.index(['artist_id', 'upload_date']);
    t.index(['drop_month', 'upload_date']);
  });

  await knex.schema.createTable('exclusives', (t) => {
    t.increments('id').primary();
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.string('type', 40).notNullable();
    t.string('title', 100).notNullable();
    t.text('description').notNullable();
    t.integer('remaining').unsigned().nullable();
    t.integer('total_available').unsigned().nullable();
    // metadata.duration in seconds, for tracks and videos.
    t.integer('duration').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['artist_id', 'created_at']);
  });

  await knex.schema.createTable('likes', (t) => {
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.primary(['user_id', 'track_id']);
    t.index(['track_id']);
  });

  await knex.schema.createTable('listens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('track_id').unsigned().notNullable().references('tracks.id').onDelete('CASCADE');
    // Copied from the track (which never changes artist) so listener counts need no join.
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.bigInteger('listened_at').notNullable();
    t.index(['artist_id', 'listened_at', 'user_id']);
    t.index(['user_id', 'track_id', 'listened_at']);
  });

  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.boolean('active').notNullable().defaultTo(true);
    t.bigInteger('created_at').notNullable();
    t.unique(['user_id', 'artist_id']);
    t.index(['artist_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['subscriptions', 'listens', 'likes', 'exclusives', 'tracks']) await knex.schema.dropTable(table);
}
