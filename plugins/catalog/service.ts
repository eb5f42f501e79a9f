import type { Kernel } from '../../api/plugins/types.ts';
import type { SessionUser } from '../../api/http/state.ts';
import { forbidden, notFound } from '../../api/errors.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { Like, Listen, Subscription } from './models.ts';
import { monthKey } from './drops.ts';
import { LISTEN_WINDOW_MS } from './rules.ts';
import {
  artistsQuery,
  exclusivesQuery,
  subscriptionsQuery,
  toArtist,
  toExclusive,
  toSubscription,
  toTrack,
  tracksQuery,
} from './queries.ts';
import type { ArtistJson, ExclusiveJson, SubscriptionJson, TrackJson } from './types.ts';

/** How many artists the home page features. */
export const FEATURED_COUNT = 4;

export function createCatalogService(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now();

  /** 404 unless the artist exists (a cheap check for the artist's lists). */
  async function assertArtist(id: number): Promise<void> {
    if (!(await knex('artists').where({ id }).first('id'))) throw notFound('Artist not found');
  }

  async function artistRow(id: number) {
    const row = await artistsQuery(knex, now()).where('a.id', id).first();
    if (!row) throw notFound('Artist not found');
    return row;
  }

  async function findTrack(id: number, viewerId: number | null): Promise<TrackJson | null> {
    const row = await tracksQuery(knex, now(), viewerId).where('t.id', id).first();
    return row ? toTrack(row) : null;
  }

  async function visibleTrack(id: number, viewerId: number | null): Promise<TrackJson> {
    const track = await findTrack(id, viewerId);
    if (!track) throw notFound('Track not found');
    return track;
  }

  const service = {
    async artists(): Promise<ArtistJson[]> {
      const rows = await artistsQuery(knex, now()).orderBy([{ column: 'a.name' }, { column: 'a.id' }]);
      return rows.map((row: Record<string, unknown>) => toArtist(row, now()));
    },

    /** Verified artists first, then the most listened to. */
    async featuredArtists(): Promise<ArtistJson[]> {
      const rows = await artistsQuery(knex, now())
        .orderBy([
          { column: 'a.verified', order: 'desc' },
          { column: 'monthly_listeners', order: 'desc' },
          { column: 'a.id', order: 'asc' },
        ])
        .limit(FEATURED_COUNT);
      return rows.map((row: Record<string, unknown>) => toArtist(row, now()));
    },

    async artist(id: number): Promise<ArtistJson> {
      return toArtist(await artistRow(id), now());
    },

    /** The artist page's null for an unknown id, where a 404 page replaces the profile. */
    async findArtist(id: number): Promise<ArtistJson | null> {
      const row = await artistsQuery(knex, now()).where('a.id', id).first();
      return row ? toArtist(row, now()) : null;
    },

    async updateGenre(actor: SessionUser, id: number, genre: string): Promise<ArtistJson> {
      const row = await artistRow(id);
      if (Number(row.userId) !== actor.id) throw forbidden('You can only edit your own artist profile');
      await knex('artists').where({ id }).update({ genre });
      return service.artist(id);
    },

    /** The artist's released tracks, latest first. */
    async artistTracks(artistId: number, viewerId: number | null = null): Promise<TrackJson[]> {
      await assertArtist(artistId);
      const rows = await tracksQuery(knex, now(), viewerId)
        .where('t.artist_id', artistId)
        .orderBy([{ column: 't.upload_date', order: 'desc' }, { column: 't.id', order: 'desc' }]);
      return rows.map(toTrack);
    },

    async artistExclusives(artistId: number): Promise<ExclusiveJson[]> {
      await assertArtist(artistId);
      return (await exclusivesQuery(knex).where('e.artist_id', artistId)).map(toExclusive);
    },

    /** This calendar month's released monthly drops, newest first (the home page shows a few). */
    async monthlyTracks(viewerId: number | null = null, limit?: number): Promise<TrackJson[]> {
      const query = tracksQuery(knex, now(), viewerId)
        .where({ 't.drop_month': monthKey(now()), 't.is_monthly_drop': 1 })
        .orderBy([{ column: 't.upload_date', order: 'desc' }, { column: 't.id', order: 'desc' }]);
      if (limit !== undefined) query.limit(limit);
      return (await query).map(toTrack);
    },

    /** How many monthly drops are out this month. */
    async monthlyCount(): Promise<number> {
      const [{ n }] = await knex('tracks')
        .where({ dropMonth: monthKey(now()), isMonthlyDrop: 1 })
        .where('uploadDate', '<=', now().getTime())
        .count({ n: '*' });
      return Number(n);
    },

    track: visibleTrack,

    /** The track page's null for an unknown or unreleased id, where a 404 page replaces it. */
    findTrack,

    /** The tracks this user liked, most recently liked first. */
    async likedTracks(userId: number): Promise<TrackJson[]> {
      const rows = await tracksQuery(knex, now(), userId)
        .join('likes as mine', function () {
          this.on('mine.track_id', '=', 't.id').andOn('mine.user_id', '=', knex.raw('?', [userId]));
        })
        .orderBy([{ column: 'mine.created_at', order: 'desc' }, { column: 't.id', order: 'desc' }]);
      return rows.map(toTrack);
    },

    /** Liking twice keeps one like; unliking what was never liked changes nothing. */
    async setLike(userId: number, trackId: number, like: boolean): Promise<TrackJson> {
      await visibleTrack(trackId, userId);
      if (like) {
        try {
          await Like.query().insert({ userId, trackId, createdAt: now().getTime() });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      } else {
        await Like.query().where({ userId, trackId }).delete();
      }
      return visibleTrack(trackId, userId);
    },

    /**
     * Counts a listen unless the same user listened to the same track within the window, so
     * refreshes and replays cannot inflate the figures.
     */
    async recordListen(userId: number, trackId: number): Promise<{ counted: boolean }> {
      const track = await visibleTrack(trackId, userId);
      const at = now().getTime();
      return knex.transaction(async (trx) => {
        const recent = await Listen.query(trx)
          .where({ userId, trackId })
          .where('listenedAt', '>', at - LISTEN_WINDOW_MS)
          .first();
        if (recent) return { counted: false };
        await Listen.query(trx).insert({ userId, trackId, artistId: track.artistId, listenedAt: at });
        return { counted: true };
      });
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

    /** Everything the sitemap lists, as two small queries. */
    async sitemapEntries(): Promise<{ artists: Array<{ id: number }>; tracks: Array<{ id: number; uploadDate: string }> }> {
      const artists = await knex('artists').select('id').orderBy('id');
      const tracks = await knex('tracks').select('id', 'upload_date').where('upload_date', '<=', now().getTime()).orderBy('id');
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
