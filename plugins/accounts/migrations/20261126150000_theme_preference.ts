import type { Knex } from 'knex';

// "Dark mode" (a switch that changed nothing: the site was dark only) becomes the theme: 'system' (follow
// the device), 'dark' or 'light'. A saved switch that was still on is the default nobody chose, so it
// follows the device; one turned off asked for light.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.string('theme', 8).notNullable().defaultTo('system');
  });
  await knex('user_preferences').where('dark_mode', false).update({ theme: 'light' });
  await knex.schema.alterTable('user_preferences', (t) => {
    t.dropColumn('dark_mode');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.boolean('dark_mode').notNullable().defaultTo(true);
  });
  await knex('user_preferences').where('theme', 'light').update({ dark_mode: false });
  await knex.schema.alterTable('user_preferences', (t) => {
    t.dropColumn('theme');
  });
}
