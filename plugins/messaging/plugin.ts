import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { messagingRoutes } from './routes.ts';
import { seedMessaging } from './seed.ts';
import { createMessagingService } from './service.ts';

const messaging: PluginManifest = {
  name: 'messaging',
  api: '^1.0.0',
  dependsOn: ['accounts'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createMessagingService,
  privateReads: ['/api/messages', '/api/messages/unread-count'],
  routes: messagingRoutes,
  exportData: (kernel, userId) => kernel.services.messaging.exportOf(userId),
  deleteData: (kernel, userId, trx) => kernel.services.messaging.forget(userId, trx),
  seed: seedMessaging,
  shellDefaults: { unreadMessages: 0 },
  shell: async (kernel, user) => ({ unreadMessages: await kernel.services.messaging.unreadCount(user.id) }),
  slots: {
    'shell.end': 'components/ShellUnreadPoller.astro',
    'topbar.badges': 'islands/InboxLink.tsx',
    'artist.contact': 'islands/MessageButton.tsx',
  },
  nav: [
    { href: '/messages', label: 'Messages', message: 'nav_messages', icon: 'mail', badge: 'unreadMessages', order: 10 },
  ],
  pages: [{ pattern: '/messages', entrypoint: 'pages/messages.astro' }],
};

export default messaging;
