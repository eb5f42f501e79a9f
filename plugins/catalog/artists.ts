import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import type { SessionUser } from '../../api/http/state.ts';
import { forbidden, gone, notFound } from '../../api/errors.ts';
import { cachedReads } from '../../api/cache/cachedReads.ts';
import { ARTIST_DELETED } from '../accounts/rules.ts';
import { dropRecord, RECENT_MONTHS, type DropMark, type DropRecord } from './cadence.ts';
import { monthKey } from './drops.ts';
import { artistTag, countOf, idsOf, windowed, type CatalogLens, type Lens, type Row } from './lens.ts';
import { pageWindow, type ListWindow, type Page } from './paging.ts';
import { DEFAULT_ARTIST_SORT, type ArtistSort, type Genre } from './rules.ts';
import { dropMarksQuery, monthlyListeners, toArtist, whereArtistMatches } from './queries.ts';
import type { ArtistJson } from './types.ts';
import type { Viewer } from './viewer.ts';

// Artists: the directory in its orders, the featured few, one artist's profile with its drop record,
// and whether an artist exists or is gone (which every list of theirs checks first).

/** How many artists the home page features. */
export const FEATURED_COUNT = 4;

/** Above this many artists a list reads every released drop at once rather than naming each artist. */
const RECORDS_BY_ID_LIMIT = 500;

/** Lower-case names, so A-Z reads the same on both databases (SQLite compares bytes). */
const BY_NAME = 'lower(a.name) asc, a.id asc';

/** Whether an artist exists and whether their account was deleted: what the other parts check first. */
export function createArtistState(kernel: Kernel, { knex, now }: CatalogLens) {
  /**
   * Whether an artist exists (undefined: not) and whether their account was deleted, kept per node:
   * an artist's page asked it twice a render (each of its lists checks), every subscription once.
   * A deletion invalidates everything; an artist not found is asked again each time.
   */
  const artistRows = cachedReads<{ deleted: boolean }>(kernel.cache, {
    maxEntries: 100_000,
    now: () => now().getTime(),
  });
  const artistState = (id: number) =>
    artistRows.get(
      String(id),
      async () => {
        const row = await knex('artists as a')
          .leftJoin('users as u', 'u.id', 'a.user_id')
          .where('a.id', id)
          .first('a.id', 'u.deleted_at');
        return row ? { deleted: row.deletedAt != null } : undefined;
      },
      [artistTag(id)],
    );

  return {
    /** Whether this artist's account was deleted: their pages and answers are gone (410), not unknown. */
    async artistGone(id: number): Promise<boolean> {
      return (await artistState(id))?.deleted ?? false;
    },

    /** 404 unless the artist exists, 410 when their account was deleted. */
    async assertArtist(id: number): Promise<void> {
      const state = await artistState(id);
      if (!state) throw notFound('Artist not found');
      if (state.deleted) throw gone(ARTIST_DELETED.gone);
    },
  };
}

export type ArtistState = ReturnType<typeof createArtistState>;

export function createArtists(kernel: Kernel, context: CatalogLens, { artistGone }: ArtistState) {
  const { knex, lens, artistsOf, catalogReads, clockOf } = context;

  /**
   * Drop records of these artists (rows with id and created_at), from one query over their released
   * monthly drops, or over all of them when the list is long: never a query per artist.
   */
  async function recordsOf(rows: Row[], { out, month }: Lens, recentMonths = 0): Promise<Map<number, DropRecord>> {
    const marks = new Map<number, DropMark[]>(rows.map((row) => [Number(row.id), []]));
    if (rows.length) {
      const query = dropMarksQuery(knex, out);
      if (rows.length <= RECORDS_BY_ID_LIMIT) query.whereIn('t.artist_id', [...marks.keys()]);
      for (const drop of await query) {
        marks.get(Number(drop.artistId))?.push({
          month: String(drop.dropMonth),
          day: new Date(Number(drop.uploadDate)).getUTCDate(),
          withheld: drop.hiddenAt != null,
        });
      }
    }
    return new Map(
      rows.map((row) => [
        Number(row.id),
        dropRecord(marks.get(Number(row.id))!, monthKey(new Date(Number(row.createdAt))), month, recentMonths),
      ]),
    );
  }

  /** Artist rows (artistsQuery) as JSON, with their drop records (and months strip, for one artist's page). */
  async function present(rows: Row[], view: Lens, recentMonths = 0): Promise<ArtistJson[]> {
    const records = await recordsOf(rows, view, recentMonths);
    return rows.map((row) => toArtist(row, records.get(Number(row.id))!));
  }

  /**
   * The matching artists' ids, longest current streak first (then A-Z): records of every matching
   * artist from two queries, ranked here because a streak is derived, not stored.
   */
  async function streakRanking(
    search: string,
    genre: Genre | null,
    view: Lens,
  ): Promise<{ ids: number[]; records: Map<number, DropRecord> }> {
    const rows = await whereArtistMatches(knex('artists as a').select('a.id', 'a.name', 'a.created_at'), search, genre);
    const records = await recordsOf(rows, view);
    const name = (row: Row) => String(row.name).toLowerCase();
    rows.sort((x: Row, y: Row) => {
      const byStreak = records.get(Number(y.id))!.streak - records.get(Number(x.id))!.streak;
      if (byStreak) return byStreak;
      return name(x) < name(y) ? -1 : name(x) > name(y) ? 1 : Number(x.id) - Number(y.id);
    });
    return { ids: rows.map((row: Row) => Number(row.id)), records };
  }

  /** The matching artists in the chosen order, optionally one window of them (a page). */
  async function sortedArtists(
    viewer: Viewer,
    search: string,
    sort: ArtistSort,
    genre: Genre | null,
    window: ListWindow = {},
  ): Promise<ArtistJson[]> {
    const view = lens(viewer);
    const query = whereArtistMatches(artistsOf(view), search, genre);
    if (sort === 'streak') {
      // The directory's ranking (every artist's drop record: 18 ms of its 27-ms render at 2,000
      // artists) is kept like the home page's catalog-wide reads; a search's is read each time.
      const rank = () => streakRanking(search, genre, view);
      const { ids, records } = await (search ? rank() : catalogReads(`streak ${genre ?? ''} ${clockOf(viewer)}`, rank));
      const start = window.offset ?? 0;
      const wanted = ids.slice(start, window.limit === undefined ? undefined : start + window.limit);
      const rows = await inOrder(query, wanted, wanted.length === ids.length);
      return rows.map((row: Row) => toArtist(row, records.get(Number(row.id))!));
    }
    if (sort === 'popular' && window.limit !== undefined) {
      // Ranked on the listener count alone: the page's drop counts and records only for its rows.
      const ranked = windowed(
        whereArtistMatches(
          knex('artists as a').select('a.id', monthlyListeners(knex, view.at, context.popularity())),
          search,
          genre,
        )
          .orderBy('monthly_listeners', 'desc')
          .orderByRaw(BY_NAME),
        window,
      );
      return present(await inOrder(query, idsOf(await ranked)), view);
    }
    if (sort === 'popular') query.orderBy('monthly_listeners', 'desc');
    query.orderByRaw(BY_NAME);
    return present(await windowed(query, window), view);
  }

  /** The rows of an artists query for these ids, in their order (`every`: the query matches no others). */
  async function inOrder(query: Knex.QueryBuilder, ids: number[], every = false): Promise<Row[]> {
    const rank = new Map(ids.map((id, i) => [id, i]));
    const rows = await (every ? query : query.whereIn('a.id', ids));
    return rows.sort((x: Row, y: Row) => rank.get(Number(x.id))! - rank.get(Number(y.id))!);
  }

  /** The featured artists as the database has them (featuredArtists keeps them). */
  async function featured(viewer: Viewer): Promise<ArtistJson[]> {
    const view = lens(viewer);
    // The verified ranked apart from the rest, which are counted only when too few are verified:
    // a listener count per artist of the whole catalog was the home page's dearest query.
    const rank = (verified: boolean, limit: number) =>
      knex('artists as a')
        .select('a.id', monthlyListeners(knex, view.at, context.popularity()))
        .where('a.verified', verified)
        .orderBy([
          { column: 'monthly_listeners', order: 'desc' },
          { column: 'a.id', order: 'asc' },
        ])
        .limit(limit);
    const ranked: Row[] = await rank(true, FEATURED_COUNT);
    if (ranked.length < FEATURED_COUNT) ranked.push(...(await rank(false, FEATURED_COUNT - ranked.length)));
    return present(await inOrder(artistsOf(view), idsOf(ranked)), view);
  }

  /** The artist page's null for an unknown id, where a 404 page replaces the profile. */
  async function findArtist(id: number, viewer: Viewer): Promise<ArtistJson | null> {
    const view = lens(viewer);
    const row = await artistsOf(view).where('a.id', id).first();
    return row ? (await present([row], view, RECENT_MONTHS))[0] : null;
  }

  async function artist(id: number, viewer: Viewer): Promise<ArtistJson> {
    const found = await findArtist(id, viewer);
    if (!found && (await artistGone(id))) throw gone(ARTIST_DELETED.gone);
    if (!found) throw notFound('Artist not found');
    return found;
  }

  return {
    /**
     * The artists (GET /api/artists) in the chosen order, or those whose name or genre contains
     * `search`; every one, or a window.
     */
    async artists(
      viewer: Viewer,
      search = '',
      sort: ArtistSort = DEFAULT_ARTIST_SORT,
      window: ListWindow = {},
    ): Promise<ArtistJson[]> {
      return sortedArtists(viewer, search, sort, null, window);
    },

    /** One page of the directory in the chosen order, optionally searched by name or genre and of one genre. */
    async artistsPage(
      viewer: Viewer,
      requested: number,
      search = '',
      sort: ArtistSort = DEFAULT_ARTIST_SORT,
      genre: Genre | null = null,
    ): Promise<Page<ArtistJson>> {
      const total = await countOf(whereArtistMatches(knex('artists as a'), search, genre));
      const { page, pageCount, offset, limit } = pageWindow(total, requested);
      const items = await sortedArtists(viewer, search, sort, genre, { offset, limit });
      return { items, page, pageCount, total };
    },

    /** The artists this user subscribes to, by name (the collection). */
    async subscribedArtists(viewer: Viewer & { id: number }): Promise<ArtistJson[]> {
      const view = lens(viewer);
      const rows = await artistsOf(view)
        .whereIn('a.id', knex('subscriptions').select('artist_id').where({ user_id: viewer.id, active: 1 }))
        .orderBy([{ column: 'a.name' }, { column: 'a.id' }]);
      return present(rows, view);
    },

    /** Verified artists first, then the most listened to. */
    async featuredArtists(viewer: Viewer): Promise<ArtistJson[]> {
      // Figures of a measure that counts listens include the viewer's own (readsPopularity).
      const whose = context.countsListens() ? viewer.id : null;
      return catalogReads(`featured ${clockOf(viewer)} ${whose ?? ''}`, () => featured(viewer));
    },

    artist,

    findArtist,

    async updateGenre(actor: SessionUser, id: number, genre: string, viewer: Viewer): Promise<ArtistJson> {
      const row = await knex('artists').where({ id }).first('userId', 'genre');
      if (!row) throw notFound('Artist not found');
      if (Number(row.userId) !== actor.id) throw forbidden('You can only edit your own artist profile');
      // The same genre again changes nothing: no cache on any node is put out (a change may show anywhere).
      if (row.genre === genre) await kernel.cache.changed([]);
      else
        await kernel.services.accounts.profileChange(actor.id, () => knex('artists').where({ id }).update({ genre }));
      return artist(id, viewer);
    },

    /** Whether an artist's account was deleted: the artist page answers 410 Gone. */
    artistGone,
  };
}
