import path from 'node:path';
import { inLane } from '../../api/jobs/handler.ts';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { notificationsRoutes } from './routes.ts';
import { seedNotifications } from './seed.ts';
import { createNotificationsService, EMAIL_JOB } from './service.ts';

const notifications: PluginManifest = {
  name: 'notifications',
  api: '^1.0.0',
  // Listens to releases (a drop's public moment) and messaging (a new message).
  dependsOn: ['accounts', 'catalog', 'releases', 'messaging'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createNotificationsService,
  routes: notificationsRoutes,
  exportData: async (kernel, userId) => ({ notifications: await kernel.services.notifications.exportOf(userId) }),
  deleteData: async (_kernel, userId, trx) => {
    await trx('notifications').where({ userId }).delete();
  },
  seed: seedNotifications,
  shellDefaults: { unreadNotifications: 0 },
  shell: async (kernel, user) => ({ unreadNotifications: await kernel.services.notifications.unreadCount(user.id) }),
  jobs: {
    [EMAIL_JOB]: inLane('mail', (payload, kernel) =>
      kernel.services.notifications.sendEmail((payload as { id: number }).id),
    ),
  },
  slots: { 'shell.end': 'components/ShellBellPoller.astro', 'topbar.badges': 'islands/BellLink.tsx' },
  pages: [{ pattern: '/notifications', entrypoint: 'pages/notifications.astro' }],
};

export default notifications;
