import type { Knex } from 'knex';

// A track taken down by a moderator (the moderation feature sets it) is out for nobody: released()
// in queries.ts tests hidden_at, so every catalog read, search, feeds and embeds follow. The column
// is the catalog's so that its visibility test holds whichever features are enabled.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.bigInteger('hidden_at').nullable();
    t.string('hidden_reason', 500).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.dropColumn('hidden_reason');
    t.dropColumn('hidden_at');
  });
}
