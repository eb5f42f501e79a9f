import type { Knex } from 'knex';
import { isMysql } from '../../api/db/connection.ts';
import type { PlayEvent, PlaySource } from './rules.ts';

/** One row of `play_events` as a report makes it. */
export interface PlayRow {
  trackId: number;
  artistId: number;
  event: PlayEvent;
  source: PlaySource;
  listener: string;
  day: string;
  playWindow: number;
  at: number;
}

/** Rows one statement writes at most: 8 bound values a row stays far below SQLite's 32,766. */
export const MAX_BATCH = 500;

const COLUMNS = 'track_id, artist_id, event, source, listener, day, play_window, at';
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?)';

/** The unique key of play_events: one counted event of a kind per track, listener and window. */
const keyOf = (r: Pick<PlayRow, 'trackId' | 'listener' | 'event' | 'playWindow'>) =>
  `${r.trackId}|${r.listener}|${r.event}|${Number(r.playWindow)}`;
/** A start is looked for on the same day (a 30-minute window never spans midnight UTC). */
const startOf = (r: Pick<PlayRow, 'trackId' | 'listener' | 'day'>) => `${r.trackId}|${r.listener}|${r.day}`;
/**
 * The same order for every batch, so two nodes' inserts take the unique key's locks in one order (no deadlock cycle).
 */
const byKey = (a: PlayRow, b: PlayRow) =>
  a.trackId - b.trackId ||
  (a.listener < b.listener ? -1 : a.listener > b.listener ? 1 : 0) ||
  (a.event < b.event ? -1 : a.event > b.event ? 1 : 0);

/**
 * Which of `rows` count, written in (at most) two statements: one read of the starts the
 * non-start events need, then one multi-row insert that skips what the unique key refuses
 * (INSERT IGNORE on MariaDB, ON CONFLICT DO NOTHING on SQLite) and returns the rows it wrote.
 * A non-start counts after a start already stored that day or one in this same batch. The read
 * is a plain consistent read, apart from the insert: an INSERT … SELECT takes shared next-key
 * locks on InnoDB, and simultaneous reports then deadlocked.
 */
export async function writeEvents(knex: Knex, rows: PlayRow[]): Promise<boolean[]> {
  const first = new Map<string, PlayRow>();
  for (const row of rows) if (!first.has(keyOf(row))) first.set(keyOf(row), row);
  const unique = [...first.values()];
  const startsHere = new Set(unique.filter((r) => r.event === 'start').map(startOf));
  const needStart = unique.filter((r) => r.event !== 'start' && !startsHere.has(startOf(r)));
  const started = new Set<string>();
  if (needStart.length) {
    const found: Array<{ trackId: number; listener: string; day: string }> = await knex('play_events')
      .where('event', 'start')
      .whereIn(
        ['trackId', 'listener'],
        needStart.map((r) => [r.trackId, r.listener]),
      )
      .select('trackId', 'listener', 'day');
    for (const r of found) started.add(startOf(r));
  }
  const writable = unique
    .filter((r) => r.event === 'start' || startsHere.has(startOf(r)) || started.has(startOf(r)))
    .sort(byKey);
  const written = new Set<string>();
  if (writable.length) {
    const mysql = isMysql(knex);
    // Aliases without underscores: a raw answer is camelCased on SQLite but not on MariaDB.
    const sql =
      `${mysql ? 'insert ignore' : 'insert'} into play_events (${COLUMNS}) values ` +
      `${writable.map(() => ROW).join(', ')}${mysql ? '' : ' on conflict do nothing'}` +
      ` returning track_id as track, listener, event, play_window as win`;
    const bindings = writable.flatMap((r) => [
      r.trackId,
      r.artistId,
      r.event,
      r.source,
      r.listener,
      r.day,
      r.playWindow,
      r.at,
    ]);
    const result = await knex.raw(sql, bindings);
    const returned: Array<{ track: number; listener: string; event: PlayEvent; win: number }> = mysql
      ? result[0]
      : result;
    for (const r of returned)
      written.add(keyOf({ trackId: Number(r.track), listener: r.listener, event: r.event, playWindow: r.win }));
  }
  // Each key counts once: for the first report that carried it, if the database took its row.
  return rows.map((row) => first.get(keyOf(row)) === row && written.has(keyOf(row)));
}

interface Waiting {
  row: PlayRow;
  resolve(counted: boolean): void;
  reject(error: unknown): void;
}

/**
 * How long a busy node gathers reports before it writes. Players answered together by one write
 * come back together but a little apart; without the wait the first of them would go alone and the
 * rest wait for its commit (a disk flush on MariaDB), halving what a commit carries.
 */
export const GATHER_MS = 2;

/**
 * Writes under way at once per node. MariaDB commits simultaneous transactions with one disk flush
 * (its group commit), so a second write gathering while the first commits doubles what a flush's
 * time carries; SQLite has one connection and a single writer.
 */
export const writersOf = (knex: Knex) => (isMysql(knex) ? 2 : 1);

/**
 * Group commit of one node's play events: a report arriving while the writes are under way waits
 * for the next one, which takes every report that came meanwhile. The first report of a quiet
 * moment (the last write carried one report) is written at once; after a write of several, the
 * next waits GATHER_MS for company. Under load a statement and its commit carry many reports
 * instead of one each. The unique key still decides across nodes.
 */
export function createEventWriter(knex: Knex, writers = writersOf(knex)) {
  const waiting: Waiting[] = [];
  let running = 0;
  let gathering = false;
  let lastBatch = 0;

  async function settle(batch: Waiting[]): Promise<void> {
    try {
      const counted = await writeEvents(
        knex,
        batch.map((w) => w.row),
      );
      batch.forEach((w, i) => w.resolve(counted[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One report's failure (its track deleted meanwhile, a deadlock) must not fail the others: each again alone.
      for (const w of batch) await settle([w]);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length) {
        const batch = waiting.splice(0, MAX_BATCH);
        lastBatch = batch.length;
        await settle(batch);
      }
    } finally {
      running--;
    }
  }

  return {
    /** Whether the row counted (false: the unique key refused it, or a non-start had no start that day). */
    write(row: PlayRow): Promise<boolean> {
      return new Promise((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        if (running >= writers || gathering) return;
        running++;
        if (lastBatch <= 1) return void drain();
        gathering = true;
        setTimeout(() => {
          gathering = false;
          void drain();
        }, GATHER_MS);
      });
    },
  };
}
