import type { PluginManifest } from '../../api/plugins/types.ts';
import { MANIFEST_PATH } from './appManifest.ts';
import { viewerHeader } from './viewer.ts';

/** What the layout asks for: with the plugin off there is no manifest and no service worker. */
export interface OfflineService {
  manifestPath: string;
}

declare module '../../api/plugins/types.ts' {
  interface Services {
    offline?: OfflineService;
  }
}

// The installable app that works offline (issue 23, point 3): the manifest, icons and service worker
// are made at build time (build.ts); the server names each page's viewer for the worker's private
// caches and serves the offline page. docs/architecture.md, "Offline".
const offline: PluginManifest = {
  name: 'offline',
  dependsOn: ['accounts'],
  services: (): OfflineService => ({ manifestPath: MANIFEST_PATH }),
  middleware: (kernel) => viewerHeader(kernel.config.sessionSecret),
  pages: [{ pattern: '/offline', entrypoint: 'pages/offline.astro' }],
};

export default offline;
