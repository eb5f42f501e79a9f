import { bodyParser } from '@koa/bodyparser';
import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { releaseJobs } from './jobs.ts';
import { embedHeaders, EMBED_PREFIX } from './embed.ts';
import { releasesRoutes } from './routes.ts';
import { createReleasesService } from './service.ts';

/** A 100 MB file as base64 in JSON, with room for the other fields. */
const DATA_URL_BODY_LIMIT = '140mb';
const dataUrlBody = bodyParser({ enableTypes: ['json'], jsonLimit: DATA_URL_BODY_LIMIT, encoding: 'utf-8' });

const releases: PluginManifest = {
  name: 'releases',
  dependsOn: ['accounts', 'catalog'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createReleasesService,
  middleware: () => async (ctx, next) => {
    // POST /api/upload carries files as data URLs (spec §7): only this path gets the large JSON
    // limit, and only for a signed-in user (the route answers 401 before reading anything else).
    if (ctx.method === 'POST' && ctx.path === '/api/upload' && ctx.state.user) return dataUrlBody(ctx, next);
    // The embeddable player is meant to be framed by other sites.
    if (ctx.path.startsWith(EMBED_PREFIX)) embedHeaders(ctx);
    return next();
  },
  routes: releasesRoutes,
  jobs: releaseJobs,
  pages: [
    { pattern: '/upload', entrypoint: 'pages/upload.astro' },
    { pattern: '/embed/tracks/[id]', entrypoint: 'pages/embed-track.astro' },
    { pattern: '/marketing-tools', entrypoint: 'pages/marketing-tools.astro' },
    { pattern: '/promotion-services', entrypoint: 'pages/promotion-services.astro' },
  ],
};

export default releases;
