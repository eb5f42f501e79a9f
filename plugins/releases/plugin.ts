import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { releaseJobs } from './jobs.ts';
import { embedHeaders, EMBED_PREFIX } from './embed.ts';
import { releasesRoutes } from './routes.ts';
import { seedReleases } from './seed.ts';
import { createReleasesService } from './service.ts';
import { deleteReleasesData, exportReleases, withheldReleaseMedia } from './yourData.ts';

/** A 100 MB file as base64 in JSON, with room for the other fields. */
const DATA_URL_BODY_LIMIT = '140mb';

const releases: PluginManifest = {
  name: 'releases',
  api: '^1.0.0',
  core: true,
  dependsOn: ['accounts', 'catalog'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createReleasesService,
  // POST /api/upload carries files as data URLs (spec §7).
  largeJsonBodies: [{ path: '/api/upload', limit: DATA_URL_BODY_LIMIT }],
  middleware: () => async (ctx, next) => {
    // The embeddable player is meant to be framed by other sites.
    if (ctx.path.startsWith(EMBED_PREFIX)) embedHeaders(ctx);
    return next();
  },
  routes: releasesRoutes,
  jobs: releaseJobs,
  seed: seedReleases,
  slots: {
    'track.panels': ['components/TrackMediaPanel.astro', 'components/TrackAnalysis.astro'],
    'track.details': 'components/TrackDetails.astro',
    'coming.actions': 'components/PreSavePanel.astro',
    'artist.scheduled-actions': 'components/WithdrawRelease.astro',
    'track.actions': 'components/EditReleaseLink.astro',
    'dashboard.sections': 'components/YourReleases.astro',
  },
  exportData: exportReleases,
  deleteData: deleteReleasesData,
  withheldMedia: withheldReleaseMedia,
  pages: [
    { pattern: '/upload', entrypoint: 'pages/upload.astro' },
    { pattern: '/releases/[id]/edit', entrypoint: 'pages/edit-release.astro' },
    { pattern: '/embed/tracks/[id]', entrypoint: 'pages/embed-track.astro' },
    { pattern: '/embed/artists/[id]', entrypoint: 'pages/embed-artist.astro' },
    { pattern: '/marketing-tools', entrypoint: 'pages/marketing-tools.astro' },
    { pattern: '/promotion-services', entrypoint: 'pages/promotion-services.astro' },
  ],
};

export default releases;
