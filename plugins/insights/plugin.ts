import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { exportListening } from './listening.ts';
import { ROLLUP_JOB } from './plays.ts';
import { insightsRoutes, PLAYS_PATH } from './routes.ts';
import { seedInsights } from './seed.ts';
import { createInsightsService } from './service.ts';

const insights: PluginManifest = {
  name: 'insights',
  api: '^1.0.0',
  // Counts plays of catalog's tracks; the dashboard shows credits' statement and pledges' waiting total.
  dependsOn: ['accounts', 'catalog', 'credits', 'releases', 'pledges'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createInsightsService,
  routes: insightsRoutes,
  // Visitors' players report plays too.
  anonymousBodies: [PLAYS_PATH],
  seed: seedInsights,
  exportData: (kernel, userId) => exportListening(kernel.knex, userId),
  jobs: {
    [ROLLUP_JOB]: async (payload, kernel) => kernel.services.insights.rollupDay((payload as { day: string }).day),
  },
  slots: { 'player.audio': 'client/playReports.ts' },
  adminPages: [{ href: '/admin/insights', label: 'Platform insights', message: 'insights_platform_title', order: 50 }],
  nav: [
    { href: '/dashboard', label: 'Dashboard', message: 'nav_dashboard', icon: 'chart', audience: 'artists', order: 20 },
  ],
  pages: [
    { pattern: '/dashboard', entrypoint: 'pages/dashboard.astro' },
    { pattern: '/preview/[token]', entrypoint: 'pages/preview.astro' },
    { pattern: '/admin/insights', entrypoint: 'pages/admin-insights.astro' },
  ],
};

export default insights;
