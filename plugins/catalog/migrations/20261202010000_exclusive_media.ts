import type { Knex } from 'knex';

// An exclusive's own media (issue 44 point 4): an unreleased track's audio or a behind-the-scenes
// video, stored under the private folder (never served by /media/, only to the artist's subscribers
// through /api/exclusives/{id}/media). `media_status`: null for an exclusive without media (a
// collectible), 'awaiting' until its file arrives, 'processing' while the worker transcodes it,
// 'ready' (listed to fans) or 'failed'.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exclusives', (t) => {
    t.string('media_kind', 10).nullable();
    t.string('media_status', 12).nullable();
    t.string('media_master', 200).nullable();
    t.string('media_key', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exclusives', (t) => {
    t.dropColumn('media_kind');
    t.dropColumn('media_status');
    t.dropColumn('media_master');
    t.dropColumn('media_key');
  });
}
