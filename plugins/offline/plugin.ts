import type { PluginManifest } from '../../api/plugins/types.ts';
import { viewerHeader } from './viewer.ts';

// The installable app that works offline (issue 23, point 3): the manifest, icons and service worker
// are made at build time (build.ts); the server names each page's viewer for the worker's private
// caches and serves the offline page. plugins/offline/README.md.
const offline: PluginManifest = {
  name: 'offline',
  api: '^1.0.0',
  dependsOn: ['accounts'],
  middleware: (kernel) => viewerHeader(kernel.config.sessionSecret),
  slots: {
    'shell.head': 'components/OfflineHead.astro',
    'shell.banner': 'components/OfflineBanner.astro',
    'settings.sections': 'components/OfflineSettings.astro',
    'queue.actions': 'islands/KeepOffline.tsx',
    'page.start': 'client/start.ts',
    'player.stream-only': 'client/streamOnly.ts',
  },
  pages: [{ pattern: '/offline', entrypoint: 'pages/offline.astro' }],
};

export default offline;
