import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { catalogRoutes } from './routes.ts';
import { seedCatalog } from './seed.ts';
import { createCatalogService } from './service.ts';

const catalog: PluginManifest = {
  name: 'catalog',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createCatalogService,
  routes: catalogRoutes,
  shell: async (kernel, user) => ({
    subscriptions: (await kernel.services.catalog.subscriptions(user.id)).map((s) => s.artist),
  }),
  seed: seedCatalog,
  pages: [
    { pattern: '/discover', entrypoint: 'pages/discover.astro' },
    { pattern: '/collection', entrypoint: 'pages/collection.astro' },
    { pattern: '/artists', entrypoint: 'pages/artists.astro' },
    { pattern: '/artist/[id]', entrypoint: 'pages/artist.astro' },
    { pattern: '/artists/[id]', entrypoint: 'pages/artist-redirect.astro' },
    { pattern: '/tracks/[id]', entrypoint: 'pages/track.astro' },
    { pattern: '/sitemap.xml', entrypoint: 'pages/sitemap.xml.ts' },
  ],
};

export default catalog;
