import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { searchRoutes } from './routes.ts';
import { createSearchService } from './service.ts';

const search: PluginManifest = {
  name: 'search',
  api: '^1.0.0',
  // The index covers the releases feature's genre column of tracks.
  dependsOn: ['catalog', 'releases'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createSearchService,
  routes: searchRoutes,
  pages: [{ pattern: '/search', entrypoint: 'pages/search.astro' }],
};

export default search;
