import { idParam, requireUser } from '../../api/http/guards.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { appPasswordRules } from './rules.ts';

const parseAppPassword = bodyValidator<{ name: string }>(appPasswordRules, ['name']);

/** The signed-in user's app passwords (Settings › Apps); the secret is only in the creation's answer. */
export function subsonicRoutes(router: ApiRouter, kernel: Kernel) {
  const subsonic = kernel.services.subsonic;

  router.get('/subsonic/app-passwords', async (ctx) => {
    const user = requireUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await subsonic.list(user.id);
  });

  router.post('/subsonic/app-passwords', async (ctx) => {
    const user = requireUser(ctx);
    const { name } = parseAppPassword(ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 201;
    ctx.body = await subsonic.create(user.id, name);
  });

  router.delete('/subsonic/app-passwords/:id', async (ctx) => {
    const user = requireUser(ctx);
    await subsonic.remove(user.id, idParam(ctx.params.id, 'App password'));
    ctx.status = 204;
  });
}
