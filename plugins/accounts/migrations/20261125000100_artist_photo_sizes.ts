import type { Knex } from 'knex';

// The web sizes of an artist's photo (AVIF and WebP, as JSON like tracks.cover_variants), made by
// the accounts.photoSizes job. Null until it has run, and again whenever the photo changes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('artists', (t) => {
    t.text('profile_image_variants').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('artists', (t) => {
    t.dropColumn('profile_image_variants');
  });
}
