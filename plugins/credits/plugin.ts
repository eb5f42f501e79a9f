import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { creditsRoutes } from './routes.ts';
import { seedCredits } from './seed.ts';
import { createCreditsService } from './service.ts';

const credits: PluginManifest = {
  name: 'credits',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createCreditsService,
  routes: creditsRoutes,
  seed: seedCredits,
  pages: [
    { pattern: '/credits', entrypoint: 'pages/credits.astro' },
    { pattern: '/transparency', entrypoint: 'pages/transparency.astro' },
  ],
};

export default credits;
