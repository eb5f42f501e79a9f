// An npm package is loaded by Node from node_modules, where Node does not strip TypeScript: a
// package plugin ships JavaScript. Its pages and islands are compiled by the site's build, so they
// may be .astro and .tsx. Everything of the kernel it uses comes through the kernel object.
import path from 'node:path';
import { merchRoutes } from './routes.js';
import { createMerchService, INTEREST_JOB, tellSeller } from './service.js';

const merch = {
  // A package names itself: the key of its service (kernel.services.merch), what dependsOn names.
  name: 'merch',
  api: '^1.0.0',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createMerchService,
  routes: merchRoutes,
  // The list depends on the data only: anonymous answers are cached, dropped by the `merch` tag.
  publicReads: ['/api/merch/items'],
  // Run by the media worker; enqueued with kernel.jobs, as a package cannot import the kernel's queue.
  jobs: { [INTEREST_JOB]: tellSeller },
  pages: [{ pattern: '/merch', entrypoint: 'pages/merch.astro' }],
};

export default merch;
