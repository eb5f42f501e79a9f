import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, object } from '../../api/openapi/schema.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator, queryValidator } from '../../api/validation/validate.ts';
import { requestViewer } from '../catalog/viewer.ts';
import { CommentJson } from './schemas.ts';
import { commentRequired, commentRules, MESSAGES, pinRules, sortRules, type CommentSort } from './rules.ts';

const parseComment = bodyValidator<{ at: number; body: string }>(commentRules, commentRequired);
const parseSort = queryValidator<{ sort?: CommentSort }>(sortRules);
const parsePin = bodyValidator<{ pinned: boolean }>(pinRules, ['pinned']);

export function commentsRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const comments = kernel.services.comments;

  api.get(
    '/tracks/:id/comments',
    {
      summary: 'A released track’s timed comments, by moment (or newest first); blocked people’s left out',
      session: 'optional',
      query: parseSort,
      responses: { 200: object({ comments: arrayOf(CommentJson) }) },
      errors: { 404: 'no such track, or not out yet', 410: 'taken down, or its artist suspended or deleted' },
    },
    async (ctx) => {
      const { sort } = parseSort(ctx.query);
      ctx.body = { comments: await comments.list(idParam(ctx.params.id, 'Track'), requestViewer(ctx), sort) };
    },
  );

  api.post(
    '/tracks/:id/comments',
    {
      summary: 'Comment at a moment of a released track (milliseconds from its start)',
      session: 'required',
      login: MESSAGES.login,
      body: parseComment,
      responses: { 201: object({ comment: CommentJson }) },
      errors: { 400: MESSAGES.pastEnd, 404: 'no such track, or not out yet', 429: MESSAGES.tooMany },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const trackId = idParam(ctx.params.id, 'Track');
      const input = parseComment(ctx.request.body);
      ctx.status = 201;
      ctx.body = { comment: await comments.post(user, trackId, requestViewer(ctx), input) };
    },
  );

  api.delete(
    '/comments/:id',
    {
      summary: 'Take back one’s own comment',
      session: 'required',
      login: MESSAGES.login,
      responses: { 204: null },
      errors: { 404: MESSAGES.notFound },
    },
    async (ctx) => {
      await comments.remove(requireUser(ctx, MESSAGES.login).id, idParam(ctx.params.id, 'Comment'));
      ctx.status = 204;
    },
  );

  api.post(
    '/comments/:id/pin',
    {
      summary: 'The track’s artist pins a comment (replacing the pinned one) or unpins it',
      session: 'required',
      login: MESSAGES.login,
      body: parsePin,
      responses: { 200: object({ pinned: boolean }) },
      errors: { 403: MESSAGES.notYourTrack, 404: MESSAGES.notFound },
    },
    async (ctx) => {
      const user = requireUser(ctx, MESSAGES.login);
      const { pinned } = parsePin(ctx.request.body);
      await comments.pin(user.id, idParam(ctx.params.id, 'Comment'), pinned);
      ctx.body = { pinned };
    },
  );

  api.post(
    '/comments/:id/hide',
    {
      summary: 'The track’s artist hides a comment for everyone',
      session: 'required',
      login: MESSAGES.login,
      responses: { 204: null },
      errors: { 403: MESSAGES.notYourTrack, 404: MESSAGES.notFound },
    },
    async (ctx) => {
      await comments.hide(requireUser(ctx, MESSAGES.login).id, idParam(ctx.params.id, 'Comment'));
      ctx.status = 204;
    },
  );
}
