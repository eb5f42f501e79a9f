import type { PluginManifest } from '../../api/plugins/types.ts';
import { adminRoutes } from './routes.ts';
import { createAdminService } from './service.ts';

// The admin dashboard counts the catalog, edits site content and reads the month's payouts.
const admin: PluginManifest = {
  name: 'admin',
  api: '^1.0.0',
  dependsOn: ['accounts', 'catalog', 'content', 'credits'],
  services: createAdminService,
  routes: adminRoutes,
  slots: { 'topbar.links': 'islands/AdminLink.tsx' },
  adminPages: [{ href: '/admin', label: 'Dashboard', message: 'mod_dashboard', order: 0 }],
  nav: [
    {
      href: '/admin',
      label: 'Admin',
      message: 'nav_admin',
      icon: 'shield',
      audience: 'admins',
      place: 'foot',
      order: 10,
    },
  ],
  pages: [{ pattern: '/admin', entrypoint: 'pages/admin.astro' }],
};

export default admin;
