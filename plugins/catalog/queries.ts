import type { Knex } from 'knex';
import { dependsOn } from '../../api/cache/scopes.ts';
import { LISTENER_DAYS, PLACEHOLDER_ARTIST_IMAGE, PLACEHOLDER_COVER, type Genre } from './rules.ts';
import type { DropRecord } from './cadence.ts';
import { imageSrcset, trackPlayback } from './mediaColumns.ts';
import type { Popularity } from './popularity.ts';
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

/**
 * When a track is out for a viewer (SQL over alias `t`). A scheduled release with Midnight Release
 * on goes live at 00:00 of its day in the viewer's zone: its upload_date holds 00:00 UTC of that
 * day, so it is out once upload_date <= now + the viewer's UTC offset. Everything else (ASAP,
 * midnight release off, tracks made before the releases feature) is out once upload_date <= now.
 * release_asap and midnight_release are columns of the releases feature (plugins/releases/README.md).
 * Written as one range on upload_date (indexed) and a test of the rows between the two clocks.
 * The offset is the zone's offset now, which is its offset at that midnight except within a day of
 * a daylight-saving change (then the release may come an hour early or late for that zone).
 * A track taken down by a moderator is out for nobody.
 */
export interface Released {
  sql: string;
  bindings: number[];
  /** Scheduled and not out yet for this viewer (and not taken down): what countdowns and "coming on" pages show. */
  pending: { sql: string; bindings: number[] };
  /** The moment a track is out for this viewer (SQL over alias `t`), so a countdown ends when it is. */
  outAt: { sql: string; bindings: number[] };
  /**
   * What the artist's drop record counts: what is out, and a takedown that does not count against
   * the record yet (under appeal, or in its window: `record_withheld_until`), shown as withheld.
   */
  onRecord: { sql: string; bindings: number[] };
}

const LOCAL_MIDNIGHT = '(t.release_asap = 0 and t.midnight_release = 1)';
const UTC_RELEASE = '(t.release_asap <> 0 or t.midnight_release <> 1)';

// A track a moderator took down (hidden_at, set by the moderation feature) is out for nobody, and
// not coming either; nor is any track of an artist whose account is suspended or deleted (the
// subquery does not depend on the row: each database runs it once per query).
const WITHHELD_ARTISTS =
  'select wa.id from artists wa join users wu on wu.id = wa.user_id where ' +
  'wu.suspended_at is not null or wu.deleted_at is not null';
const NOT_HIDDEN = `(t.hidden_at is null and t.artist_id not in (${WITHHELD_ARTISTS}))`;
const ON_RECORD = `((t.hidden_at is null or t.record_withheld_until > ?) and t.artist_id not in (${WITHHELD_ARTISTS}))`;

/** Artists (alias `a`) still on OneTrack: a deleted account's artist is gone (410) from pages and lists. */
export const LIVE_ARTIST = 'not exists (select 1 from users du where du.id = a.user_id and du.deleted_at is not null)';

export function released(now: number, offsetMs: number): Released {
  const local = now + offsetMs;
  let time = 't.upload_date <= ?';
  let bindings = [now];
  let outAt: Released['outAt'] = { sql: 't.upload_date', bindings: [] };
  if (offsetMs !== 0) {
    time = `(t.upload_date <= ? and (t.upload_date <= ? or ${offsetMs > 0 ? LOCAL_MIDNIGHT : UTC_RELEASE}))`;
    bindings = offsetMs > 0 ? [local, now] : [now, local];
    // Out once upload_date <= now + offset for a local midnight release: at upload_date - offset.
    outAt = { sql: `(t.upload_date - case when ${LOCAL_MIDNIGHT} then ? else 0 end)`, bindings: [offsetMs] };
  }
  return {
    sql: `(${NOT_HIDDEN} and ${time})`,
    bindings,
    pending: { sql: `(${NOT_HIDDEN} and not ${time})`, bindings },
    outAt,
    onRecord: { sql: `(${ON_RECORD} and ${time})`, bindings: [now, ...bindings] },
  };
}

/** Every track a moderator has not taken down, out or not (a private preview link plays one early). */
export function anyRelease(): Released {
  return {
    sql: NOT_HIDDEN,
    bindings: [],
    pending: { sql: '1 = 0', bindings: [] },
    outAt: { sql: 't.upload_date', bindings: [] },
    onRecord: { sql: NOT_HIDDEN, bindings: [] },
  };
}

/**
 * Artists with their derived figures: monthly drops out for the viewer, listeners over 30 days (by
 * the popularity measure), and the moment their next scheduled monthly drop is out for the viewer
 * (null when none is).
 */
export function artistsQuery(knex: Knex, now: Date, out: Released, popularity: Popularity): Knex.QueryBuilder {
  return knex('artists as a')
    .whereRaw(LIVE_ARTIST)
    .select(
      'a.*',
      knex.raw(
        '(select count(*) from tracks t where t.artist_id = a.id and t.is_monthly_drop = 1 and ' +
          `${out.onRecord.sql}) as drop_count`,
        out.onRecord.bindings,
      ),
      knex.raw(
        `(select min(${out.outAt.sql}) from tracks t where t.artist_id = a.id and ` +
          `t.is_monthly_drop = 1 and ${out.pending.sql}) as next_drop_at`,
        [...out.outAt.bindings, ...out.pending.bindings],
      ),
      monthlyListeners(knex, now, popularity),
    );
}

/** Listeners over 30 days of each artist row (`a`), as the column monthly_listeners. */
export function monthlyListeners(knex: Knex, now: Date, popularity: Popularity): Knex.Raw {
  const { sql, bindings } = popularity.artistListeners(now.getTime() - LISTENER_DAYS * DAY_MS);
  return knex.raw(`${sql} as monthly_listeners`, bindings);
}

/** Released monthly drops as (artist, month, release moment, withheld) for drop records (cadence.ts). */
export function dropMarksQuery(knex: Knex, out: Released): Knex.QueryBuilder {
  return knex('tracks as t')
    .select('t.artist_id', 't.drop_month', 't.upload_date', 't.hidden_at')
    .where('t.is_monthly_drop', 1)
    .whereNotNull('t.drop_month')
    .whereRaw(out.onRecord.sql, out.onRecord.bindings);
}

/** Case-insensitive match of the directory search against name or genre (spec §5), and the Filters' genre (exact). */
export function whereArtistMatches(
  query: Knex.QueryBuilder,
  text: string,
  genre: Genre | null = null,
): Knex.QueryBuilder {
  query.whereRaw(LIVE_ARTIST);
  if (genre) query.where('a.genre', genre);
  const needle = text.trim().toLowerCase();
  if (!needle) return query;
  const pattern = `%${needle.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return query.where((w) =>
    w
      .whereRaw("lower(a.name) like ? escape '!'", [pattern])
      .orWhereRaw("lower(coalesce(a.genre, '')) like ? escape '!'", [pattern]),
  );
}

export function toArtist(row: Row, dropRecord: DropRecord): ArtistJson {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    name: String(row.name),
    genre: (row.genre as string | null) ?? null,
    bio: String(row.bio ?? ''),
    profileImage: (row.profileImage as string | null) || PLACEHOLDER_ARTIST_IMAGE,
    photoSrcset: imageSrcset(row.profileImageVariants),
    verified: Boolean(row.verified),
    monthlyListeners: Number(row.monthlyListeners ?? 0),
    dropCount: Number(row.dropCount ?? 0),
    createdAt: iso(row.createdAt),
    nextDropAt: row.nextDropAt === null || row.nextDropAt === undefined ? null : iso(row.nextDropAt),
    dropRecord,
  };
}

/** Tracks out for the viewer, with their artist, like count and the viewer's like. */
export function tracksQuery(knex: Knex, out: Released, viewerId: number | null): Knex.QueryBuilder {
  return trackRows(knex, viewerId).whereRaw(out.sql, out.bindings);
}

/** Scheduled tracks not yet out for the viewer, with `out_at`, the moment they are. */
export function upcomingTracksQuery(knex: Knex, out: Released, viewerId: number | null): Knex.QueryBuilder {
  return trackRows(knex, viewerId)
    .select(knex.raw(`${out.outAt.sql} as out_at`, out.outAt.bindings))
    .whereRaw(out.pending.sql, out.pending.bindings);
}

/**
 * A signed-in viewer's likes as a set: what a list of their likes (their collection) is made from. A
 * like announces it and the liked track's own tag (likeTags), not the liker's every view, so their
 * inbox, vault and pages of other tracks stay cached.
 */
export const likesTag = (userId: number) => `likes:${userId}`;
/**
 * The viewer's like of one track, which each of its rows read for them shows (`liked`, and the like
 * count they moved). The viewer's id goes last: the page cache renders ahead the pages of a viewer an
 * invalidation names by a tag ending in their id.
 */
export const likedTag = (trackId: number, userId: number) => `liked:${trackId}:${userId}`;
/** What a like or an unlike changes for the liker. */
export const likeTags = (trackId: number, userId: number) => [likesTag(userId), likedTag(trackId, userId)];

/** Declares the viewer's like of each track a query read (its rows, or its one row for `first`). */
function declareLikes(viewerId: number, read: Row[] | Row | undefined): void {
  const rows = Array.isArray(read) ? read : read ? [read] : [];
  dependsOn(rows.flatMap((row) => (row.id == null ? [] : [likedTag(Number(row.id), viewerId)])));
}

function trackRows(knex: Knex, viewerId: number | null): Knex.QueryBuilder {
  const rows = knex('tracks as t')
    .join('artists as a', 'a.id', 't.artist_id')
    .select(
      't.*',
      'a.name as artist_name',
      'a.profile_image as artist_profile_image',
      knex.raw('(select count(*) from likes l where l.track_id = t.id) as like_count'),
      // A signed-out viewer likes nothing; user id 0 never exists.
      knex.raw('(select count(*) from likes l where l.track_id = t.id and l.user_id = ?) as liked', [viewerId ?? 0]),
    );
  // Once the rows are known (knex's documented event, in the reader's async context): a list's
  // tracks are only known when it is read, and a like of a track on no page of the viewer's should
  // put none of them out.
  if (viewerId !== null) rows.on('query-response', (read: Row[] | Row | undefined) => declareLikes(viewerId, read));
  return rows;
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
    dropMonth: row.isMonthlyDrop ? ((row.dropMonth as string | null) ?? null) : null,
    liked: Number(row.liked) > 0,
    likeCount: Number(row.likeCount ?? 0),
    // The releases feature adds `status` to tracks: 'processing' until the streaming file exists.
    processing: row.status === 'processing',
    coverSrcset: imageSrcset(row.coverVariants),
    playback: trackPlayback(row),
  };
}

/** Exclusives as fans see them: those still waiting for their file (their artist's `all`) left out. */
export function exclusivesQuery(knex: Knex, { all = false } = {}): Knex.QueryBuilder {
  return knex('exclusives as e')
    .join('artists as a', 'a.id', 'e.artist_id')
    .modify((q) => all || q.where((ready) => ready.whereNull('e.media_status').orWhere('e.media_status', 'ready')))
    .select('e.*', 'a.name as artist_name', 'a.profile_image as artist_profile_image')
    .orderBy([
      { column: 'e.created_at', order: 'desc' },
      { column: 'e.id', order: 'desc' },
    ]);
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
    media: row.mediaStatus === 'ready' ? (row.mediaKind as 'audio' | 'video') : null,
  };
}

export function subscriptionsQuery(knex: Knex, userId: number, active = true): Knex.QueryBuilder {
  return knex('subscriptions as s')
    .join('artists as a', 'a.id', 's.artist_id')
    .select(
      's.*',
      'a.name as artist_name',
      'a.profile_image as artist_profile_image',
      'a.profile_image_variants as artist_photo_variants',
    )
    .where({ 's.user_id': userId, 's.active': active ? 1 : 0 })
    .orderBy([
      { column: 's.created_at', order: 'asc' },
      { column: 's.id', order: 'asc' },
    ]);
}

export function toSubscription(row: Row): SubscriptionJson {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    artistId: Number(row.artistId),
    active: Boolean(row.active),
    artist: {
      ...artistRef(row.artistId, row.artistName, row.artistProfileImage),
      photoSrcset: imageSrcset(row.artistPhotoVariants),
    },
  };
}
