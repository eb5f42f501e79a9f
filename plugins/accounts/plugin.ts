import path from 'node:path';
import { cachedReads } from '../../api/cache/cachedReads.ts';
import { userTag } from '../../api/cache/tags.ts';
import type { SessionUser } from '../../api/http/state.ts';
import type { PluginManifest } from '../../api/plugins/types.ts';
import { accountJobs } from './jobs.ts';
import { passkeyRoutes } from './passkeyRoutes.ts';
import { recoveryRoutes, RECOVERY_PAGES } from './recoveryRoutes.ts';
import { accountsRoutes, PHOTO_PATH } from './routes.ts';
import { PHOTO_BODY_LIMIT_BYTES } from './rules.ts';
import { seedAccounts } from './seed.ts';
import { createAccountsService } from './service.ts';

const accounts: PluginManifest = {
  name: 'accounts',
  api: '^1.0.0',
  core: true,
  migrations: path.join(import.meta.dirname, 'migrations'),
  services: createAccountsService,
  // A profile photo, up to 10 MB, arrives as a data URL.
  largeJsonBodies: [{ path: `/api${PHOTO_PATH}`, limit: PHOTO_BODY_LIMIT_BYTES }],
  // The only bodies read from callers without a session.
  anonymousBodies: [
    '/api/auth/login',
    '/api/auth/register',
    '/api/auth/password-reset',
    '/api/auth/password-reset/confirm',
    '/api/auth/verify-email',
    '/api/auth/passkeys/login',
  ],
  // The sign-in, registration and forgotten-password forms work before their island hydrates: they
  // post here as forms (routes.ts, recoveryRoutes.ts).
  formBodies: ['/api/auth/login', '/api/auth/register', '/api/auth/password-reset'],
  privateReads: ['/api/auth/user', '/api/users/me'],
  // Resolves the session's user once per request; a deleted user's session reads as signed out.
  // Kept per process until kernel.cache says this user changed (`user:<id>`, or everything).
  middleware: (kernel) => {
    const users = cachedReads<SessionUser>(kernel.cache);
    // A device signed out elsewhere loses its user first (sessions.ts).
    const devices = kernel.services.accounts.sessions.middleware();
    return (ctx, next) =>
      devices(ctx, async () => {
        const userId = ctx.session?.userId;
        ctx.state.user =
          typeof userId === 'number'
            ? ((await users.get(
                String(userId),
                async () => (await kernel.services.accounts.sessionUser(userId)) ?? undefined,
                [userTag(userId)],
              )) ?? null)
            : null;
        await next();
      });
  },
  routes: (router, kernel) => {
    accountsRoutes(router, kernel);
    recoveryRoutes(router, kernel);
    passkeyRoutes(router, kernel);
  },
  jobs: accountJobs,
  exportData: (kernel, userId) => kernel.services.accounts.exportData(userId),
  seed: seedAccounts,
  pages: [
    { pattern: '/auth', entrypoint: 'pages/auth.astro' },
    { pattern: '/login', entrypoint: 'pages/login.astro' },
    { pattern: '/logout', entrypoint: 'pages/logout.astro' },
    { pattern: '/profile', entrypoint: 'pages/profile.astro' },
    ...RECOVERY_PAGES,
  ],
};

export default accounts;
