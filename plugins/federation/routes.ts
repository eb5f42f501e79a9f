import { described } from '../../api/openapi/routes.ts';
import { arrayOf, component, dateTime, integer, object, string } from '../../api/openapi/schema.ts';
import { ADMIN_ROLES, requireRole } from '../../api/http/guards.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { blockRules } from './rules.ts';

const parseBlock = bodyValidator<{ domain: string }>(blockRules, ['domain']);
const BlockedDomain = component('BlockedDomain', object({ domain: string, blockedAt: dateTime }));

/** Admins' blocks of remote servers: follows from them refused, deliveries to them stopped. */
export function federationRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const federation = kernel.services.federation;

  api.get(
    '/federation/blocks',
    {
      summary: 'The remote domains OneTrack does not federate with (admins)',
      session: 'required',
      responses: { 200: object({ domains: arrayOf(BlockedDomain) }) },
      errors: { 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      ctx.body = { domains: await federation.blockedDomains() };
    },
  );

  api.post(
    '/federation/blocks',
    {
      summary:
        'Block a remote domain: its follows are refused, deliveries to it stop, its followers are dropped (admins)',
      session: 'required',
      body: parseBlock,
      responses: { 200: object({ domain: string, artistsAffected: integer }) },
      errors: { 400: 'not a domain name', 403: 'not an admin' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      ctx.body = await federation.block(parseBlock(ctx.request.body).domain);
    },
  );

  api.delete(
    '/federation/blocks/:domain',
    {
      summary: 'Federate with a blocked domain again (admins)',
      session: 'required',
      params: { domain: { description: 'The blocked domain', schema: { type: 'string' } } },
      responses: { 204: null },
      errors: { 403: 'not an admin', 404: 'that domain is not blocked' },
    },
    async (ctx) => {
      requireRole(ctx, ADMIN_ROLES);
      await federation.unblock(String(ctx.params.domain));
      ctx.status = 204;
    },
  );
}
