import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import type { SessionUser } from '../../api/http/state.ts';
import { forbidden, gone, notFound } from '../../api/errors.ts';
import { ARTIST_DELETED } from '../accounts/rules.ts';
import { cachedReads, declaringReads, userTag } from '../../api/cache.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { Like, Listen, Subscription } from './models.ts';
import { createClaims, EXCLUSIVES_TAG } from './claims.ts';
import { createExclusives } from './exclusives.ts';
import { dropRecord, RECENT_MONTHS, type DropMark, type DropRecord } from './cadence.ts';
import { monthKey } from './drops.ts';
import { pageWindow, type ListWindow, type Page } from './paging.ts';
import { listensPopularity, listensTag, readsPopularity, type Popularity } from './popularity.ts';
import {
  DEFAULT_ARTIST_SORT,
  DEFAULT_DROP_SORT,
  listenWindow,
  SUBSCRIBE_SELF,
  TRACK_GONE,
  type ArtistSort,
  type DropSort,
  type Genre,
} from './rules.ts';
import {
  anyRelease,
  artistsQuery,
  dropMarksQuery,
  LIVE_ARTIST,
  exclusivesQuery,
  likeTags,
  likesTag,
  monthlyListeners,
  released,
  subscriptionsQuery,
  toArtist,
  toExclusive,
  toSubscription,
  toTrack,
  tracksQuery,
  upcomingTracksQuery,
  whereArtistMatches,
  type Released,
} from './queries.ts';
import type { ArtistJson, ExclusiveJson, SubscriptionJson, TrackJson, UpcomingTrackJson } from './types.ts';
import { viewerMonth, zoneOffsetMs, type Viewer } from './viewer.ts';

/** How many artists the home page features. */
export const FEATURED_COUNT = 4;

type Row = Record<string, unknown>;

/** Above this many artists a list reads every released drop at once rather than naming each artist. */
const RECORDS_BY_ID_LIMIT = 500;

/** Lower-case names, so A-Z reads the same on both databases (SQLite compares bytes). */
const BY_NAME = 'lower(a.name) asc, a.id asc';

/** What a viewer sees at a moment: which tracks are out for their zone and which month is theirs. */
interface Lens {
  at: Date;
  /** The viewer's zone's offset from UTC now, in ms. */
  offsetMs: number;
  out: Released;
  month: string;
  /** Who is looking (null: anonymous), for what their reads depend on. */
  viewerId: number | null;
}

/** Applies a list API's window to a list query (knex writes an offset alone in each dialect's way). */
function windowed(query: Knex.QueryBuilder, { limit, offset }: ListWindow): Knex.QueryBuilder {
  if (limit !== undefined) query.limit(limit);
  if (offset) query.offset(offset);
  return query;
}

const idsOf = (rows: Row[]) => rows.map((row) => Number(row.id));

/**
 * One track's own facts, kept per node (whether it is out): only a change of everything (a takedown,
 * a suspension) puts them out today (docs/architecture.md, "Cache tags").
 */
const trackTag = (id: number) => `track:${id}`;
/** An artist's own facts, kept per node (whether they exist, whether their account was deleted): the same rule. */
const artistTag = (id: number) => `artist:${id}`;

/** A fan just ended a subscription (other plugins drop what it carried: releases' pre-saves). */
export type UnsubscribedListener = (event: { userId: number; artistId: number }) => Promise<void>;

export function createCatalogService(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now();
  const unsubscribedListeners: UnsubscribedListener[] = [];
  /** Catalog's own listens until a plugin counting every play supplies its measure (usePopularity). */
  let popularity: Popularity = listensPopularity;
  const artistsOf = (view: Lens) => {
    readsPopularity(popularity, view.viewerId);
    return artistsQuery(knex, view.at, view.out, popularity);
  };
  /**
   * The artist of a track out for viewers of a UTC offset, kept per node: every play report asks.
   * A track once out stays out as time passes; what takes it back (a takedown, a suspension, a
   * deletion, an edit of the release) is a write that invalidates everything or the track's tag on
   * every node, which drops the entry. A track not out is asked again each time.
   */
  const outTracks = cachedReads<number>(kernel.cache, { maxEntries: 100_000 });

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
   * Drop records of these artists (rows with id and created_at), from one query over their released
   * monthly drops, or over all of them when the list is long: never a query per artist.
   */
  async function recordsOf(rows: Row[], { out, month }: Lens, recentMonths = 0): Promise<Map<number, DropRecord>> {
    const marks = new Map<number, DropMark[]>(rows.map((row) => [Number(row.id), []]));
    if (rows.length) {
      const query = dropMarksQuery(knex, out);
      if (rows.length <= RECORDS_BY_ID_LIMIT) query.whereIn('t.artist_id', [...marks.keys()]);
      for (const drop of await query) {
        marks
          .get(Number(drop.artistId))
          ?.push({ month: String(drop.dropMonth), day: new Date(Number(drop.uploadDate)).getUTCDate() });
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
          knex('artists as a').select('a.id', monthlyListeners(knex, view.at, popularity)),
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

  /** Whether this artist's account was deleted: their pages and answers are gone (410), not unknown. */
  async function artistGone(id: number): Promise<boolean> {
    return (await artistState(id))?.deleted ?? false;
  }

  /** 404 unless the artist exists, 410 when their account was deleted. */
  async function assertArtist(id: number): Promise<void> {
    const state = await artistState(id);
    if (!state) throw notFound('Artist not found');
    if (state.deleted) throw gone(ARTIST_DELETED.gone);
  }

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

  async function findTrack(id: number, viewer: Viewer): Promise<TrackJson | null> {
    const row = await tracksQuery(knex, lens(viewer).out, viewer.id).where('t.id', id).first();
    return row ? toTrack(row) : null;
  }

  const toUpcoming = (row: Row): UpcomingTrackJson => ({
    ...toTrack(row),
    outAt: new Date(Number(row.outAt)).toISOString(),
  });

  /** Whether this track is gone for good: a moderator took it down, or its artist's account is suspended or deleted. */
  async function takenDown(id: number): Promise<boolean> {
    return Boolean(await knex('tracks as t').where('t.id', id).whereRaw(`not ${anyRelease().sql}`).first('t.id'));
  }

  async function visibleTrack(id: number, viewer: Viewer): Promise<TrackJson> {
    const track = await findTrack(id, viewer);
    if (!track && (await takenDown(id))) throw gone(TRACK_GONE);
    if (!track) throw notFound('Track not found');
    return track;
  }

  /** This month's drops (`query` keeps those out for the viewer), of one genre (the release's, else its artist's) when given. */
  function monthlyRows(query: Knex.QueryBuilder, viewer: Viewer, genre: Genre | null): Knex.QueryBuilder {
    query.where({ 't.drop_month': lens(viewer).month, 't.is_monthly_drop': 1 });
    if (genre) query.whereRaw('coalesce(t.genre, a.genre) = ?', [genre]);
    return query;
  }

  /** This month's monthly drops out for the viewer in the chosen order, newest first among equals (a query to limit). */
  function monthlyQuery(
    viewer: Viewer,
    sort: DropSort = DEFAULT_DROP_SORT,
    genre: Genre | null = null,
  ): Knex.QueryBuilder {
    const query = monthlyRows(tracksQuery(knex, lens(viewer).out, viewer.id), viewer, genre);
    // Popular: the most counted plays (the track page's figure), then the most liked.
    if (sort === 'popular') {
      readsPopularity(popularity, viewer.id);
      const plays = popularity.trackPlays();
      query.orderByRaw(`${plays.sql} desc, like_count desc`, plays.bindings);
    }
    return query.orderBy([
      { column: 't.upload_date', order: 'desc' },
      { column: 't.id', order: 'desc' },
    ]);
  }

  /** Counts the rows of a list query (its select and order dropped). */
  async function countOf(query: Knex.QueryBuilder): Promise<number> {
    const [{ n }] = await query.clearSelect().clearOrder().count({ n: '*' });
    return Number(n);
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
  /** What a kept catalog-wide read depends on besides its tags: the month and the releases out on the viewer's clock. */
  const clockOf = (viewer: Viewer) => {
    const { month, offsetMs } = lens(viewer);
    return `${month} ${offsetMs}`;
  };

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

  /** The featured artists as the database has them (featuredArtists keeps them). */
  async function featured(viewer: Viewer): Promise<ArtistJson[]> {
    const view = lens(viewer);
    // The verified ranked apart from the rest, which are counted only when too few are verified:
    // a listener count per artist of the whole catalog was the home page's dearest query.
    const rank = (verified: boolean, limit: number) =>
      knex('artists as a')
        .select('a.id', monthlyListeners(knex, view.at, popularity))
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

  const service = {
    ...createClaims(kernel),
    ownExclusives: createExclusives(kernel),

    /** The artists (GET /api/artists) in the chosen order, or those whose name or genre contains `search`; every one, or a window. */
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
      const whose = popularity === listensPopularity ? viewer.id : null;
      return catalogReads(`featured ${clockOf(viewer)} ${whose ?? ''}`, () => featured(viewer));
    },

    artist,

    /** The artist page's null for an unknown id, where a 404 page replaces the profile. */
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

    /** The artist's scheduled tracks not yet out for the viewer, soonest first (their own page shows them to them). */
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

    async artistExclusives(artistId: number, window: ListWindow = {}): Promise<ExclusiveJson[]> {
      await assertArtist(artistId);
      kernel.cache.dependsOn([EXCLUSIVES_TAG]);
      return (await windowed(exclusivesQuery(knex).where('e.artist_id', artistId), window)).map(toExclusive);
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

    /** How many monthly drops are out this month for the viewer. */
    monthlyCount,

    track: visibleTrack,

    /** The artist of a track out for the viewer (404 otherwise): what counting a play needs, without the track's figures. */
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

    /** The track page's null for an unknown id or one not out for the viewer, where a 404 page replaces it. */
    findTrack,

    /** Whether a track is gone for good (taken down, its artist suspended or deleted): its page and embed answer 410 Gone, not 404. */
    takenDown,

    /** Whether an artist's account was deleted: the artist page answers 410 Gone. */
    artistGone,

    /** The tracks this user liked, most recently liked first. */
    async likedTracks(viewer: Viewer & { id: number }): Promise<TrackJson[]> {
      kernel.cache.dependsOn([likesTag(viewer.id)]);
      const rows = await tracksQuery(knex, lens(viewer).out, viewer.id)
        .join('likes as mine', function () {
          this.on('mine.track_id', '=', 't.id').andOn('mine.user_id', '=', knex.raw('?', [viewer.id]));
        })
        .orderBy([
          { column: 'mine.created_at', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ]);
      return rows.map(toTrack);
    },

    /** Liking twice keeps one like; unliking what was never liked changes nothing. */
    async setLike(viewer: Viewer & { id: number }, trackId: number, like: boolean): Promise<TrackJson> {
      const userId = viewer.id;
      await visibleTrack(trackId, viewer);
      let changed = true;
      if (like) {
        try {
          await Like.query().insert({ userId, trackId, createdAt: now().getTime() });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          changed = false;
        }
      } else {
        changed = (await Like.query().where({ userId, trackId }).delete()) > 0;
      }
      // The liker's views that show this track or list their likes; for everyone else a like count
      // is a counter, like a play count.
      await kernel.cache.changed(changed ? likeTags(trackId, userId) : []);
      return visibleTrack(trackId, viewer);
    },

    /** How many plays the track has counted (the track page's figure), by the popularity measure. */
    async playCount(trackId: number, viewer: Viewer): Promise<number> {
      readsPopularity(popularity, viewer.id);
      const plays = popularity.trackPlays();
      const row = await knex('tracks as t')
        .where('t.id', trackId)
        .first(knex.raw(`${plays.sql} as plays`, plays.bindings));
      return Number(row?.plays ?? 0);
    },

    /**
     * Puts another measure of popularity in place of the signed-in listens (a plugin that counts
     * every listener's plays calls it once, when its service is made).
     */
    usePopularity(measure: Popularity): void {
      popularity = measure;
    },

    /**
     * Counts a listen unless the same user listened to the same track within the window, so
     * refreshes and replays cannot inflate the figures. The unique (user, track, window) key decides,
     * so simultaneous listens count once on both databases.
     */
    async recordListen(viewer: Viewer & { id: number }, trackId: number): Promise<{ counted: boolean }> {
      const userId = viewer.id;
      const track = await visibleTrack(trackId, viewer);
      const at = now().getTime();
      try {
        await Listen.query().insert({
          userId,
          trackId,
          artistId: track.artistId,
          listenedAt: at,
          listenWindow: listenWindow(at),
        });
        // Play counts and popular orders are counters: only the listener's own views that show them
        // go at once (listensTag), and only when they count listens. Another measure (insights'
        // rollups of play reports) shows a listen nowhere, so then it empties no cache.
        await kernel.cache.changed(popularity === listensPopularity ? [listensTag(userId)] : []);
        return { counted: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await kernel.cache.changed([]);
        return { counted: false };
      }
    },

    /** Newest first; the home page asks for only a few. */
    async exclusives(window: ListWindow = {}): Promise<ExclusiveJson[]> {
      const read = async () => {
        kernel.cache.dependsOn([EXCLUSIVES_TAG]);
        return (await windowed(exclusivesQuery(knex), window)).map(toExclusive);
      };
      // Only the newest are kept (a client's offsets would fill the node with every window of the list).
      return window.offset ? read() : catalogReads(`exclusives ${window.limit ?? 'all'}`, read);
    },

    /** Exclusives of the artists this user subscribes to (subscriber-only content). */
    async subscribedExclusives(userId: number): Promise<ExclusiveJson[]> {
      kernel.cache.dependsOn([EXCLUSIVES_TAG]);
      const rows = await exclusivesQuery(knex).whereIn(
        'e.artist_id',
        knex('subscriptions').select('artist_id').where({ user_id: userId, active: 1 }),
      );
      return rows.map(toExclusive);
    },

    onUnsubscribed(listener: UnsubscribedListener): void {
      unsubscribedListeners.push(listener);
    },

    async subscriptions(userId: number): Promise<SubscriptionJson[]> {
      return (await subscriptionsQuery(knex, userId)).map(toSubscription);
    },

    /** Subscribes once: a second call (or a race) finds the same row and keeps it active. */
    async subscribe(userId: number, artistId: number): Promise<{ subscription: SubscriptionJson; created: boolean }> {
      const artist = await knex('artists').where({ id: artistId }).first('user_id');
      if (!artist) throw notFound('Artist not found');
      if (Number(artist.userId) === userId) throw forbidden(SUBSCRIBE_SELF);
      if (await artistGone(artistId)) throw gone(ARTIST_DELETED.gone);
      let created = true;
      let changed = true;
      try {
        await Subscription.query().insert({ userId, artistId, active: true, createdAt: now().getTime() });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        created = false;
        // A return is a new subscription: gained again now, its earlier end no longer on record.
        changed =
          (await Subscription.query()
            .where({ userId, artistId, active: false })
            .patch({ active: true, createdAt: now().getTime(), endedAt: null })) > 0;
      }
      // The subscriber's own views (the sidebar, the artist page's button); subscriber counts are counters.
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      const row = await subscriptionsQuery(knex, userId).where('s.artist_id', artistId).first();
      return { subscription: toSubscription(row), created };
    },

    /**
     * Ends a subscription, keeping when (the artist's dashboard counts subscribers lost); ending
     * one that is not active changes nothing. Null when the user never subscribed to the artist.
     */
    async unsubscribe(userId: number, artistId: number): Promise<SubscriptionJson | null> {
      if (!(await knex('artists').where({ id: artistId }).first('id'))) throw notFound('Artist not found');
      const changed =
        (await Subscription.query()
          .where({ userId, artistId, active: true })
          .patch({ active: false, endedAt: now().getTime() })) > 0;
      if (changed) for (const listener of unsubscribedListeners) await listener({ userId, artistId });
      await kernel.cache.changed(changed ? [userTag(userId)] : []);
      const row = await subscriptionsQuery(knex, userId, false).where('s.artist_id', artistId).first();
      return row ? toSubscription(row) : null;
    },

    /**
     * Everything the sitemap lists (tracks out for the viewer) with when each last changed: a track
     * when it came out, an artist when they joined or last released, as two small queries.
     */
    async sitemapEntries(
      viewer: Viewer,
    ): Promise<{ artists: Array<{ id: number; lastmod: string }>; tracks: Array<{ id: number; uploadDate: string }> }> {
      const { out } = lens(viewer);
      const artists = await knex('artists as a')
        .whereRaw(LIVE_ARTIST)
        .select(
          'a.id',
          'a.created_at',
          knex.raw(
            `(select max(t.upload_date) from tracks t where t.artist_id = a.id and ${out.sql}) as last_release`,
            out.bindings,
          ),
        )
        .orderBy('a.id');
      const tracks = await knex('tracks as t')
        .select('t.id', 't.upload_date')
        .whereRaw(out.sql, out.bindings)
        .orderBy('t.id');
      const iso = (ms: unknown) => new Date(Number(ms)).toISOString();
      return {
        artists: artists.map((a: Row) => ({
          id: Number(a.id),
          lastmod: iso(Math.max(Number(a.createdAt), Number(a.lastRelease ?? 0))),
        })),
        tracks: tracks.map((t: Row) => ({ id: Number(t.id), uploadDate: iso(t.uploadDate) })),
      };
    },
  };
  return service;
}

export type CatalogService = ReturnType<typeof createCatalogService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    catalog: CatalogService;
  }
}
