import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, component, integer, object, string } from '../../api/openapi/schema.ts';
import { ADMIN_ROLES, idParam, requireRole } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { contentRequired, contentRules } from './rules.ts';

const parseContent = bodyValidator<{ value: string }>(contentRules, contentRequired);
const ContentBlock = component(
  'ContentBlock',
  object({
    id: integer,
    key: string,
    section: string,
    label: string,
    description: string,
    type: string,
    value: string,
  }),
);

export function contentRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const content = kernel.services.content;

  api.get(
    '/content/key/:key',
    {
      summary: 'One content block’s text by its key',
      params: { key: { description: 'The block’s key, e.g. home.hero.title', schema: string } },
      responses: { 200: object({ key: string, value: string }) },
      errors: { 404: 'no such block' },
    },
    async (ctx) => {
      ctx.body = await content.byKey(ctx.params.key);
    },
  );

  // Spec §6/§7: the content list call is public and always enabled (its path is the spec's).
  api.get(
    '/debug/content',
    { summary: 'Every content block', responses: { 200: arrayOf(ContentBlock) } },
    async (ctx) => {
      ctx.body = await content.list();
    },
  );

  api.patch(
    '/content/:id',
    {
      summary: 'Change a content block’s text (admins)',
      session: 'required',
      body: parseContent,
      responses: { 200: ContentBlock },
      errors: { 403: 'not an admin', 404: 'no such block' },
    },
    async (ctx) => {
      const user = requireRole(ctx, ADMIN_ROLES);
      const id = idParam(ctx.params.id, 'Content block');
      ctx.body = await content.update(id, parseContent(ctx.request.body).value, user.id);
    },
  );
}
