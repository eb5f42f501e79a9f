import type { Kernel } from '../../api/plugins/types.ts';
import { dashboardOf } from './dashboard.ts';
import { createLinks } from './links.ts';
import { createPlays } from './plays.ts';
import { platformView } from './platform.ts';
import { rollupDay } from './rollup.ts';
import type { Period } from './rules.ts';

declare module '../../api/plugins/types.ts' {
  interface Services {
    insights: InsightsService;
  }
}

export function createInsightsService(kernel: Kernel) {
  const links = createLinks(kernel);
  const plays = createPlays(kernel, links.resolve);
  return {
    recordPlay: plays.record,
    rollupDay: (day: string) => rollupDay(kernel.knex, day),
    async dashboard(userId: number, period: Period) {
      return dashboardOf(kernel, userId, await links.artistIdOf(userId), period);
    },
    platform: () => platformView(kernel),
    createLink: links.create,
    links: links.list,
    revokeLink: links.revoke,
    resolveLink: links.resolve,
    preview: links.preview,
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
