import type { Knex } from 'knex';

// A member's counted plays (30 s reached) per artist and month: what their unallocated credits
// follow (credits' listening source, docs/payouts.md). Unlike play_events this names a person, so
// it keeps no more than payouts need: no track, no time, no source; it goes with the account
// (deleted with it, in its data export).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_plays', (t) => {
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('month', 7).notNullable();
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.integer('plays').notNullable();
    t.primary(['user_id', 'month', 'artist_id']);
    t.index(['month', 'artist_id']);
    t.index(['artist_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('member_plays');
}
