import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { contentRoutes } from './routes.ts';
import { createContentService } from './service.ts';

const content: PluginManifest = {
  name: 'content',
  api: '^1.0.0',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createContentService,
  publicReads: ['/api/content/key/:key'],
  routes: contentRoutes,
};

export default content;
