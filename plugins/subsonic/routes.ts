import { idParam, requireUser } from '../../api/http/guards.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, component, dateTime, extend, integer, nullable, object, string } from '../../api/openapi/schema.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { appPasswordRules } from './rules.ts';

const parseAppPassword = bodyValidator<{ name: string }>(appPasswordRules, ['name']);

const appPassword = object({ id: integer, name: string, createdAt: dateTime, lastUsedAt: nullable(dateTime) });
const AppPassword = component('AppPassword', appPassword);
/** Its secret is in the creation's answer only. */
const NewAppPassword = component('NewAppPassword', extend(appPassword, { password: string }));

/** The signed-in user's app passwords (Settings › Apps); the secret is only in the creation's answer. */
export function subsonicRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const subsonic = kernel.services.subsonic;

  api.get(
    '/subsonic/app-passwords',
    {
      summary: 'The caller’s app passwords for Subsonic apps (never their secrets)',
      session: 'required',
      responses: { 200: arrayOf(AppPassword) },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await subsonic.list(user.id);
    },
  );

  api.post(
    '/subsonic/app-passwords',
    {
      summary: 'Make an app password; its secret is in this answer only',
      session: 'required',
      body: parseAppPassword,
      responses: { 201: NewAppPassword },
      errors: { 409: 'too many app passwords' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const { name } = parseAppPassword(ctx.request.body);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 201;
      ctx.body = await subsonic.create(user.id, name);
    },
  );

  api.delete(
    '/subsonic/app-passwords/:id',
    { summary: 'Delete an app password: the app signs out', session: 'required', responses: { 204: null } },
    async (ctx) => {
      const user = requireUser(ctx);
      await subsonic.remove(user.id, idParam(ctx.params.id, 'App password'));
      ctx.status = 204;
    },
  );
}
