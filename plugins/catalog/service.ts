import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import type { SessionUser } from '../../api/http/state.ts';
import { forbidden, notFound } from '../../api/errors.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { Like, Listen, Subscription } from './models.ts';
import { pageWindow, type Page } from './paging.ts';
import { listenWindow } from './rules.ts';
import {
  artistsQuery,
  exclusivesQuery,
  released,
  subscriptionsQuery,
  toArtist,
  toExclusive,
  toSubscription,
  toTrack,
  tracksQuery,
  whereArtistMatches,
  type Released,
} from './queries.ts';
import type { ArtistJson, ExclusiveJson, SubscriptionJson, TrackJson } from './types.ts';
import { viewerMonth, zoneOffsetMs, type Viewer } from './viewer.ts';

/** How many artists the home page features. */
export const FEATURED_COUNT = 4;

type Row = Record<string, unknown>;

export function createCatalogService(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now();

  /**
   * What the viewer sees at this moment: which tracks are out for their zone (midnight releases)
   * and which month is "this month" on their calendar.
   */
  function lens(viewer: Viewer): { at: Date; out: Released; month: string } {
    const at = now();
    const offsetMs = zoneOffsetMs(viewer.zone, at);
    return { at, out: released(at.getTime(), offsetMs), month: viewerMonth(viewer, at) };
  }

  /** 404 unless the artist exists (a cheap check for the artist's lists). */
  async function assertArtist(id: number): Promise<void> {
    if (!(await knex('artists').where({ id }).first('id'))) throw notFound('Artist not found');
  }

  async function findArtist(id: number, viewer: Viewer): Promise<ArtistJson | null> {
    const { at, out } = lens(viewer);
    const row = await artistsQuery(knex, at, out).where('a.id', id).first();
    return row ? toArtist(row, at) : null;
  }

  async function artist(id: number, viewer: Viewer): Promise<ArtistJson> {
    const found = await findArtist(id, viewer);
    if (!found) throw notFound('Artist not found');
    return found;
  }

  async function findTrack(id: number, viewer: Viewer): Promise<TrackJson | null> {
    const row = await tracksQuery(knex, lens(viewer).out, viewer.id).where('t.id', id).first();
    return row ? toTrack(row) : null;
  }

  async function visibleTrack(id: number, viewer: Viewer): Promise<TrackJson> {
    const track = await findTrack(id, viewer);
    if (!track) throw notFound('Track not found');
    return track;
  }

  /** This month's monthly drops out for the viewer, newest first (a query to limit or count). */
  function monthlyQuery(viewer: Viewer): Knex.QueryBuilder {
    const { out, month } = lens(viewer);
    return tracksQuery(knex, out, viewer.id)
      .where({ 't.drop_month': month, 't.is_monthly_drop': 1 })
      .orderBy([{ column: 't.upload_date', order: 'desc' }, { column: 't.id', order: 'desc' }]);
  }

  /** Counts the rows of a list query (its select and order dropped). */
  async function countOf(query: Knex.QueryBuilder): Promise<number> {
    const [{ n }] = await query.clearSelect().clearOrder().count({ n: '*' });
    return Number(n);
  }

  async function monthlyCount(viewer: Viewer): Promise<number> {
    const { out, month } = lens(viewer);
    return countOf(knex('tracks as t').where({ 't.drop_month': month, 't.is_monthly_drop': 1 }).whereRaw(out.sql, out.bindings));
  }

  const service = {
    /** Every artist by name (GET /api/artists), or those whose name or genre contains `search`. */
    async artists(viewer: Viewer, search = ''): Promise<ArtistJson[]> {
      const { at, out } = lens(viewer);
      const rows = await whereArtistMatches(artistsQuery(knex, at, out), search).orderBy([{ column: 'a.name' }, { column: 'a.id' }]);
      return rows.map((row: Row) => toArtist(row, at));
    },

    /** One page of the directory (by name), optionally searched by name or genre. */
    async artistsPage(viewer: Viewer, requested: number, search = ''): Promise<Page<ArtistJson>> {
      const total = await countOf(whereArtistMatches(knex('artists as a'), search));
      const { page, pageCount, offset, limit } = pageWindow(total, requested);
      const { at, out } = lens(viewer);
      const rows = await whereArtistMatches(artistsQuery(knex, at, out), search)
        .orderBy([{ column: 'a.name' }, { column: 'a.id' }])
        .limit(limit)
        .offset(offset);
      return { items: rows.map((row: Row) => toArtist(row, at)), page, pageCount, total };
    },

    /** The artists this user subscribes to, by name (the collection). */
    async subscribedArtists(viewer: Viewer & { id: number }): Promise<ArtistJson[]> {
      const { at, out } = lens(viewer);
      const rows = await artistsQuery(knex, at, out)
        .whereIn('a.id', knex('subscriptions').select('artist_id').where({ user_id: viewer.id, active: 1 }))
        .orderBy([{ column: 'a.name' }, { column: 'a.id' }]);
      return rows.map((row: Row) => toArtist(row, at));
    },

    /** Verified artists first, then the most listened to. */
    async featuredArtists(viewer: Viewer): Promise<ArtistJson[]> {
      const { at, out } = lens(viewer);
      const rows = await artistsQuery(knex, at, out)
        .orderBy([
          { column: 'a.verified', order: 'desc' },
          { column: 'monthly_listeners', order: 'desc' },
          { column: 'a.id', order: 'asc' },
        ])
        .limit(FEATURED_COUNT);
      return rows.map((row: Row) => toArtist(row, at));
    },

    artist,

    /** The artist page's null for an unknown id, where a 404 page replaces the profile. */
    findArtist,

    async updateGenre(actor: SessionUser, id: number, genre: string, viewer: Viewer): Promise<ArtistJson> {
      const row = await knex('artists').where({ id }).first('userId');
      if (!row) throw notFound('Artist not found');
      if (Number(row.userId) !== actor.id) throw forbidden('You can only edit your own artist profile');
      await knex('artists').where({ id }).update({ genre });
      return artist(id, viewer);
    },

    /** The artist's tracks out for the viewer, latest first. */
    async artistTracks(artistId: number, viewer: Viewer): Promise<TrackJson[]> {
      await assertArtist(artistId);
      const rows = await tracksQuery(knex, lens(viewer).out, viewer.id)
        .where('t.artist_id', artistId)
        .orderBy([{ column: 't.upload_date', order: 'desc' }, { column: 't.id', order: 'desc' }]);
      return rows.map(toTrack);
    },

    async artistExclusives(artistId: number): Promise<ExclusiveJson[]> {
      await assertArtist(artistId);
      return (await exclusivesQuery(knex).where('e.artist_id', artistId)).map(toExclusive);
    },

    /** This calendar month's monthly drops out for the viewer, newest first (the home page shows a few). */
    async monthlyTracks(viewer: Viewer, limit?: number): Promise<TrackJson[]> {
      const query = monthlyQuery(viewer);
      if (limit !== undefined) query.limit(limit);
      return (await query).map(toTrack);
    },

    /** One page of this month's drops (/discover). */
    async monthlyTracksPage(viewer: Viewer, requested: number): Promise<Page<TrackJson>> {
      const total = await monthlyCount(viewer);
      const { page, pageCount, offset, limit } = pageWindow(total, requested);
      const rows = await monthlyQuery(viewer).limit(limit).offset(offset);
      return { items: rows.map(toTrack), page, pageCount, total };
    },

    /** How many monthly drops are out this month for the viewer. */
    monthlyCount,

    track: visibleTrack,

    /** The track page's null for an unknown id or one not out for the viewer, where a 404 page replaces it. */
    findTrack,

    /** The tracks this user liked, most recently liked first. */
    async likedTracks(viewer: Viewer & { id: number }): Promise<TrackJson[]> {
      const rows = await tracksQuery(knex, lens(viewer).out, viewer.id)
        .join('likes as mine', function () {
          this.on('mine.track_id', '=', 't.id').andOn('mine.user_id', '=', knex.raw('?', [viewer.id]));
        })
        .orderBy([{ column: 'mine.created_at', order: 'desc' }, { column: 't.id', order: 'desc' }]);
      return rows.map(toTrack);
    },

    /** Liking twice keeps one like; unliking what was never liked changes nothing. */
    async setLike(viewer: Viewer & { id: number }, trackId: number, like: boolean): Promise<TrackJson> {
      const userId = viewer.id;
      await visibleTrack(trackId, viewer);
      if (like) {
        try {
          await Like.query().insert({ userId, trackId, createdAt: now().getTime() });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      } else {
        await Like.query().where({ userId, trackId }).delete();
      }
      return visibleTrack(trackId, viewer);
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
        await Listen.query().insert({ userId, trackId, artistId: track.artistId, listenedAt: at, listenWindow: listenWindow(at) });
        return { counted: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return { counted: false };
      }
    },

    /** Newest first; the home page asks for only a few. */
    async exclusives(limit?: number): Promise<ExclusiveJson[]> {
      const query = exclusivesQuery(knex);
      if (limit !== undefined) query.limit(limit);
      return (await query).map(toExclusive);
    },

    /** Exclusives of the artists this user subscribes to (subscriber-only content). */
    async subscribedExclusives(userId: number): Promise<ExclusiveJson[]> {
      const rows = await exclusivesQuery(knex).whereIn(
        'e.artist_id',
        knex('subscriptions').select('artist_id').where({ user_id: userId, active: 1 }),
      );
      return rows.map(toExclusive);
    },

    async subscriptions(userId: number): Promise<SubscriptionJson[]> {
      return (await subscriptionsQuery(knex, userId)).map(toSubscription);
    },

    /** Subscribes once: a second call (or a race) finds the same row and keeps it active. */
    async subscribe(userId: number, artistId: number): Promise<{ subscription: SubscriptionJson; created: boolean }> {
      await assertArtist(artistId);
      let created = true;
      try {
        await Subscription.query().insert({ userId, artistId, active: true, createdAt: now().getTime() });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        created = false;
        await Subscription.query().where({ userId, artistId }).patch({ active: true });
      }
      const row = await subscriptionsQuery(knex, userId).where('s.artist_id', artistId).first();
      return { subscription: toSubscription(row), created };
    },

    /** Everything the sitemap lists (tracks out for the viewer), as two small queries. */
    async sitemapEntries(viewer: Viewer): Promise<{ artists: Array<{ id: number }>; tracks: Array<{ id: number; uploadDate: string }> }> {
      const { out } = lens(viewer);
      const artists = await knex('artists').select('id').orderBy('id');
      const tracks = await knex('tracks as t').select('t.id', 't.upload_date').whereRaw(out.sql, out.bindings).orderBy('t.id');
      return {
        artists: artists.map((a: { id: unknown }) => ({ id: Number(a.id) })),
        tracks: tracks.map((t: { id: unknown; uploadDate: unknown }) => ({ id: Number(t.id), uploadDate: new Date(Number(t.uploadDate)).toISOString() })),
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
