import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { ADMIN_ROLES, idParam, requireRole } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { contentRequired, contentRules } from './rules.ts';

const parseContent = bodyValidator<{ value: string }>(contentRules, contentRequired);

export function contentRoutes(router: ApiRouter, kernel: Kernel) {
  const content = kernel.services.content;

  router.get('/content/key/:key', async (ctx) => {
    ctx.body = await content.byKey(ctx.params.key);
  });

  // Spec §6/§7: the content list call is public and always enabled (its path is the spec's).
  router.get('/debug/content', async (ctx) => {
    ctx.body = await content.list();
  });

  router.patch('/content/:id', async (ctx) => {
    const user = requireRole(ctx, ADMIN_ROLES);
    const id = idParam(ctx.params.id, 'Content block');
    ctx.body = await content.update(id, parseContent(ctx.request.body).value, user.id);
  });
}
