// What the service worker, the pages and the server agree on (plugins/offline/README.md).
// Imported by the worker's bundle too, so it holds constants only.

/** Cache Storage names; every one starts with CACHE_PREFIX, so turning the feature off can drop them all. */
export const CACHE_PREFIX = 'onetrack-';
export const CACHES = {
  /** The offline fallback page, fetched without cookies at install (anonymous: nothing private). */
  shell: `${CACHE_PREFIX}shell`,
  /** Pages as last seen from the network, for opening them offline. Private: dropped when the viewer changes. */
  pages: `${CACHE_PREFIX}pages`,
  /** Covers and photos of pages seen (public media). */
  images: `${CACHE_PREFIX}images`,
  /** Tracks kept offline: audio, cover and a description of each. Private: dropped when the viewer changes. */
  tracks: `${CACHE_PREFIX}offline-tracks`,
  /** The viewer whose pages and tracks the private caches hold. */
  state: `${CACHE_PREFIX}state`,
} as const;

/** The page served for a page that was never seen when the network is down. */
export const OFFLINE_PATH = '/offline';

/**
 * Response header of every page: who it was rendered for ("anonymous", or a keyed hash of the
 * user's id, never the id). The service worker drops its private caches when a page comes for
 * someone other than the signed-in viewer they were filled for.
 */
export const VIEWER_HEADER = 'OneTrack-Viewer';
export const ANONYMOUS_VIEWER = 'anonymous';

/** Where a kept track's description sits in the tracks cache (never a server path). */
export const KEPT_PREFIX = '/__offline/tracks/';

/** How many pages, and for how long, stay readable offline. */
export const PAGES_MAX_ENTRIES = 50;
export const PAGES_MAX_AGE_SECONDS = 7 * 24 * 3600;
export const IMAGES_MAX_ENTRIES = 200;
export const IMAGES_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** The message the worker posts to its pages after dropping the private caches. */
export const CLEARED_MESSAGE = 'onetrack-offline-cleared';

/** A page asks the worker to keep it: the first page, which loaded before the worker controlled it. */
export const KEEP_PAGE_MESSAGE = 'onetrack-keep-page';
