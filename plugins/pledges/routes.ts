import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { MESSAGES, pledgeRequired, pledgeRules } from './rules.ts';

const parsePledge = bodyValidator<{ artistId: number; credits: number }>(pledgeRules, pledgeRequired);

export function pledgesRoutes(router: ApiRouter, kernel: Kernel) {
  const pledges = kernel.services.pledges;

  router.get('/pledges', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    ctx.body = { pledges: await pledges.pendingOf(user.id) };
  });

  // A userId in the body is ignored (stripped by the validator): the session user pledges.
  router.post('/pledges', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    const { artistId, credits } = parsePledge(ctx.request.body);
    ctx.status = 201;
    ctx.body = await pledges.pledge(user.id, artistId, credits);
  });

  router.delete('/pledges/:id', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    ctx.body = await pledges.cancel(user.id, idParam(ctx.params.id, 'Pledge'));
  });

  router.get('/pledges/artists/:id', async (ctx) => {
    const user = requireUser(ctx, MESSAGES.login);
    const artistId = idParam(ctx.params.id, 'Artist');
    // What waits for an artist is theirs to know: anyone else gets the window without it.
    const window = await pledges.window(artistId, user.id);
    ctx.body = window.own ? { ...window, waiting: (await pledges.waiting(artistId)).credits } : window;
  });
}
