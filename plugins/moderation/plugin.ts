import path from 'node:path';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { moderationRoutes, NOTICE_PATH } from './routes.ts';
import { createModerationService } from './service.ts';
import { deleteModerationData, exportModeration } from './yourData.ts';

// Reports, copyright notices, the moderators' queue and actions, appeals, and the audit log of every
// moderation and admin action. The states it sets (a track's hidden_at, an account's suspended_at)
// are columns of catalog and accounts, read on every path there (plugins/moderation/README.md).
const moderation: PluginManifest = {
  name: 'moderation',
  api: '^1.0.0',
  dependsOn: ['accounts', 'catalog', 'content', 'messaging', 'notifications'],
  // Comments can be reported, hidden and restored when the comments plugin is enabled (its service reads them).
  optionalDependsOn: ['comments'],
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createModerationService,
  anonymousBodies: [NOTICE_PATH],
  routes: moderationRoutes,
  slots: {
    'artist.actions': 'components/ArtistReport.astro',
    'track.actions': 'components/TrackReport.astro',
    'message.actions': 'islands/MessageReport.tsx',
    'comment.actions': 'islands/CommentReport.tsx',
  },
  exportData: exportModeration,
  deleteData: deleteModerationData,
  adminPages: [
    { href: '/admin/moderation', label: 'Moderation', message: 'mod_moderation', order: 10 },
    { href: '/admin/audit', label: 'Audit log', message: 'admin_audit_log', order: 20 },
  ],
  pages: [
    { pattern: '/admin/moderation', entrypoint: 'pages/moderation.astro' },
    { pattern: '/admin/audit', entrypoint: 'pages/audit.astro' },
    { pattern: '/copyright', entrypoint: 'pages/copyright.astro' },
    { pattern: '/appeals/[id]', entrypoint: 'pages/appeal.astro' },
  ],
};

export default moderation;
