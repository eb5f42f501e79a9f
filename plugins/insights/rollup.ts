import type { Knex } from 'knex';
import { isMysql } from '../../api/db/connection.ts';

const count = (event: string) => `SUM(CASE WHEN event = '${event}' THEN 1 ELSE 0 END)`;
const distinct = (event: string) => `COUNT(DISTINCT CASE WHEN event = '${event}' THEN listener END)`;

// Each rollup table is computed by the database from the day's events (INSERT … SELECT … GROUP BY):
// no rows travel to the job and back, whatever the day's size.
const ROLLUPS: Array<{ table: string; sql: string }> = [
  {
    table: 'play_days',
    sql:
      `INSERT INTO play_days (track_id, day, artist_id, plays, listeners, reached30, completed, skipped)
      SELECT track_id, day, artist_id, ${count('start')}, ${distinct('start')}, ${distinct('thirty')}, ` +
      `${count('complete')}, ${count('skip')}
      FROM play_events WHERE day = ? GROUP BY track_id, day, artist_id`,
  },
  {
    table: 'play_day_sources',
    sql:
      `INSERT INTO play_day_sources (track_id, day, source, artist_id, plays)
      SELECT track_id, day, source, artist_id, COUNT(*) FROM play_events WHERE day = ? AND event = 'start' ` +
      `GROUP BY track_id, day, source, artist_id`,
  },
  {
    table: 'play_artist_days',
    sql:
      `INSERT INTO play_artist_days (artist_id, day, listeners, reached30)
      SELECT artist_id, day, ${distinct('start')}, ${distinct('thirty')} ` +
      `FROM play_events WHERE day = ? GROUP BY artist_id, day`,
  },
];

/**
 * Rebuilds a day's rollups from its play events: the day's rows are deleted and computed again in
 * one transaction, so running it twice (or on two workers one after the other) gives the same rows,
 * and a reader sees the day before or after, never half of it.
 */
export async function rollupDay(knex: Knex, day: string): Promise<void> {
  // READ COMMITTED: InnoDB then reads the events as a snapshot, without the shared next-key locks an
  // INSERT … SELECT takes otherwise, which would hold up the day's play reports while it runs.
  const options = isMysql(knex) ? { isolationLevel: 'read committed' as const } : {};
  await knex.transaction(async (trx) => {
    for (const { table, sql } of ROLLUPS) {
      await trx(table).where({ day }).delete();
      await trx.raw(sql, [day]);
    }
  }, options);
}
