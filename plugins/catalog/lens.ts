import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { declaringReads } from '../../api/cache/cachedReads.ts';
import type { ListWindow } from './paging.ts';
import { listensPopularity, readsPopularity, type Popularity } from './popularity.ts';
import { artistsQuery, released, type Released } from './queries.ts';
import { viewerMonth, zoneOffsetMs, type Viewer } from './viewer.ts';

// What every part of the catalog service reads through (service.ts composes them): the viewer's lens
// on the catalog at this moment, the popularity measure in use, and the catalog-wide reads kept per node.

export type Row = Record<string, unknown>;

/** What a viewer sees at a moment: which tracks are out for their zone and which month is theirs. */
export interface Lens {
  at: Date;
  /** The viewer's zone's offset from UTC now, in ms. */
  offsetMs: number;
  out: Released;
  month: string;
  /** Who is looking (null: anonymous), for what their reads depend on. */
  viewerId: number | null;
}

/** Applies a list API's window to a list query (knex writes an offset alone in each dialect's way). */
export function windowed(query: Knex.QueryBuilder, { limit, offset }: ListWindow): Knex.QueryBuilder {
  if (limit !== undefined) query.limit(limit);
  if (offset) query.offset(offset);
  return query;
}

/** Counts the rows of a list query (its select and order dropped). */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [{ n }] = await query.clearSelect().clearOrder().count({ n: '*' });
  return Number(n);
}

export const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

/**
 * One track's own facts, kept per node (whether it is out): only a change of everything (a takedown,
 * a suspension) puts them out today (docs/architecture.md, "Cache tags").
 */
export const trackTag = (id: number) => `track:${id}`;
/** An artist's own facts, kept per node (whether they exist, whether their account was deleted): the same rule. */
export const artistTag = (id: number) => `artist:${id}`;

export function createCatalogLens(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now();
  /** Catalog's own listens until a plugin counting every play supplies its measure (usePopularity). */
  let measure: Popularity = listensPopularity;

  /**
   * What the viewer sees at this moment: which tracks are out for their zone (midnight releases)
   * and which month is "this month" on their calendar.
   */
  function lens(viewer: Viewer): Lens {
    const at = now();
    const offsetMs = zoneOffsetMs(viewer.zone, at);
    return { at, offsetMs, out: released(at.getTime(), offsetMs), month: viewerMonth(viewer, at), viewerId: viewer.id };
  }

  /**
   * Reads of the whole catalog that every member's home render repeated (the month's drop count, the
   * featured artists, the exclusives: five of its seven or eight queries, most of its MariaDB time at
   * 20,000 tracks), kept per node for what the viewer's clock sees (their month and UTC offset), put
   * out by the tags their reads declared and at most 30 s old otherwise: a scheduled release whose
   * moment came (no write announces it) shows in them that much later than in the month's list, as it
   * does on anonymous pages the page cache keeps.
   */
  const catalogReads = declaringReads(kernel.cache, { now: () => now().getTime() });

  return {
    knex,
    now,
    lens,
    catalogReads,
    /**
     * What a kept catalog-wide read depends on besides its tags: the month and the releases out on
     * the viewer's clock.
     */
    clockOf(viewer: Viewer): string {
      const { month, offsetMs } = lens(viewer);
      return `${month} ${offsetMs}`;
    },
    /** The popularity measure in use. */
    popularity: (): Popularity => measure,
    /** Whether the measure is catalog's own listens (whose figures include the viewer's own). */
    countsListens: (): boolean => measure === listensPopularity,
    usePopularity(next: Popularity): void {
      measure = next;
    },
    /** The artists query for what the viewer sees, its figures by the measure in use. */
    artistsOf(view: Lens): Knex.QueryBuilder {
      readsPopularity(measure, view.viewerId);
      return artistsQuery(knex, view.at, view.out, measure);
    },
  };
}

export type CatalogLens = ReturnType<typeof createCatalogLens>;
