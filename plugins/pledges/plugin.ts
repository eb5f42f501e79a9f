import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { pledgesRoutes } from './routes.ts';
import { createPledgesService, EXPIRE_JOB } from './service.ts';

const pledges: PluginManifest = {
  name: 'pledges',
  api: '^1.0.0',
  // Holds and spends through the credits ledger; converts on releases' public moment; tells fans through notifications.
  dependsOn: ['accounts', 'catalog', 'credits', 'releases', 'notifications'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createPledgesService,
  routes: pledgesRoutes,
  jobs: {
    [EXPIRE_JOB]: async (payload, kernel) => kernel.services.pledges.expire((payload as { month: string }).month),
  },
};

export default pledges;
