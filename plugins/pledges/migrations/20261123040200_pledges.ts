import type { Knex } from 'knex';

// Pledges to an artist's monthly drop. Each (artist, month) has one pot whose status moves once,
// open → converted (the drop came out: its pledges became allocations) or open → released (the
// month neared its end without a drop: credits went back). Every pledge, cancel, conversion and
// release first updates the pot row WHERE status = 'open', so they are serialised on that row and
// a pledge can never slip in beside a conversion, nor be converted or refunded twice.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pledge_pots', (t) => {
    t.increments('id').primary();
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    t.string('month', 7).notNullable();
    t.string('status', 10).notNullable().defaultTo('open');
    // Credits of the pot's pending pledges ("230 credits waiting for your November drop").
    t.integer('credits').notNullable().defaultTo(0);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('settled_at').nullable();
    t.unique(['artist_id', 'month']);
    t.index(['month', 'status']);
    t.check('?? >= 0', ['credits'], 'pledge_pots_credits_not_negative');
  });
  await knex.schema.createTable('pledges', (t) => {
    t.increments('id').primary();
    t.integer('pot_id').unsigned().notNullable().references('pledge_pots.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.integer('artist_id').unsigned().notNullable().references('artists.id').onDelete('CASCADE');
    // The credit month whose balance held the credits (and gets them back on a cancel or release).
    t.string('month', 7).notNullable();
    t.integer('credits').notNullable();
    // pending → converted | cancelled | released, each once (conditional UPDATE … WHERE status = 'pending').
    t.string('status', 10).notNullable().defaultTo('pending');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('settled_at').nullable();
    t.index(['user_id', 'status']);
    t.index(['pot_id', 'status']);
    t.check('?? > 0', ['credits'], 'pledges_credits_positive');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pledges');
  await knex.schema.dropTable('pledge_pots');
}
