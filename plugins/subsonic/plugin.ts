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
  // A scrobble counts as a play of source "app" when insights is enabled; lyrics (songLyrics,
  // getLyrics) are served when the lyrics plugin is.
  optionalDependsOn: ['insights', 'lyrics'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createSubsonicService,
  middleware: subsonicApi,
  routes: subsonicRoutes,
  slots: { 'settings.links': 'components/AppsLink.astro' },
  // App passwords by name only: the secrets are never shown again.
  exportData: async (kernel, userId) => ({
    appPasswords: (await kernel.services.subsonic.list(userId)).map(({ name, createdAt, lastUsedAt }) => ({
      name,
      createdAt,
      lastUsedAt,
    })),
  }),
  deleteData: async (_kernel, userId, trx) => {
    await trx('subsonic_app_passwords').where({ userId }).delete();
    await trx('subsonic_now_playing').where({ userId }).delete();
  },
  pages: [{ pattern: '/settings/apps', entrypoint: 'pages/apps.astro' }],
};

export default subsonic;
