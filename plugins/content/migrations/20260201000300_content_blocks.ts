import type { Knex } from 'knex';
import { BLOCKS } from '../blocks.ts';

// The site's editable texts. The blocks are reference data the admin screen edits, so they are
// created here (every install has them), with the home page's original words.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_blocks', (t) => {
    t.increments('id').primary();
    t.string('key', 60).notNullable().unique();
    t.string('section', 20).notNullable();
    t.string('label', 100).notNullable();
    t.string('description', 300).notNullable().defaultTo('');
    t.string('type', 10).notNullable();
    t.text('value').notNullable();
    t.integer('position').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.integer('updated_by').unsigned().nullable().references('users.id').onDelete('SET NULL');
  });
  await knex('content_blocks').insert(
    BLOCKS.map((b, position) => ({
      key: b.key,
      section: b.section,
      label: b.label,
      description: b.description,
      type: b.type,
      value: b.value,
      position,
      updatedAt: Date.now(),
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_blocks');
}
