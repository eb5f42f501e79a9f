import type { Knex } from 'knex';

const count = (knex: Knex, event: string, alias: string) => knex.raw(`SUM(CASE WHEN event = ? THEN 1 ELSE 0 END) AS ${alias}`, [event]);
const distinct = (knex: Knex, event: string, alias: string) => knex.raw(`COUNT(DISTINCT CASE WHEN event = ? THEN listener END) AS ${alias}`, [event]);
const BATCH = 500;

/**
 * Rebuilds a day's rollups from its play events: the day's rows are deleted and computed again in
 * one transaction, so running it twice (or on two workers one after the other) gives the same rows,
 * and a reader sees the day before or after, never half of it.
 */
export async function rollupDay(knex: Knex, day: string): Promise<void> {
  const events = () => knex('play_events').where({ day });
  const perTrack = await events()
    .select('track_id', 'artist_id', count(knex, 'start', 'plays'), distinct(knex, 'start', 'listeners'), distinct(knex, 'thirty', 'reached30'))
    .select(count(knex, 'complete', 'completed'), count(knex, 'skip', 'skipped'))
    .groupBy('track_id', 'artist_id');
  const perSource = await events().where({ event: 'start' }).select('track_id', 'artist_id', 'source').count({ plays: '*' }).groupBy('track_id', 'artist_id', 'source');
  const perArtist = await events().select('artist_id', distinct(knex, 'start', 'listeners'), distinct(knex, 'thirty', 'reached30')).groupBy('artist_id');
  const numbers = <T extends Record<string, unknown>>(rows: T[], keep: string[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, keep.includes(k) ? v : Number(v)])));
  await knex.transaction(async (trx) => {
    for (const table of ['play_days', 'play_day_sources', 'play_artist_days']) await trx(table).where({ day }).delete();
    await trx.batchInsert('play_days', numbers(perTrack, []).map((r) => ({ ...r, day })), BATCH);
    await trx.batchInsert('play_day_sources', numbers(perSource, ['source']).map((r) => ({ ...r, day })), BATCH);
    await trx.batchInsert('play_artist_days', numbers(perArtist, []).map((r) => ({ ...r, day })), BATCH);
  });
}
