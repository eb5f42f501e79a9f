import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { fediverseBridge } from './bridge.ts';
import { DELIVER_JOB } from './queue.ts';
import { federationRoutes } from './routes.ts';
import { seedFederation } from './seed.ts';
import { ANNOUNCE_JOB, createFederationService, type Announcement } from './service.ts';
import { federationSettings } from './settings.ts';

/**
 * Follow an artist from the fediverse (issue 46): every artist an ActivityPub actor, drops sent to
 * remote followers at their public moment, moderation and deletions following them there.
 */
const federation: PluginManifest = {
  name: 'federation',
  api: '^1.0.0',
  dependsOn: ['accounts', 'catalog', 'releases'],
  // Takedowns and suspensions reach followers' servers when moderation is on; the dashboard shows
  // followers when insights is.
  optionalDependsOn: ['moderation', 'insights'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  settings: federationSettings,
  services: (kernel) => {
    const service = createFederationService(kernel, kernel.settings.federation);
    kernel.services.releases.onPublic((release) => service.released(release.trackId, release.artistId));
    kernel.services.releases.onEdited((edited) => service.trackEdited(edited.trackId));
    kernel.services.accounts.onProfileChanged((userId) => service.profileChanged(userId));
    kernel.services.moderation?.onWithheld((trx, change) =>
      service.moderated(trx, change.withheld ? 'withhold' : 'restore', change.artistId, change.trackIds),
    );
    return service;
  },
  middleware: fediverseBridge,
  routes: federationRoutes,
  seed: seedFederation,
  jobs: {
    [DELIVER_JOB]: (payload, kernel) => kernel.services.federation.deliver(payload as { type?: string }),
    [ANNOUNCE_JOB]: (payload, kernel) => kernel.services.federation.announce(payload as Announcement),
  },
  exportData: async (kernel, userId) => {
    const fediverse = await kernel.services.federation.exportOf(userId);
    return fediverse ? { fediverse } : {};
  },
  deleteData: (kernel, userId, trx) => kernel.services.federation.accountDeleted(trx, userId),
  slots: {
    'artist.actions': 'components/FollowOnFediverse.astro',
    'dashboard.sections': 'components/FediverseFollowers.astro',
    'page.start': 'client/copyHandle.ts',
  },
  adminPages: [{ href: '/admin/fediverse', label: 'Fediverse', message: 'nav_fediverse', order: 40 }],
  nav: [
    {
      href: '/admin/fediverse',
      label: 'Fediverse',
      message: 'nav_fediverse',
      icon: 'link',
      audience: 'admins',
      place: 'foot',
      order: 12,
    },
  ],
  pages: [
    { pattern: '/fediverse/follow', entrypoint: 'pages/follow.astro' },
    { pattern: '/admin/fediverse', entrypoint: 'pages/admin-fediverse.astro' },
  ],
};

export default federation;
