import type { Knex } from 'knex';

// A notification's title and body as messages with their values (JSON, lib/i18n keys), so that each
// reader sees it in their language whenever they read it; title and body keep the English (the data
// export, and any message key that no longer exists). Null for rows written before, shown as stored.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.text('texts').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('texts');
  });
}
