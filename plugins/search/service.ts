import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { isMysql } from '../../api/db/connection.ts';
import { invalid } from '../../api/errors.ts';
import { imageSrcset, type ImageSrcset } from '../catalog/mediaColumns.ts';
import { pageWindow, type Page } from '../catalog/paging.ts';
import { released, toTrack, tracksQuery } from '../catalog/queries.ts';
import { PLACEHOLDER_ARTIST_IMAGE, PLACEHOLDER_COVER } from '../catalog/rules.ts';
import type { TrackJson } from '../catalog/types.ts';
import { zoneOffsetMs, type Viewer } from '../catalog/viewer.ts';
import {
  ARTISTS_PER_PAGE,
  QUERY_MAX_LENGTH,
  QUERY_TOO_LONG,
  queryTerms,
  SUGGESTED_ARTISTS,
  SUGGESTED_TRACKS,
  TRACKS_PER_PAGE,
} from './rules.ts';
import { correctedTerms } from './typos.ts';

// Search over tracks (title, artist name, genre) and artists (name, genre) through the index of
// each database (migrations/): every word of the query must match, the last one as a prefix as
// well as the others (people type "tid" for "Tidal"). Queries are reduced to plain words first
// (rules.ts queryTerms), so no input reaches the index's syntax.

type Row = Record<string, unknown>;

export interface ArtistHit {
  id: number;
  name: string;
  genre: string | null;
  profileImage: string;
  /** The photo's web sizes once the media worker made them (accounts' photo job). */
  photoSrcset: ImageSrcset | null;
  verified: boolean;
}

export interface SearchResults {
  query: string;
  tracks: Page<TrackJson>;
  artists: Page<ArtistHit>;
}

export interface Suggestions {
  tracks: Array<{ id: number; title: string; artist: string; coverImage: string }>;
  artists: Array<{ id: number; name: string; profileImage: string }>;
}

const EMPTY_PAGE = { items: [], page: 1, pageCount: 1, total: 0 };

function toArtistHit(row: Row): ArtistHit {
  return {
    id: Number(row.id),
    name: String(row.name),
    genre: (row.genre as string | null) ?? null,
    profileImage: (row.profileImage as string | null) || PLACEHOLDER_ARTIST_IMAGE,
    photoSrcset: imageSrcset(row.profileImageVariants),
    verified: Boolean(row.verified),
  };
}

/** How one database matches the words against tracks (alias t, artist a) and artists (alias a). */
interface Matcher {
  /** Reads what the matcher needs of the server once (a query builder is thenable, so the rest stays synchronous). */
  ready(): Promise<void>;
  tracks(query: Knex.QueryBuilder, terms: string[], ranked: boolean): Knex.QueryBuilder;
  artists(query: Knex.QueryBuilder, terms: string[], ranked: boolean): Knex.QueryBuilder;
}

/** FTS5: one MATCH of every word as a quoted prefix ("tid"* "lights"*), ranked by bm25. */
function sqliteMatcher(knex: Knex): Matcher {
  const expression = (terms: string[]) => terms.map((term) => `"${term}"*`).join(' ');
  const match = (table: string, query: Knex.QueryBuilder, on: string, terms: string[], ranked: boolean) => {
    query.join(
      knex.raw(`(select rowid as hit_id, rank as hit_rank from ${table} where ${table} match ?) as hit`, [
        expression(terms),
      ]),
      'hit.hit_id',
      on,
    );
    if (ranked) query.orderBy('hit.hit_rank');
    return query;
  };
  return {
    ready: () => Promise.resolve(),
    tracks: (query, terms, ranked) => match('search_tracks', query, 't.id', terms, ranked),
    artists: (query, terms, ranked) => match('search_artists', query, 'a.id', terms, ranked),
  };
}

/**
 * FULLTEXT in boolean mode. A track's words may sit in its own index (title, genre) or its artist's
 * (name, genre), and one MATCH cannot span two tables, so each word joins the tracks it matches in
 * either index (a derived table the server builds once from the indexes, with the relevance of
 * both); every word's join must hold. Words shorter than the index's smallest token are not in it:
 * those match the start of a word with LIKE on the same columns (case and accents fold in the
 * column's collation, as in the index).
 */
function mysqlMatcher(knex: Knex): Matcher {
  let min = 3;
  let known: Promise<void> | null = null;
  const TRACK_WORD = 'match(title, genre) against (? in boolean mode)';
  const ARTIST_WORD = 'match(a2.name, a2.genre) against (? in boolean mode)';
  const tracksWithWord = `(select id, sum(score) as score from (
      select id, ${TRACK_WORD} as score from tracks where ${TRACK_WORD}
      union all
      select t2.id, ${ARTIST_WORD} from artists a2 join tracks t2 on t2.artist_id = a2.id where ${ARTIST_WORD}
    ) words group by id)`;
  const startsWith = (query: Knex.QueryBuilder, term: string, columns: string[]) =>
    query.where((w) =>
      columns.forEach((column) =>
        w.orWhereRaw(`${column} like ?`, [`${term}%`]).orWhereRaw(`${column} like ?`, [`% ${term}%`]),
      ),
    );
  return {
    ready: () =>
      (known ??= knex.raw('select @@innodb_ft_min_token_size as n').then(([rows]: [Row[]]) => {
        min = Number(rows[0].n);
      })),
    tracks(query, terms, ranked) {
      const indexed = terms.filter((term) => term.length >= min);
      indexed.forEach((term, i) =>
        query.join(knex.raw(`${tracksWithWord} as w${i}`, Array(4).fill(`${term}*`)), `w${i}.id`, 't.id'),
      );
      for (const term of terms.filter((term) => term.length < min))
        startsWith(query, term, ['t.title', 't.genre', 'a.name', 'a.genre']);
      if (ranked && indexed.length) query.orderByRaw(`${indexed.map((_, i) => `w${i}.score`).join(' + ')} desc`);
      return query;
    },
    artists(query, terms, ranked) {
      const indexed = terms.filter((term) => term.length >= min);
      const words = indexed.map((term) => `+${term}*`).join(' ');
      if (indexed.length) query.whereRaw('match(a.name, a.genre) against (? in boolean mode)', [words]);
      for (const term of terms.filter((term) => term.length < min)) startsWith(query, term, ['a.name', 'a.genre']);
      if (ranked && indexed.length)
        query.orderByRaw('match(a.name, a.genre) against (? in boolean mode) desc', [words]);
      return query;
    },
  };
}

export function createSearchService(kernel: Kernel) {
  const { knex } = kernel;
  const matcher = isMysql(knex) ? mysqlMatcher(knex) : sqliteMatcher(knex);

  /** The words of a query; 400 for a query too long to be one. */
  function termsOf(text: string): string[] {
    if (text.length > QUERY_MAX_LENGTH) throw invalid(QUERY_TOO_LONG);
    return queryTerms(text);
  }

  function releasedFor(viewer: Viewer) {
    const at = kernel.now();
    return released(at.getTime(), zoneOffsetMs(viewer.zone, at));
  }

  const newestFirst = [
    { column: 't.upload_date', order: 'desc' as const },
    { column: 't.id', order: 'desc' as const },
  ];

  async function count(query: Knex.QueryBuilder): Promise<number> {
    const [{ n }] = await query.clearSelect().clearOrder().count({ n: '*' });
    return Number(n);
  }

  /**
   * A page of a ranked list as ids with the list's total (a window count in the same query, so the
   * index is read once), then the page's rows. Past the last page it counts and shows the last one.
   */
  async function paged<T>(
    matching: () => Knex.QueryBuilder,
    idColumn: string,
    requested: number,
    size: number,
    rowsOf: (ids: number[]) => Promise<T[]>,
  ): Promise<Page<T>> {
    const window = async (page: number) => {
      const rows: Row[] = await matching()
        .clearSelect()
        .select(`${idColumn} as id`, knex.raw('count(*) over () as total'))
        .limit(size)
        .offset((page - 1) * size);
      return rows;
    };
    let page = Math.max(1, requested);
    let rows = await window(page);
    if (!rows.length && page > 1) {
      const total = await count(matching());
      if (!total) return { ...EMPTY_PAGE };
      page = pageWindow(total, page, size).page;
      rows = await window(page);
    }
    if (!rows.length) return { ...EMPTY_PAGE };
    const total = Number(rows[0].total);
    return {
      items: await rowsOf(rows.map((row) => Number(row.id))),
      page,
      pageCount: pageWindow(total, page, size).pageCount,
      total,
    };
  }

  /** Rows in the order of the ids given. */
  const inOrder = <T extends { id: number }>(ids: number[], items: T[]) => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  function trackPage(viewer: Viewer, terms: string[], requested: number, size: number): Promise<Page<TrackJson>> {
    const out = releasedFor(viewer);
    const matching = () =>
      matcher
        .tracks(
          knex('tracks as t').join('artists as a', 'a.id', 't.artist_id').whereRaw(out.sql, out.bindings),
          terms,
          true,
        )
        .orderBy(newestFirst);
    return paged(matching, 't.id', requested, size, async (ids) =>
      inOrder(ids, (await tracksQuery(knex, out, viewer.id).whereIn('t.id', ids)).map(toTrack)),
    );
  }

  function artistPage(terms: string[], requested: number, size: number): Promise<Page<ArtistHit>> {
    const matching = () => matcher.artists(knex('artists as a'), terms, true).orderByRaw('lower(a.name) asc, a.id asc');
    return paged(matching, 'a.id', requested, size, async (ids) =>
      inOrder(
        ids,
        (
          await knex('artists as a')
            .select('a.id', 'a.name', 'a.genre', 'a.profile_image', 'a.profile_image_variants', 'a.verified')
            .whereIn('a.id', ids)
        ).map(toArtistHit),
      ),
    );
  }

  return {
    /** One page of both kinds of results (the same page number for each; past the end shows the last). */
    async search(viewer: Viewer, text: string, page = 1): Promise<SearchResults> {
      const terms = termsOf(text);
      const query = text.trim();
      if (!terms.length) return { query, tracks: { ...EMPTY_PAGE }, artists: { ...EMPTY_PAGE } };
      await matcher.ready();
      const run = (words: string[]) =>
        Promise.all([trackPage(viewer, words, page, TRACKS_PER_PAGE), artistPage(words, page, ARTISTS_PER_PAGE)]);
      let [tracks, artists] = await run(terms);
      if (!tracks.total && !artists.total) {
        const corrected = await correctedTerms(knex, terms);
        if (corrected) [tracks, artists] = await run(corrected);
      }
      return { query, tracks, artists };
    },

    /** The first few tracks and artists, for the top bar's list while typing. */
    async suggestions(viewer: Viewer, text: string): Promise<Suggestions> {
      const terms = termsOf(text);
      if (!terms.length) return { tracks: [], artists: [] };
      await matcher.ready();
      const out = releasedFor(viewer);
      const trackQuery = knex('tracks as t')
        .join('artists as a', 'a.id', 't.artist_id')
        .select('t.id', 't.title', 't.cover_image', 'a.name as artist_name')
        .whereRaw(out.sql, out.bindings);
      const artistQuery = knex('artists as a').select('a.id', 'a.name', 'a.profile_image');
      const run = (words: string[]) =>
        Promise.all([
          matcher.tracks(trackQuery.clone(), words, true).orderBy(newestFirst).limit(SUGGESTED_TRACKS),
          matcher
            .artists(artistQuery.clone(), words, true)
            .orderByRaw('lower(a.name) asc, a.id asc')
            .limit(SUGGESTED_ARTISTS),
        ]);
      let [tracks, artists] = await run(terms);
      if (!tracks.length && !artists.length) {
        const corrected = await correctedTerms(knex, terms);
        if (corrected) [tracks, artists] = await run(corrected);
      }
      return {
        tracks: tracks.map((row: Row) => ({
          id: Number(row.id),
          title: String(row.title),
          artist: String(row.artistName),
          coverImage: (row.coverImage as string | null) || PLACEHOLDER_COVER,
        })),
        artists: artists.map((row: Row) => ({
          id: Number(row.id),
          name: String(row.name),
          profileImage: (row.profileImage as string | null) || PLACEHOLDER_ARTIST_IMAGE,
        })),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    search: SearchService;
  }
}
