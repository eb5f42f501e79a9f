import type { Kernel } from '../../api/plugins/types.ts';
import { dashboardOf } from './dashboard.ts';
import { createLinks } from './links.ts';
import { memberListening } from './listening.ts';
import { createPlays } from './plays.ts';
import { platformView } from './platform.ts';
import { rollupPopularity } from './popularity.ts';
import { rollupDay } from './rollup.ts';
import type { Period } from './rules.ts';

declare module '../../api/plugins/types.ts' {
  interface Services {
    insights: InsightsService;
  }
}

/** What dashboards read (rollups); only a rollup announces it, so a play report empties no cache. */
const ROLLUPS_TAG = 'insights';

export function createInsightsService(kernel: Kernel) {
  // The catalog's Popular orders, monthly listeners and plays read the same counts as the dashboard.
  kernel.services.catalog.usePopularity(rollupPopularity);
  // Members' unallocated credits follow their counted plays (credits' listening source).
  kernel.services.credits.useListening(memberListening(kernel.knex));
  const links = createLinks(kernel);
  const plays = createPlays(kernel, links.resolve);
  return {
    async recordPlay(...args: Parameters<typeof plays.record>) {
      const result = await plays.record(...args);
      // A play shows on the dashboards once rolled up, not at each report.
      await kernel.cache.changed([]);
      return result;
    },
    /** A music app's scrobble of a member's play (subsonic): counted like a player's report, source "app". */
    async recordScrobble(...args: Parameters<typeof plays.scrobble>) {
      const result = await plays.scrobble(...args);
      await kernel.cache.changed([]);
      return result;
    },
    async rollupDay(day: string) {
      await rollupDay(kernel.knex, day);
      await kernel.cache.changed([ROLLUPS_TAG]);
    },
    async dashboard(userId: number, period: Period) {
      kernel.cache.dependsOn([ROLLUPS_TAG]);
      return dashboardOf(kernel, userId, await links.artistIdOf(userId), period);
    },
    platform: () => {
      kernel.cache.dependsOn([ROLLUPS_TAG]);
      return platformView(kernel);
    },
    createLink: links.create,
    links: links.list,
    revokeLink: links.revoke,
    resolveLink: links.resolve,
    preview: links.preview,
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
