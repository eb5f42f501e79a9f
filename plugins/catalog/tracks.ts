import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { gone, notFound } from '../../api/errors.ts';
import { cachedReads } from '../../api/cache/cachedReads.ts';
import type { ArtistState } from './artists.ts';
import { countOf, trackTag, windowed, type CatalogLens, type Row } from './lens.ts';
import { pageWindow, type ListWindow, type Page } from './paging.ts';
import { readsPopularity } from './popularity.ts';
import { DEFAULT_DROP_SORT, TRACK_GONE, type DropSort, type Genre } from './rules.ts';
import { anyRelease, toTrack, tracksQuery, upcomingTracksQuery } from './queries.ts';
import type { TrackJson, UpcomingTrackJson } from './types.ts';
import type { Viewer } from './viewer.ts';

// Tracks: what is out for the viewer (an artist's, this month's drops, the newest), what is scheduled
// and not yet out, and whether a track is unknown (404) or gone for good (410).

const toUpcoming = (row: Row): UpcomingTrackJson => ({
  ...toTrack(row),
  outAt: new Date(Number(row.outAt)).toISOString(),
});

export function createTracks(kernel: Kernel, context: CatalogLens, { assertArtist }: ArtistState) {
  const { knex, lens, catalogReads, clockOf } = context;
  /**
   * The artist of a track out for viewers of a UTC offset, kept per node: every play report asks.
   * A track once out stays out as time passes; what takes it back (a takedown, a suspension, a
   * deletion, an edit of the release) is a write that invalidates everything or the track's tag on
   * every node, which drops the entry. A track not out is asked again each time.
   */
  const outTracks = cachedReads<number>(kernel.cache, { maxEntries: 100_000 });

  /** The track page's null for an unknown id or one not out for the viewer, where a 404 page replaces it. */
  async function findTrack(id: number, viewer: Viewer): Promise<TrackJson | null> {
    const row = await tracksQuery(knex, lens(viewer).out, viewer.id).where('t.id', id).first();
    return row ? toTrack(row) : null;
  }

  /**
   * Whether this track is gone for good: a moderator took it down, or its artist's account is
   * suspended or deleted.
   */
  async function takenDown(id: number): Promise<boolean> {
    return Boolean(await knex('tracks as t').where('t.id', id).whereRaw(`not ${anyRelease().sql}`).first('t.id'));
  }

  async function visibleTrack(id: number, viewer: Viewer): Promise<TrackJson> {
    const track = await findTrack(id, viewer);
    if (!track && (await takenDown(id))) throw gone(TRACK_GONE);
    if (!track) throw notFound('Track not found');
    return track;
  }

  /**
   * This month's drops (`query` keeps those out for the viewer), of one genre (the release's, else its
   * artist's) when given.
   */
  function monthlyRows(query: Knex.QueryBuilder, viewer: Viewer, genre: Genre | null): Knex.QueryBuilder {
    query.where({ 't.drop_month': lens(viewer).month, 't.is_monthly_drop': 1 });
    if (genre) query.whereRaw('coalesce(t.genre, a.genre) = ?', [genre]);
    return query;
  }

  /**
   * This month's monthly drops out for the viewer in the chosen order, newest first among equals (a
   * query to limit).
   */
  function monthlyQuery(
    viewer: Viewer,
    sort: DropSort = DEFAULT_DROP_SORT,
    genre: Genre | null = null,
  ): Knex.QueryBuilder {
    const query = monthlyRows(tracksQuery(knex, lens(viewer).out, viewer.id), viewer, genre);
    // Popular: the most counted plays (the track page's figure), then the most liked.
    if (sort === 'popular') {
      const popularity = context.popularity();
      readsPopularity(popularity, viewer.id);
      const plays = popularity.trackPlays();
      query.orderByRaw(`${plays.sql} desc, like_count desc`, plays.bindings);
    }
    return query.orderBy([
      { column: 't.upload_date', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ]);
  }

  /** How many monthly drops are out this month for the viewer. */
  async function monthlyCount(viewer: Viewer, genre: Genre | null = null): Promise<number> {
    const count = () => {
      const { out } = lens(viewer);
      const tracks = knex('tracks as t').whereRaw(out.sql, out.bindings);
      // The artist only for its genre: without it the count is read from the index alone.
      if (genre) tracks.join('artists as a', 'a.id', 't.artist_id');
      return countOf(monthlyRows(tracks, viewer, genre));
    };
    return catalogReads(`count ${genre ?? ''} ${clockOf(viewer)}`, count);
  }

  return {
    /** The artist's tracks out for the viewer, latest first. */
    async artistTracks(artistId: number, viewer: Viewer, window: ListWindow = {}): Promise<TrackJson[]> {
      await assertArtist(artistId);
      const query = tracksQuery(knex, lens(viewer).out, viewer.id)
        .where('t.artist_id', artistId)
        .orderBy([
          { column: 't.upload_date', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ]);
      return (await windowed(query, window)).map(toTrack);
    },

    /**
     * The artist's scheduled tracks not yet out for the viewer, soonest first (their own page shows
     * them to them).
     */
    async upcomingTracks(artistId: number, viewer: Viewer): Promise<UpcomingTrackJson[]> {
      const rows = await upcomingTracksQuery(knex, lens(viewer).out, viewer.id)
        .where('t.artist_id', artistId)
        .orderBy([
          { column: 'out_at', order: 'asc' },
          { column: 't.id', order: 'asc' },
        ]);
      return rows.map(toUpcoming);
    },

    /** A scheduled track not yet out for the viewer (its "coming on" page), null for any other id. */
    async findUpcoming(id: number, viewer: Viewer): Promise<UpcomingTrackJson | null> {
      const row = await upcomingTracksQuery(knex, lens(viewer).out, viewer.id).where('t.id', id).first();
      return row ? toUpcoming(row) : null;
    },

    /** This calendar month's monthly drops out for the viewer, newest first (the home page shows a few). */
    async monthlyTracks(viewer: Viewer, window: ListWindow = {}): Promise<TrackJson[]> {
      return (await windowed(monthlyQuery(viewer), window)).map(toTrack);
    },

    /** One page of this month's drops (/discover) in the chosen order, of one genre when given. */
    async monthlyTracksPage(
      viewer: Viewer,
      requested: number,
      sort: DropSort = DEFAULT_DROP_SORT,
      genre: Genre | null = null,
    ): Promise<Page<TrackJson>> {
      const total = await monthlyCount(viewer, genre);
      const { page, pageCount, offset, limit } = pageWindow(total, requested);
      const rows = await monthlyQuery(viewer, sort, genre).limit(limit).offset(offset);
      return { items: rows.map(toTrack), page, pageCount, total };
    },

    /** The newest tracks out for the viewer, every artist's (the site's feed). */
    async latestTracks(viewer: Viewer, limit: number): Promise<TrackJson[]> {
      const rows = await tracksQuery(knex, lens(viewer).out, viewer.id)
        .orderBy([
          { column: 't.upload_date', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(toTrack);
    },

    monthlyCount,

    track: visibleTrack,

    /**
     * The artist of a track out for the viewer (404 otherwise): what counting a play needs, without
     * the track's figures.
     */
    async artistOfTrack(id: number, viewer: Viewer): Promise<number> {
      const { out, offsetMs } = lens(viewer);
      const artistId = await outTracks.get(
        `${id}:${offsetMs}`,
        async () => {
          const row = await knex('tracks as t').where('t.id', id).whereRaw(out.sql, out.bindings).first('t.artist_id');
          if (!row) throw notFound('Track not found');
          return Number(row.artistId);
        },
        [trackTag(id)],
      );
      return artistId!;
    },

    findTrack,

    /**
     * Whether a track is gone for good (taken down, its artist suspended or deleted): its page and
     * embed answer 410 Gone, not 404.
     */
    takenDown,
  };
}

export type CatalogTracks = ReturnType<typeof createTracks>;
