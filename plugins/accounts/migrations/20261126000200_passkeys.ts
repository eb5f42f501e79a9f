import type { Knex } from 'knex';

// Passkeys (WebAuthn credentials) as a second way to sign in: the public key and signature counter
// of each credential a user registered (passkeys.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('passkeys', (t) => {
    // The credential id, base64url (authenticators make them up to 1023 bytes; passkeys ~16–64).
    t.string('id', 255).primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.text('public_key').notNullable();
    t.bigInteger('counter').notNullable().defaultTo(0);
    t.string('transports', 200).notNullable().defaultTo('');
    t.string('name', 100).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_used_at').nullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('passkeys');
}
