import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { MONTH, arrayOf, boolean, dateTime, integer, object, optional, string } from '../../api/openapi/schema.ts';
import { Pledge, PledgeChoice } from './schemas.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { MESSAGES, pledgeRequired, pledgeRules } from './rules.ts';

const parsePledge = bodyValidator<{ artistId: number; credits: number }>(pledgeRules, pledgeRequired);

export function pledgesRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const pledges = kernel.services.pledges;

  api.get(
    '/pledges',
    {
      summary: 'The caller’s pledges still waiting for their drop',
      session: 'required',
      login: MESSAGES.login(),
      responses: { 200: object({ pledges: arrayOf(Pledge) }) },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login());
      ctx.body = { pledges: await pledges.pendingOf(user.id) };
    },
  );

  // A userId in the body is ignored (stripped by the validator): the session user pledges.
  api.post(
    '/pledges',
    {
      summary: 'Pledge credits to an artist’s next monthly drop (held from that month’s grant)',
      session: 'required',
      login: MESSAGES.login(),
      body: parsePledge,
      responses: { 201: object({ pledge: Pledge, credits: integer }) },
      errors: {
        410: 'the artist has left OneTrack',
        400: 'more credits than are left',
        403: 'to oneself',
        404: 'no such artist',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login());
      const { artistId, credits } = parsePledge(ctx.request.body);
      ctx.status = 201;
      ctx.body = await pledges.pledge(user.id, artistId, credits);
    },
  );

  api.delete(
    '/pledges/:id',
    {
      summary: 'Take a pledge back before its drop',
      session: 'required',
      login: MESSAGES.login(),
      responses: { 200: object({ credits: integer }) },
      errors: { 409: 'already cancelled, or already landed with the drop' },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login());
      ctx.body = await pledges.cancel(user.id, idParam(ctx.params.id, 'Pledge'));
    },
  );

  // Read when the vault's pledge dialog opens, not carried by the page: at scale it is every artist.
  api.get(
    '/pledges/artists',
    {
      summary:
        'The artists the caller may pledge to (never their own), by name, each with the month of their next drop',
      session: 'required',
      login: MESSAGES.login(),
      responses: { 200: arrayOf(PledgeChoice) },
    },
    async (ctx) => {
      ctx.body = await pledges.pledgeableArtists(requireUser(ctx, MESSAGES.login()).id);
    },
  );

  api.get(
    '/pledges/artists/:id',
    {
      summary: 'The pledge window of an artist’s next drop; to the artist, also what waits for them',
      session: 'required',
      login: MESSAGES.login(),
      responses: {
        200: object({
          month: MONTH,
          closesAt: dateTime,
          available: integer,
          own: boolean,
          artistName: string,
          waiting: optional(integer),
        }),
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login());
      const artistId = idParam(ctx.params.id, 'Artist');
      // What waits for an artist is theirs to know: anyone else gets the window without it.
      const window = await pledges.window(artistId, user.id);
      ctx.body = window.own ? { ...window, waiting: (await pledges.waiting(artistId)).credits } : window;
    },
  );
}
