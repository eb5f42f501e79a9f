import type { Knex } from 'knex';

// Issue 44 point 9: a monthly drop taken down stays on its artist's drop record, as "withheld", until
// this moment (the moderation feature sets it: the appeal window, an open appeal's "until decided");
// null once the takedown counts (an appeal rejected, the window over without one). The catalog's, as
// hidden_at is, so the record reads the same whichever features are enabled.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.bigInteger('record_withheld_until').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.dropColumn('record_withheld_until');
  });
}
