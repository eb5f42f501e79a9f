// Limits and messages of the oEmbed endpoint and the feeds, in one place (server and tests).

/** oEmbed answers (https://oembed.com, section 2.3.5): 400 for a malformed request of ours. */
export const OEMBED_MESSAGES = {
  urlRequired: 'url is required',
  notOurs: 'There is no OneTrack player for this URL',
  notFound: 'This track or artist is not on OneTrack',
  format: 'format must be json or xml',
  size: 'maxwidth and maxheight must be whole numbers of pixels',
  tooSmall: (width: number, height: number) => `No player fits in ${width} x ${height} pixels`,
} as const;

/** How long consumers may keep an answer (seconds): the player itself always plays the current drop. */
export const OEMBED_CACHE_AGE = 3600;

/** Entries per Atom feed (the newest). */
export const FEED_ENTRIES = 50;

export const PROVIDER_NAME = 'OneTrack';

/**
 * A feed entry's link lands with this query, so a play it leads to counts as source "feed" (insights' player reports).
 */
export const FEED_LANDING = 'from=feed';
