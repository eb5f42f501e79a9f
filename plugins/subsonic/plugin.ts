import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { subsonicApi } from './rest.ts';
import { subsonicRoutes } from './routes.ts';
import { createSubsonicService } from './service.ts';

/** The OpenSubsonic API at /rest/* for existing music apps, signed in with app passwords. */
const subsonic: PluginManifest = {
  name: 'subsonic',
  api: '^1.0.0',
  dependsOn: ['accounts', 'catalog', 'releases', 'search'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createSubsonicService,
  middleware: subsonicApi,
  routes: subsonicRoutes,
  pages: [{ pattern: '/settings/apps', entrypoint: 'pages/apps.astro' }],
};

export default subsonic;
