import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { commentsRoutes } from './routes.ts';
import { seedComments } from './seed.ts';
import { createCommentsService } from './service.ts';

/** Fans' comments at a moment of a track: along the track page's waveform and in a list under it. */
const comments: PluginManifest = {
  name: 'comments',
  api: '^1.0.0',
  dependsOn: ['accounts', 'catalog'],
  // The artist is told through notifications; blocked people's comments are left out (messaging's blocks).
  optionalDependsOn: ['messaging', 'notifications'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createCommentsService,
  routes: commentsRoutes,
  publicReads: ['/api/tracks/:id/comments'],
  seed: seedComments,
  slots: {
    'track.waveform': 'components/CommentMarks.astro',
    'track.sections': 'components/TrackComments.astro',
  },
  exportData: async (kernel, userId) => ({ comments: await kernel.services.comments.exportOf(userId) }),
  deleteData: (kernel, userId, trx) => kernel.services.comments.forget(userId, trx),
};

export default comments;
