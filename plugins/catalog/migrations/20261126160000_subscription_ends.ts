import type { Knex } from 'knex';

// When a subscription ended (an unsubscribe, or the fan's account deleted), so an artist's dashboard
// can show subscribers lost as well as gained; null while it is active.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.bigInteger('ended_at').nullable();
    t.index(['artist_id', 'ended_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropIndex(['artist_id', 'ended_at']);
    t.dropColumn('ended_at');
  });
}
