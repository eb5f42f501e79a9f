import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { catalogRoutes } from './routes.ts';
import { exclusiveJobs } from './exclusiveJobs.ts';
import { exclusiveRoutes } from './exclusiveRoutes.ts';
import { seedCatalog } from './seed.ts';
import { createCatalogService } from './service.ts';
import { cookieZone, zoneOffsetMs } from './viewer.ts';
import { withheldTrackMedia } from './withheld.ts';
import { deleteCatalogData, exportCatalog } from './yourData.ts';

const catalog: PluginManifest = {
  name: 'catalog',
  api: '^1.0.0',
  core: true,
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createCatalogService,
  publicReads: [
    '/api/artists',
    '/api/artists/featured',
    '/api/artists/:id',
    '/api/artists/:id/tracks',
    '/api/artists/:id/exclusives',
    '/api/tracks/monthly',
    '/api/tracks/:id',
    '/api/exclusives',
  ],
  privateReads: ['/api/subscriptions/user'],
  // Pages show what is out in the viewer's time zone (midnight releases), which depends on the
  // zone's offset only: the page cache keeps one copy per offset (UTC viewers share the plain one).
  middleware: (kernel) => async (ctx, next) => {
    const zone = cookieZone(ctx.get('cookie'));
    const offsetMinutes = zone === 'UTC' ? 0 : zoneOffsetMs(zone, kernel.now()) / 60_000;
    if (offsetMinutes)
      ctx.state.pageVariant = `${ctx.state.pageVariant ?? ''} utc${offsetMinutes > 0 ? '+' : ''}${offsetMinutes}`;
    return next();
  },
  routes: (router, kernel) => {
    catalogRoutes(router, kernel);
    exclusiveRoutes(router, kernel);
  },
  jobs: exclusiveJobs,
  shellDefaults: { subscriptions: [] },
  shell: async (kernel, user) => ({
    subscriptions: (await kernel.services.catalog.subscriptions(user.id)).map((s) => s.artist),
  }),
  slots: {
    // The cards' scripts: the viewer's time zone for release times, countdowns, Subscribe, and the
    // Artists tab's search (its results bring in cards).
    'page.start': ['client/timeZone.ts', 'client/countdowns.ts', 'client/subscribe.ts', 'client/artistSearch.ts'],
  },
  seed: seedCatalog,
  exportData: exportCatalog,
  deleteData: deleteCatalogData,
  withheldMedia: (kernel) => withheldTrackMedia(kernel, ['audio_url', 'cover_image']),
  pages: [
    // The home page: the month's drops, featured artists and exclusives around the site's texts (content).
    { pattern: '/', entrypoint: 'pages/home.astro' },
    { pattern: '/discover', entrypoint: 'pages/discover.astro' },
    { pattern: '/collection', entrypoint: 'pages/collection.astro' },
    { pattern: '/welcome', entrypoint: 'pages/welcome.astro' },
    { pattern: '/artists', entrypoint: 'pages/artists.astro' },
    { pattern: '/artist/[id]', entrypoint: 'pages/artist.astro' },
    { pattern: '/artists/[id]', entrypoint: 'pages/artist-redirect.astro' },
    { pattern: '/tracks/[id]', entrypoint: 'pages/track.astro' },
    { pattern: '/sitemap.xml', entrypoint: 'pages/sitemap.xml.ts' },
  ],
};

export default catalog;
