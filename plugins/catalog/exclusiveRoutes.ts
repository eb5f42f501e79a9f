import { described } from '../../api/openapi/routes.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { sendStored } from '../../api/http/media.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { notFound } from '../../api/errors.ts';
import { OwnExclusive } from './schemas.ts';
import { EXCLUSIVE_LOGIN, EXCLUSIVE_NOT_ARTIST, exclusiveRequired, exclusiveRules } from './exclusiveRules.ts';
import type { NewExclusive } from './exclusiveAuthoring.ts';

const parseExclusive = bodyValidator<NewExclusive>(exclusiveRules, exclusiveRequired);
/** A subscriber's copy only: never kept by a shared cache, never a lasting link. */
const PRIVATE_CACHING = 'private, no-store';

// An artist's own exclusives (exclusives.ts, issue 44 point 4) and their files for subscribers.
export function exclusiveRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const exclusives = kernel.services.catalog.ownExclusives;

  api.post(
    '/exclusives',
    {
      summary: 'Create an exclusive of the caller’s artist (an audio or video one then takes its file)',
      session: 'required',
      login: EXCLUSIVE_NOT_ARTIST,
      body: parseExclusive,
      responses: { 201: OwnExclusive },
      errors: { 403: 'not an artist account' },
    },
    async (ctx) => {
      const user = requireUser(ctx, EXCLUSIVE_NOT_ARTIST);
      ctx.status = 201;
      ctx.body = await exclusives.create(user.id, parseExclusive(ctx.request.body));
    },
  );

  api.put(
    '/exclusives/:id/media',
    {
      summary: 'The file of an unreleased track (WAV, FLAC) or a behind-the-scenes video (MP4, MOV, WebM), once',
      session: 'required',
      login: EXCLUSIVE_NOT_ARTIST,
      body: { contentType: 'application/octet-stream', description: 'The file’s bytes' },
      responses: { 200: OwnExclusive },
      errors: {
        400: 'not a file of the exclusive’s kind, or an exclusive without media',
        403: 'another artist’s exclusive',
        409: 'the exclusive has its file already',
        413: 'larger than the limit',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, EXCLUSIVE_NOT_ARTIST);
      await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
      const length = ctx.get('Content-Length') ? Number(ctx.get('Content-Length')) : undefined;
      ctx.body = await exclusives.attachMedia(user.id, idParam(ctx.params.id, 'Exclusive'), ctx.req, length);
    },
  );

  api.get(
    '/exclusives/:id/media',
    {
      summary: 'An exclusive’s audio or video, with Range support: for its artist and their subscribers only',
      session: 'required',
      login: EXCLUSIVE_LOGIN,
      responses: {
        200: { description: 'the file', content: { 'audio/mp4': null, 'video/mp4': null } },
        206: { description: 'a range of it', content: { 'audio/mp4': null, 'video/mp4': null } },
      },
      errors: { 400: 'an exclusive without media', 403: 'not subscribed to its artist', 409: 'still processing' },
    },
    async (ctx) => {
      const { key } = await exclusives.media(ctx.state.user?.id ?? null, idParam(ctx.params.id, 'Exclusive'));
      if (!(await sendStored(ctx, kernel.storage, key, PRIVATE_CACHING))) throw notFound('Exclusive not found');
    },
  );

  api.delete(
    '/exclusives/:id',
    {
      summary: 'Delete one of the caller’s exclusives, with its claims and files',
      session: 'required',
      login: EXCLUSIVE_NOT_ARTIST,
      responses: { 204: null },
      errors: { 403: 'another artist’s exclusive' },
    },
    async (ctx) => {
      await exclusives.remove(requireUser(ctx, EXCLUSIVE_NOT_ARTIST).id, idParam(ctx.params.id, 'Exclusive'));
      ctx.status = 204;
    },
  );
}
