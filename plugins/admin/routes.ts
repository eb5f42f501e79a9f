import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { ADMIN_ROLES, requireRole } from '../../api/http/guards.ts';

export function adminRoutes(router: ApiRouter, kernel: Kernel) {
  router.get('/admin/stats', async (ctx) => {
    requireRole(ctx, ADMIN_ROLES);
    ctx.body = await kernel.services.admin.stats();
  });
}
