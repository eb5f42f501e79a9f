import type { Popularity } from '../catalog/popularity.ts';
import { dayOf } from './days.ts';

/**
 * Catalog's popularity from the play rollups, the dashboard's own counts: a track's plays (every
 * listener's, visitors too, by the counting rules), and an artist's listeners as the sum of their
 * daily distinct listeners (the hash rotates daily, so a longer span cannot be counted distinct).
 * Rollups only change when the job runs, so a play report empties no cache; pages show the new
 * order within their TTL (api/README.md, "Cache tags").
 */
export const rollupPopularity: Popularity = {
  trackPlays: () => ({
    sql: '(select coalesce(sum(pd.plays), 0) from play_days pd where pd.track_id = t.id)',
    bindings: [],
  }),
  // The days after `since`'s: the last 30 days, today included, as the dashboard's "Last 30 days".
  artistListeners: (since) => ({
    sql: '(select coalesce(sum(pa.listeners), 0) from play_artist_days pa where pa.artist_id = a.id and pa.day > ?)',
    bindings: [dayOf(since)],
  }),
};
