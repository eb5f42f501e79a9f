import type { Knex } from 'knex';

// Accounts people can recover: single-use e-mail tokens (password reset, address verification),
// kept only as sha256 hashes; the verified address of each user; and the signed-in devices of each
// account, so they can be listed and signed out (a session's cookie row carries the device's key).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // The address that was verified and when: a changed address is unverified until its own link is used.
    t.string('verified_email', 254).nullable();
    t.bigInteger('email_verified_at').nullable();
  });
  await knex.schema.createTable('account_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 16).notNullable();
    // The address the mail goes to: a verification holds for this address only.
    t.string('email', 254).notNullable();
    // Set when the mail is sent (the token exists only in that mail); null until then.
    t.string('token_hash', 64).nullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
    t.index(['user_id', 'purpose']);
  });
  await knex.schema.createTable('account_sessions', (t) => {
    t.string('id', 48).primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('user_agent', 255).notNullable().defaultTo('');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('last_seen_at').notNullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_sessions');
  await knex.schema.dropTable('account_tokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_verified_at');
    t.dropColumn('verified_email');
  });
}
