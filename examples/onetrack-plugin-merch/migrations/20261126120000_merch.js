// A plugin's migration: named YYYYMMDDhhmmss_what, run in timestamp order with the kernel's and
// every other plugin's, once per database.
export async function up(knex) {
  await knex.schema.createTable('merch_items', (t) => {
    t.increments('id').primary();
    t.string('title', 100).notNullable();
    t.integer('price_cents').notNullable();
  });
  await knex.schema.createTable('merch_wants', (t) => {
    t.integer('item_id').unsigned().notNullable().references('merch_items.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    // When the seller was told (the merch.interest job), null until then.
    t.bigInteger('notified_at').nullable();
    t.primary(['item_id', 'user_id']);
  });
  await knex('merch_items').insert([
    { title: 'Tour shirt', priceCents: 2500 },
    { title: 'Signed vinyl', priceCents: 3900 },
  ]);
}

export async function down(knex) {
  await knex.schema.dropTable('merch_wants');
  await knex.schema.dropTable('merch_items');
}
