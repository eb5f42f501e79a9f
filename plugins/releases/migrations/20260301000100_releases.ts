import type { Knex } from 'knex';

// Uploads (files owned by their uploader) and the release fields of a track. Tracks made before
// this feature (demo data) are complete: status 'ready', no derived media.
const TRACK_COLUMNS = [
  'status',
  'master_url',
  'stream_url',
  'cover_variants',
  'loudness_lufs',
  'true_peak',
  'loudness_range',
  'waveform',
  'sample_rate',
  'bit_depth',
  'channels',
  'label',
  'genre',
  'language',
  'released_before',
  'previous_release_date',
  'description',
  'recording_year',
  'isrc',
  'has_lyrics',
  'lyrics_language',
  'content_type',
  'track_origin',
  'content_protection',
  'tik_tok_start_time',
  'release_asap',
  'release_date',
  'midnight_release',
  'enable_pre_save',
  'metadata',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploads', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 10).notNullable();
    t.string('storage_key', 200).notNullable().unique();
    t.string('url', 250).notNullable().unique();
    t.string('content_type', 40).notNullable();
    t.bigInteger('size').notNullable();
    // The uploader's file name, shown back to them only; never used as a path.
    t.string('original_name', 255).notNullable().defaultTo('');
    t.integer('width').unsigned().nullable();
    t.integer('height').unsigned().nullable();
    t.double('duration').nullable();
    t.integer('sample_rate').unsigned().nullable();
    t.integer('bit_depth').unsigned().nullable();
    t.integer('channels').unsigned().nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.alterTable('tracks', (t) => {
    // processing until the streaming file exists; failed when its job went to the dead letters.
    t.string('status', 12).notNullable().defaultTo('ready');
    t.string('master_url', 250).nullable();
    t.string('stream_url', 250).nullable();
    // JSON [{url, width, type}] of the cover's web sizes (srcset).
    t.text('cover_variants').nullable();
    t.double('loudness_lufs').nullable();
    t.double('true_peak').nullable();
    t.double('loudness_range').nullable();
    // JSON array of peak levels 0–1.
    t.text('waveform').nullable();
    t.integer('sample_rate').unsigned().nullable();
    t.integer('bit_depth').unsigned().nullable();
    t.integer('channels').unsigned().nullable();
    t.string('label', 100).nullable();
    t.string('genre', 40).nullable();
    t.string('language', 40).nullable();
    t.boolean('released_before').notNullable().defaultTo(false);
    t.string('previous_release_date', 10).nullable();
    t.text('description').nullable();
    t.integer('recording_year').unsigned().nullable();
    t.string('isrc', 15).nullable();
    t.boolean('has_lyrics').notNullable().defaultTo(false);
    t.string('lyrics_language', 40).nullable();
    t.string('content_type', 20).nullable();
    t.string('track_origin', 20).nullable();
    t.boolean('content_protection').notNullable().defaultTo(true);
    t.integer('tik_tok_start_time').unsigned().nullable();
    t.boolean('release_asap').notNullable().defaultTo(true);
    // The chosen day 'YYYY-MM-DD' of a scheduled release.
    t.string('release_date', 10).nullable();
    t.boolean('midnight_release').notNullable().defaultTo(true);
    t.boolean('enable_pre_save').notNullable().defaultTo(false);
    // JSON of the credits and optional key, bpm, moods, tags.
    t.text('metadata').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const column of TRACK_COLUMNS) await knex.schema.alterTable('tracks', (t) => t.dropColumn(column));
  await knex.schema.dropTable('uploads');
}
