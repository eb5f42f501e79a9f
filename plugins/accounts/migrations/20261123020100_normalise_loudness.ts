import type { Knex } from 'knex';

// The "Normalise loudness" preference beside "High quality audio": on until the user turns it off.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.boolean('normalise_loudness').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_preferences', (t) => {
    t.dropColumn('normalise_loudness');
  });
}
