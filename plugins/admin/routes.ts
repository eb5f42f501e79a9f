import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { integer, object } from '../../api/openapi/schema.ts';
import { ADMIN_ROLES, requireRole } from '../../api/http/guards.ts';

export function adminRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  api.get(
    '/admin/stats',
    {
      summary: 'Platform counts (admins)',
      session: 'required',
      responses: {
        200: object({
          totalUsers: integer,
          totalArtists: integer,
          totalTracks: integer,
          totalActiveSubscriptions: integer,
        }),
      },
      errors: { 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      ctx.body = await kernel.services.admin.stats();
    },
  );
}
