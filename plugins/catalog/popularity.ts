// How "popular" is measured, as SQL over the aliases `t` (a track) and `a` (an artist): the
// directory's and Discover's Popular orders, the home page's featured artists, an artist's monthly
// listeners and a track page's plays all read this one measure. Catalog's own counts the signed-in
// listens (`listens`); a feature that counts every listener's plays (insights) puts its own in its
// place through the catalog service's `usePopularity`, so the catalog works the same without it.

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
  artistListeners: (since) => ({ sql: '(select count(distinct li.user_id) from listens li where li.artist_id = a.id and li.listened_at >= ?)', bindings: [since] }),
};
