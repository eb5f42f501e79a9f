import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, object } from '../../api/openapi/schema.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { requestViewer } from '../catalog/viewer.ts';
import { LYRICS_LANGUAGES } from '../releases/rules.ts';
import { notFound } from '../../api/errors.ts';
import { LyricsJson } from './schemas.ts';
import { lyricsRequired, lyricsRules, MESSAGES } from './rules.ts';

const parseLyricsBody = bodyValidator<{ language: string; text: string }>(lyricsRules, lyricsRequired);

export function lyricsRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const lyrics = kernel.services.lyrics;

  api.get(
    '/tracks/:id/lyrics',
    {
      summary: 'A released track’s lyrics, each language with its lines (timed ones in milliseconds)',
      session: 'optional',
      responses: { 200: object({ lyrics: arrayOf(LyricsJson) }) },
      errors: { 404: 'no such track, or not out yet', 410: 'taken down, or its artist suspended or deleted' },
    },
    async (ctx) => {
      ctx.body = { lyrics: await lyrics.ofVisibleTrack(idParam(ctx.params.id, 'Track'), requestViewer(ctx)) };
    },
  );

  api.put(
    '/tracks/:id/lyrics',
    {
      summary: 'Save the lyrics of one’s own track in one language: plain text, LRC or enhanced LRC',
      session: 'required',
      login: MESSAGES.login,
      body: parseLyricsBody,
      responses: { 200: object({ lyrics: LyricsJson }) },
      errors: {
        400: 'a line the parser refuses: "Line N: …" (out of order, past the track’s end, unparseable)',
        403: MESSAGES.notYours,
        404: MESSAGES.trackNotFound,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const trackId = idParam(ctx.params.id, 'Track');
      ctx.body = { lyrics: await lyrics.save(user.id, trackId, parseLyricsBody(ctx.request.body)) };
    },
  );

  api.delete(
    '/tracks/:id/lyrics/:language',
    {
      summary: 'Remove one language’s lyrics of one’s own track',
      session: 'required',
      login: MESSAGES.login,
      params: {
        language: { description: 'A lyrics language of the upload wizard', schema: { enum: [...LYRICS_LANGUAGES] } },
      },
      responses: { 204: null },
      errors: { 403: MESSAGES.notYours, 404: MESSAGES.none },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const trackId = idParam(ctx.params.id, 'Track');
      const language = ctx.params.language;
      if (!(LYRICS_LANGUAGES as readonly string[]).includes(language)) throw notFound(MESSAGES.none);
      await lyrics.remove(user.id, trackId, language);
      ctx.status = 204;
    },
  );
}
