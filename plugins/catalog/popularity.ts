// How "popular" is measured, as SQL over the aliases `t` (a track) and `a` (an artist): the
// directory's and Discover's Popular orders, the home page's featured artists, an artist's monthly
// listeners and a track page's plays all read this one measure. Catalog's own counts the signed-in
// listens (`listens`); a feature that counts every listener's plays (insights) puts its own in its
// place through the catalog service's `usePopularity`, so the catalog works the same without it.

import { dependsOn } from '../../api/cache/scopes.ts';

export interface SqlPart {
  sql: string;
  bindings: Array<string | number>;
}

export interface Popularity {
  /** The counted plays of track `t`: a correlated subquery. */
  trackPlays(): SqlPart;
  /** The listeners of artist `a` from `since` (epoch ms) to now: a correlated subquery. */
  artistListeners(since: number): SqlPart;
}

/** Members' counted listens: plays of a track, and distinct members who listened to an artist. */
export const listensPopularity: Popularity = {
  trackPlays: () => ({ sql: '(select count(*) from listens li where li.track_id = t.id)', bindings: [] }),
  artistListeners: (since) => ({
    sql: '(select count(distinct li.user_id) from listens li where li.artist_id = a.id and li.listened_at >= ?)',
    bindings: [since],
  }),
};

/**
 * A member's counted listens, which every figure of this measure they are shown includes (plays,
 * listener counts, Popular orders): a counted listen announces this rather than the listener's every
 * view, so their Credit Vault and inbox stay cached; every read of the measure for a signed-in
 * viewer declares it (`readsPopularity`). Anonymous copies may show these figures up to the cache's TTL old.
 */
export const listensTag = (userId: number) => `listens:${userId}`;

export function readsPopularity(measure: Popularity, viewerId: number | null): void {
  // Another measure shows no listen at once (recordListen announces nothing then).
  if (measure === listensPopularity && viewerId !== null) dependsOn([listensTag(viewerId)]);
}
