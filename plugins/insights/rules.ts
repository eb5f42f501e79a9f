import type { FieldRules } from '../../api/validation/rules.ts';

/** What the player reports of a play: its start, 30 seconds reached, and how it ended. */
export const PLAY_EVENTS = ['start', 'thirty', 'complete', 'skip'] as const;
export type PlayEvent = (typeof PLAY_EVENTS)[number];

/** Where a play began, read from the page the player was on (never from third-party referrers). */
export const PLAYER_SOURCES = ['home', 'track', 'artist', 'search', 'feed', 'embed', 'private', 'other'] as const;
export type PlayerSource = (typeof PLAYER_SOURCES)[number];
/** Every source a play may have: the player's, and music apps' scrobbles (Subsonic), which no page reports. */
export const PLAY_SOURCES = [...PLAYER_SOURCES, 'app'] as const;
export type PlaySource = (typeof PLAY_SOURCES)[number];
export const SOURCE_LABELS: Record<PlaySource, string> = {
  home: 'Home page',
  track: 'Track page',
  artist: 'Artist page',
  search: 'Search',
  feed: 'Feeds',
  embed: 'Embeds',
  private: 'Private link',
  app: 'Music apps',
  other: 'Elsewhere on OneTrack',
};

/** One counted event of each kind per listener, track and window (a replay within it does not count). */
export const PLAY_WINDOW_MS = 30 * 60_000;
/** A listener's report calls per address and window, above what any real listening can send. */
export const PLAY_REPORTS_PER_WINDOW = { points: 600, windowMs: 10 * 60_000 };
/** Listener figures below this are shown as "fewer than 5": a small audience must not be traceable. */
export const MIN_LISTENERS = 5;
/** How the CSV exports (data, in English whatever the page's language) write a withheld figure. */
export const FEWER_THAN = `fewer than ${MIN_LISTENERS}`;
/** The dashboard's periods: the month so far, or the last N days (today included). */
export const PERIODS = ['month', '7', '30', '90'] as const;
export type Period = (typeof PERIODS)[number];
/** Today's rollup is redone this often, so the dashboard lags the plays by at most this (plus a minute). */
export const ROLLUP_EVERY_MS = 5 * 60_000;
/** A private link lives at most this many days. */
export const MAX_LINK_DAYS = 90;

export const MESSAGES = {
  artistsOnly: 'Only artist accounts have a dashboard',
  adminsOnly: 'Only admins can see the platform figures',
  login: 'Please log in to see your dashboard',
  tooMany: 'Too many play reports from this address.',
  linkTrack: 'You can only share your own tracks',
  linkExpiry: `Please pick an expiry date within the next ${MAX_LINK_DAYS} days`,
  linkNotFound: 'Private link not found',
  linkGone: 'This private link has expired or was revoked',
};

export const playRules: FieldRules = {
  trackId: { label: 'Track', type: 'integer', minimum: 1 },
  event: { label: 'Play event', type: 'string', enum: PLAY_EVENTS },
  source: { label: 'Play source', type: 'string', enum: PLAYER_SOURCES },
  link: { label: 'Private link', type: 'string', pattern: '^[A-Za-z0-9_-]{20,64}$' },
};
export const playRequired = ['trackId', 'event'];

export const linkRules: FieldRules = {
  trackId: { label: 'Track', type: 'integer', minimum: 1 },
  expiresOn: {
    label: 'Expiry date',
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    messages: { pattern: MESSAGES.linkExpiry },
  },
};
export const linkRequired = ['trackId', 'expiresOn'];
