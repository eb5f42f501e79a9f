import type { Kernel } from '../../api/plugins/types.ts';
import { Artist, User } from '../accounts/models.ts';
import { Subscription, Track } from '../catalog/models.ts';

export function createAdminService(_kernel: Kernel) {
  return {
    /** Spec §3 Admin stats. Deleted accounts are not users any more. */
    async stats() {
      const [totalUsers, totalArtists, totalTracks, totalActiveSubscriptions] = await Promise.all([
        User.query().whereNull('deletedAt').resultSize(),
        Artist.query().resultSize(),
        Track.query().resultSize(),
        Subscription.query().where({ active: true }).resultSize(),
      ]);
      return { totalUsers, totalArtists, totalTracks, totalActiveSubscriptions };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    admin: AdminService;
  }
}
