import type { Kernel } from '../../api/plugins/types.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import type { CatalogLens } from './lens.ts';
import { Listen } from './models.ts';
import { listensTag, readsPopularity, type Popularity } from './popularity.ts';
import { listenWindow } from './rules.ts';
import type { CatalogTracks } from './tracks.ts';
import type { Viewer } from './viewer.ts';

// Listens and popularity: counting a member's listen once a window, a track's play count, and the
// measure of popularity every figure and Popular order reads (popularity.ts).

export function createListens(kernel: Kernel, context: CatalogLens, tracks: CatalogTracks) {
  const { knex, now } = context;
  return {
    /** How many plays the track has counted (the track page's figure), by the popularity measure. */
    async playCount(trackId: number, viewer: Viewer): Promise<number> {
      const popularity = context.popularity();
      readsPopularity(popularity, viewer.id);
      const plays = popularity.trackPlays();
      const row = await knex('tracks as t')
        .where('t.id', trackId)
        .first(knex.raw(`${plays.sql} as plays`, plays.bindings));
      return Number(row?.plays ?? 0);
    },

    /**
     * Puts another measure of popularity in place of the signed-in listens (a plugin that counts
     * every listener's plays calls it once, when its service is made).
     */
    usePopularity(measure: Popularity): void {
      context.usePopularity(measure);
    },

    /**
     * Counts a listen unless the same user listened to the same track within the window, so
     * refreshes and replays cannot inflate the figures. The unique (user, track, window) key decides,
     * so simultaneous listens count once on both databases.
     */
    async recordListen(viewer: Viewer & { id: number }, trackId: number): Promise<{ counted: boolean }> {
      const userId = viewer.id;
      const track = await tracks.track(trackId, viewer);
      const at = now().getTime();
      try {
        await Listen.query().insert({
          userId,
          trackId,
          artistId: track.artistId,
          listenedAt: at,
          listenWindow: listenWindow(at),
        });
        // Play counts and popular orders are counters: only the listener's own views that show them
        // go at once (listensTag), and only when they count listens. Another measure (insights'
        // rollups of play reports) shows a listen nowhere, so then it empties no cache.
        await kernel.cache.changed(context.countsListens() ? [listensTag(userId)] : []);
        return { counted: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await kernel.cache.changed([]);
        return { counted: false };
      }
    },
  };
}
