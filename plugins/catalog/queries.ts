import type { Knex } from 'knex';
import { LISTENER_DAYS, PLACEHOLDER_ARTIST_IMAGE, PLACEHOLDER_COVER } from './rules.ts';
import { nextDropAt } from './drops.ts';
import type { ArtistJson, ExclusiveJson, SubscriptionJson, TrackJson } from './types.ts';

// Every list is one SQL statement: counts and flags come from correlated subqueries on indexed
// columns, so a page costs the same number of queries for 8 artists or 2,000. Rows come back
// camelCase (knexSnakeCaseMappers in api/db/connection.ts); raw SQL is written snake_case.

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const iso = (ms: unknown) => new Date(Number(ms)).toISOString();
const artistRef = (id: unknown, name: unknown, image: unknown) => ({
  id: Number(id),
  name: String(name),
  profileImage: (image as string | null) || PLACEHOLDER_ARTIST_IMAGE,
});

/** Artists with their derived figures: released monthly drops, distinct listeners over 30 days. */
export function artistsQuery(knex: Knex, now: Date): Knex.QueryBuilder {
  const since = now.getTime() - LISTENER_DAYS * DAY_MS;
  return knex('artists as a').select(
    'a.*',
    knex.raw('(select count(*) from tracks t where t.artist_id = a.id and t.is_monthly_drop = 1 and t.upload_date <= ?) as drop_count', [now.getTime()]),
    knex.raw('(select count(distinct li.user_id) from listens li where li.artist_id = a.id and li.listened_at >= ?) as monthly_listeners', [since]),
  );
}

export function toArtist(row: Row, now: Date): ArtistJson {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    name: String(row.name),
    genre: (row.genre as string | null) ?? null,
    bio: String(row.bio ?? ''),
    profileImage: (row.profileImage as string | null) || PLACEHOLDER_ARTIST_IMAGE,
    verified: Boolean(row.verified),
    monthlyListeners: Number(row.monthlyListeners ?? 0),
    dropCount: Number(row.dropCount ?? 0),
    createdAt: iso(row.createdAt),
    nextDropAt: nextDropAt(now).toISOString(),
  };
}

/** Public tracks (released by now) with their artist, like count and the viewer's like. */
export function tracksQuery(knex: Knex, now: Date, viewerId: number | null): Knex.QueryBuilder {
  return knex('tracks as t')
    .join('artists as a', 'a.id', 't.artist_id')
    .select(
      't.*',
      'a.name as artist_name',
      'a.profile_image as artist_profile_image',
      knex.raw('(select count(*) from likes l where l.track_id = t.id) as like_count'),
      // A signed-out viewer likes nothing; user id 0 never exists.
      knex.raw('(select count(*) from likes l where l.track_id = t.id and l.user_id = ?) as liked', [viewerId ?? 0]),
    )
    .where('t.upload_date', '<=', now.getTime());
}

export function toTrack(row: Row): TrackJson {
  return {
    id: Number(row.id),
    artistId: Number(row.artistId),
    artist: artistRef(row.artistId, row.artistName, row.artistProfileImage),
    title: String(row.title),
    audioUrl: String(row.audioUrl),
    coverImage: (row.coverImage as string | null) || PLACEHOLDER_COVER,
    duration: Number(row.duration),
    uploadDate: iso(row.uploadDate),
    isMonthlyDrop: Boolean(row.isMonthlyDrop),
    liked: Number(row.liked) > 0,
    likeCount: Number(row.likeCount ?? 0),
    // The releases feature adds `status` to tracks: 'processing' until the streaming file exists.
    processing: row.status === 'processing',
  };
}

export function exclusivesQuery(knex: Knex): Knex.QueryBuilder {
  return knex('exclusives as e')
    .join('artists as a', 'a.id', 'e.artist_id')
    .select('e.*', 'a.name as artist_name', 'a.profile_image as artist_profile_image')
    .orderBy([{ column: 'e.created_at', order: 'desc' }, { column: 'e.id', order: 'desc' }]);
}

export function toExclusive(row: Row): ExclusiveJson {
  const duration = row.duration === null || row.duration === undefined ? undefined : Number(row.duration);
  return {
    id: Number(row.id),
    artistId: Number(row.artistId),
    artist: artistRef(row.artistId, row.artistName, row.artistProfileImage),
    type: String(row.type),
    title: String(row.title),
    description: String(row.description),
    createdAt: iso(row.createdAt),
    remaining: row.remaining === null ? null : Number(row.remaining),
    totalAvailable: row.totalAvailable === null ? null : Number(row.totalAvailable),
    metadata: duration === undefined ? {} : { duration },
  };
}

export function subscriptionsQuery(knex: Knex, userId: number): Knex.QueryBuilder {
  return knex('subscriptions as s')
    .join('artists as a', 'a.id', 's.artist_id')
    .select('s.*', 'a.name as artist_name', 'a.profile_image as artist_profile_image')
    .where({ 's.user_id': userId, 's.active': 1 })
    .orderBy([{ column: 's.created_at', order: 'asc' }, { column: 's.id', order: 'asc' }]);
}

export function toSubscription(row: Row): SubscriptionJson {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    artistId: Number(row.artistId),
    active: Boolean(row.active),
    artist: artistRef(row.artistId, row.artistName, row.artistProfileImage),
  };
}
