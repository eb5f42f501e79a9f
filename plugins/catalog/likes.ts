import type { Kernel } from '../../api/plugins/types.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import type { CatalogLens } from './lens.ts';
import { Like } from './models.ts';
import { likeTags, likesTag, toTrack, tracksQuery } from './queries.ts';
import type { CatalogTracks } from './tracks.ts';
import type { TrackJson } from './types.ts';
import type { Viewer } from './viewer.ts';

// Likes: a member's liked tracks and the one like they can give a track.

export function createLikes(kernel: Kernel, { knex, now, lens }: CatalogLens, tracks: CatalogTracks) {
  return {
    /** The tracks this user liked, most recently liked first. */
    async likedTracks(viewer: Viewer & { id: number }): Promise<TrackJson[]> {
      kernel.cache.dependsOn([likesTag(viewer.id)]);
      const rows = await tracksQuery(knex, lens(viewer).out, viewer.id)
        .join('likes as mine', function () {
          this.on('mine.track_id', '=', 't.id').andOn('mine.user_id', '=', knex.raw('?', [viewer.id]));
        })
        .orderBy([
          { column: 'mine.created_at', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ]);
      return rows.map(toTrack);
    },

    /** Liking twice keeps one like; unliking what was never liked changes nothing. */
    async setLike(viewer: Viewer & { id: number }, trackId: number, like: boolean): Promise<TrackJson> {
      const userId = viewer.id;
      await tracks.track(trackId, viewer);
      let changed = true;
      if (like) {
        try {
          await Like.query().insert({ userId, trackId, createdAt: now().getTime() });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          changed = false;
        }
      } else {
        changed = (await Like.query().where({ userId, trackId }).delete()) > 0;
      }
      // The liker's views that show this track or list their likes; for everyone else a like count
      // is a counter, like a play count.
      await kernel.cache.changed(changed ? likeTags(trackId, userId) : []);
      return tracks.track(trackId, viewer);
    },
  };
}
