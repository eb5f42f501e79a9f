import type { Knex } from 'knex';

// What the media worker's analysis measured in a track's audio (tempo and key with how sure it is;
// loudness already has its columns). Null until the releases.analyze job has run.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tracks', (t) => {
    t.double('bpm').nullable();
    t.double('bpm_confidence').nullable();
    // E.g. 'F#' and 'minor'.
    t.string('key_tonic', 2).nullable();
    t.string('key_mode', 5).nullable();
    t.double('key_confidence').nullable();
    // Set once the analysis ran, even when it found no beat or no key (bpm and key stay null).
    t.bigInteger('analyzed_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['bpm', 'bpm_confidence', 'key_tonic', 'key_mode', 'key_confidence', 'analyzed_at']) {
    await knex.schema.alterTable('tracks', (t) => t.dropColumn(column));
  }
}
