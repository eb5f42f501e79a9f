import type { Knex } from 'knex';

// A job that must exist at most once (one expiry sweep per credit month, one e-mail per
// notification) carries a key; the unique index makes a second enqueue of it a no-op on both
// databases, whichever app node enqueues it. Keyless jobs (NULL) are never unique.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.string('unique_key', 120).nullable();
    t.unique(['unique_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropUnique(['unique_key']);
    t.dropColumn('unique_key');
  });
}
