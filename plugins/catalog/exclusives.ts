import type { Kernel } from '../../api/plugins/types.ts';
import type { ArtistState } from './artists.ts';
import { createClaims, EXCLUSIVES_TAG } from './claims.ts';
import { windowed, type CatalogLens } from './lens.ts';
import type { ListWindow } from './paging.ts';
import { exclusivesQuery, toExclusive } from './queries.ts';
import type { ExclusiveJson } from './types.ts';

// Exclusives: the newest, an artist's, those of the artists a fan subscribes to, and claims of the
// numbered collectibles among them (claims.ts).

export function createExclusives(kernel: Kernel, { knex, catalogReads }: CatalogLens, { assertArtist }: ArtistState) {
  return {
    ...createClaims(kernel),

    async artistExclusives(artistId: number, window: ListWindow = {}): Promise<ExclusiveJson[]> {
      await assertArtist(artistId);
      kernel.cache.dependsOn([EXCLUSIVES_TAG]);
      return (await windowed(exclusivesQuery(knex).where('e.artist_id', artistId), window)).map(toExclusive);
    },

    /** Newest first; the home page asks for only a few. */
    async exclusives(window: ListWindow = {}): Promise<ExclusiveJson[]> {
      const read = async () => {
        kernel.cache.dependsOn([EXCLUSIVES_TAG]);
        return (await windowed(exclusivesQuery(knex), window)).map(toExclusive);
      };
      // Only the newest are kept (a client's offsets would fill the node with every window of the list).
      return window.offset ? read() : catalogReads(`exclusives ${window.limit ?? 'all'}`, read);
    },

    /** Exclusives of the artists this user subscribes to (subscriber-only content). */
    async subscribedExclusives(userId: number): Promise<ExclusiveJson[]> {
      kernel.cache.dependsOn([EXCLUSIVES_TAG]);
      const rows = await exclusivesQuery(knex).whereIn(
        'e.artist_id',
        knex('subscriptions').select('artist_id').where({ user_id: userId, active: 1 }),
      );
      return rows.map(toExclusive);
    },
  };
}
