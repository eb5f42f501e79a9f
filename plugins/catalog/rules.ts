import type { FieldRules } from '../../api/validation/rules.ts';
import { GENRES } from '../../lib/genres.ts';

// Catalog limits, lists and messages, shared by the API validators and the browser. Pure: islands bundle it.

export { GENRES, isGenre, type Genre } from '../../lib/genres.ts';

/** Spec §3: exclusive types with their own look; any other type gets the generic one. */
export const EXCLUSIVE_TYPES = ['NFT', 'unreleased-track', 'behind-the-scenes'] as const;

/**
 * Listens of the same user and track within one window of this length (fixed windows from the epoch)
 * are the same listen (refreshes, replays); the database's unique key decides, also under concurrency.
 */
export const LISTEN_WINDOW_MS = 30 * 60 * 1000;

export const listenWindow = (at: number) => Math.floor(at / LISTEN_WINDOW_MS);

/** Monthly listeners count distinct listeners over this many days. */
export const LISTENER_DAYS = 30;

/** Directory orders (spec: the Popular and A-Z buttons, and the longest streak first). */
export const ARTIST_SORTS = ['name', 'popular', 'streak'] as const;
export type ArtistSort = (typeof ARTIST_SORTS)[number];
export const DEFAULT_ARTIST_SORT: ArtistSort = 'name';
export const ARTIST_SORT_MESSAGE = `sort must be one of ${ARTIST_SORTS.join(', ')}`;

export function isArtistSort(value: unknown): value is ArtistSort {
  return typeof value === 'string' && (ARTIST_SORTS as readonly string[]).includes(value);
}

/** Discover's orders of this month's drops (spec: Latest and Popular; Genre is a filter, `?genre=`). */
export const DROP_SORTS = ['latest', 'popular'] as const;
export type DropSort = (typeof DROP_SORTS)[number];
export const DEFAULT_DROP_SORT: DropSort = 'latest';
export function isDropSort(value: unknown): value is DropSort {
  return typeof value === 'string' && (DROP_SORTS as readonly string[]).includes(value);
}

/** The cookie in which the browser tells its IANA time zone (client/timeZone.ts, viewer.ts). */
export const TZ_COOKIE = 'tz';

export const PLACEHOLDER_ARTIST_IMAGE = '/images/artist-placeholder.svg';
export const PLACEHOLDER_COVER = '/images/cover-placeholder.svg';

/** The most rows one request of a list API (`?limit=`) answers. */
export const MAX_LIST_LIMIT = 100;
const LIST_WINDOW = `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`;
const LIST_OFFSET = 'offset must be a whole number, 0 or more';

/** `?limit=&offset=` of the list APIs: without them a list answers every row, as the spec's screens expect. */
export const listWindowRules: FieldRules = {
  limit: {
    label: 'limit',
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIST_LIMIT,
    messages: { type: LIST_WINDOW, minimum: LIST_WINDOW, maximum: LIST_WINDOW },
  },
  offset: {
    label: 'offset',
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000_000,
    messages: { type: LIST_OFFSET, minimum: LIST_OFFSET, maximum: 'offset must be at most 1000000000' },
  },
};

export const artistPatchRules: FieldRules = {
  genre: { label: 'Genre', type: 'string', enum: GENRES, messages: { enum: 'Please choose a genre from the list' } },
};
export const artistPatchRequired = ['genre'] as const;

export const likeRules: FieldRules = {
  like: {
    label: 'Like',
    type: 'boolean',
    messages: { required: 'like must be true or false', type: 'like must be true or false' },
  },
};
export const likeRequired = ['like'] as const;

export const subscriptionRules: FieldRules = {
  // The server subscribes the session user whatever userId says (spec §7 sends it anyway).
  userId: { label: 'User', type: 'integer', minimum: 1 },
  artistId: {
    label: 'Artist',
    type: 'integer',
    minimum: 1,
    messages: { required: 'artistId is required', type: 'artistId must be a whole number' },
  },
  active: { label: 'Active', type: 'boolean' },
};
export const subscriptionRequired = ['artistId'] as const;

/** An artist's own page offers no Subscribe; the server refuses it too. */
export const SUBSCRIBE_SELF = 'You cannot subscribe to yourself';
export const NOT_SUBSCRIBED = 'You are not subscribed to this artist';

/** Spec §5 / §8 texts the subscribe controls show. */
export const SUBSCRIBE_LOGIN = 'Please log in to subscribe to artists';

/** Claims of numbered collectibles (NFT exclusives): for the artist's subscribers, once each. */
export const CLAIM_LOGIN = 'Please log in to claim collectibles';
export const claimSubscribe = (artist: string) => `Subscribe to ${artist} to claim their collectibles`;
export const CLAIM_NOT_COLLECTIBLE = 'Only numbered collectibles can be claimed';
export const CLAIM_TWICE = 'You already claimed this collectible';
export const CLAIM_SOLD_OUT = 'All of this collectible have been claimed';
/** A track taken down, or of an artist suspended or deleted (410). */
export const TRACK_GONE = 'This track was removed';
