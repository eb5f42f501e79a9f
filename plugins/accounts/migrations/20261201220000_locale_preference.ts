import type { Knex } from 'knex';

// The interface language chosen in Settings (issue 43): 'auto' (the page's, English by default) or one
// of lib/i18n/locales.ts's LOCALES.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.string('locale', 8).notNullable().defaultTo('auto');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.dropColumn('locale');
  });
}
