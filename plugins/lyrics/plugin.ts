import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { lyricsRoutes } from './routes.ts';
import { seedLyrics } from './seed.ts';
import { createLyricsService } from './service.ts';

/** Lyrics of tracks, plain or synced (LRC, enhanced LRC): the wizard's editor, the track page, the player's view. */
const lyrics: PluginManifest = {
  name: 'lyrics',
  api: '^1.0.0',
  // Visibility is the catalog's; the wizard and the release fields (lyrics language) are releases'.
  dependsOn: ['accounts', 'catalog', 'releases'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createLyricsService,
  routes: lyricsRoutes,
  publicReads: ['/api/tracks/:id/lyrics'],
  seed: seedLyrics,
  slots: {
    'upload.lyrics': 'islands/WizardLyrics.tsx',
    'upload.submitted': 'client/saveAfterUpload.ts',
    'track.sections': 'components/TrackLyrics.astro',
    'release.edit-sections': 'components/EditLyricsLink.astro',
    'player.views': 'islands/PlayerLyrics.tsx',
    'player.audio': 'client/followAudio.ts',
  },
  pages: [{ pattern: '/tracks/[id]/lyrics', entrypoint: 'pages/track-lyrics.astro' }],
  exportData: async (kernel, userId) => ({ lyrics: await kernel.services.lyrics.exportOf(userId) }),
  deleteData: (kernel, userId, trx) => kernel.services.lyrics.forget(userId, trx),
};

export default lyrics;
