import type { Knex } from 'knex';

// Takedowns (hidden_at) joined the visibility test after tracks_monthly_drops_index was made, so this
// month's count and a page's ids read every matching row again (2,000 rows at the large catalog: the
// home page's count took 12–25 ms on SQLite). With hidden_at in the index, between the equalities and
// the upload_date range, both come from the index alone again.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.index(['drop_month', 'is_monthly_drop', 'hidden_at', 'upload_date'], 'tracks_monthly_visible_index');
    t.dropIndex([], 'tracks_monthly_drops_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.index(['drop_month', 'is_monthly_drop', 'upload_date'], 'tracks_monthly_drops_index');
    t.dropIndex([], 'tracks_monthly_visible_index');
  });
}
