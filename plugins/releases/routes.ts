import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import type { RouterMiddleware } from '@koa/router';
import { described, type RouteDescription } from '../../api/openapi/routes.ts';
import type { AppState } from '../../api/http/state.ts';
import { NOTICE } from '../../api/openapi/schema.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import { Metadata, Presaved, Release, TrackMedia, Upload } from './schemas.ts';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { editRules, type ReleaseEdit } from './edit.ts';
import { parseMetadata } from './metadata.ts';
import {
  EDIT_MESSAGES,
  PRESAVE_MESSAGES,
  WITHDRAW_MESSAGES,
  trackRequired,
  trackRules,
  UPLOAD_KINDS,
  uploadRequired,
  uploadRules,
  type UploadKind,
} from './rules.ts';
import type { TrackInput } from './service.ts';
import { requestViewer } from '../catalog/viewer.ts';

const parseUpload = bodyValidator<{ data: string; filename?: string; type: UploadKind }>(uploadRules, uploadRequired);
const parseTrack = bodyValidator<TrackInput>(trackRules, trackRequired);
const parseEdit = bodyValidator<ReleaseEdit>(editRules);

export const UPLOAD_LOGIN = 'Please log in to upload files';
export const TRACK_LOGIN = 'You need to be logged in to upload tracks.';

const streamQuery: FieldRules = {
  type: {
    label: 'What the file is',
    type: 'string',
    enum: UPLOAD_KINDS,
    messages: { enum: uploadRules.type.messages!.enum },
  },
  filename: { label: 'The file’s name, for display', type: 'string' },
};
const UPLOAD_ERRORS = {
  400: 'not an image or audio file, or an image too small or not square',
  403: 'the e-mail address is not verified',
  413: 'larger than the limit, or than what today’s upload allowance has left',
  503: 'media storage is not answering: nothing was stored, try again',
};

export function releasesRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const releases = kernel.services.releases;

  // Spec §7: a data URL in JSON. Its body parser (larger limit) runs in the plugin middleware.
  api.post(
    '/upload',
    {
      summary: 'Upload a cover image or an audio master as a data URL',
      session: 'required',
      login: UPLOAD_LOGIN,
      body: parseUpload,
      responses: { 201: Upload },
      errors: UPLOAD_ERRORS,
    },
    async (ctx) => {
      const user = requireUser(ctx, UPLOAD_LOGIN);
      await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
      ctx.status = 201;
      ctx.body = await releases.uploadDataUrl(user.id, parseUpload(ctx.request.body));
    },
  );

  // The streaming path the wizard uses: the raw file as the body, never held in memory.
  api.post(
    '/upload/stream',
    {
      summary: 'Upload a file as the raw request body (what the release wizard uses)',
      session: 'required',
      login: UPLOAD_LOGIN,
      query: streamQuery,
      body: { contentType: 'application/octet-stream', description: 'The file’s bytes' },
      responses: { 201: Upload },
      errors: UPLOAD_ERRORS,
    },
    async (ctx) => {
      const user = requireUser(ctx, UPLOAD_LOGIN);
      await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
      const kind = String(ctx.query.type ?? '');
      if (!(UPLOAD_KINDS as readonly string[]).includes(kind)) throw invalid(streamQuery.type.messages!.enum!);
      const filename = typeof ctx.query.filename === 'string' ? ctx.query.filename : undefined;
      const length = ctx.get('Content-Length') ? Number(ctx.get('Content-Length')) : undefined;
      ctx.status = 201;
      ctx.body = await releases.uploadStream(user.id, kind as UploadKind, filename, ctx.req, length);
    },
  );

  api.post(
    '/tracks',
    {
      summary: 'Release a track: its fields, its uploads and its credits',
      session: 'required',
      login: TRACK_LOGIN,
      body: parseTrack,
      bodyFields: { metadata: Metadata },
      responses: { 201: Release },
      errors: {
        400: 'a date, a credit or an upload that does not fit',
        403: 'the e-mail address is not verified, not an artist account, or another person’s upload',
        409: 'this month’s drop is already taken',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx, TRACK_LOGIN);
      await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const metadata = parseMetadata(body.metadata);
      const input = parseTrack(body);
      ctx.status = 201;
      ctx.body = await releases.createTrack(user, input, metadata);
    },
  );

  // The player's waveform and the processing state of a released track (anyone may listen to it),
  // or of a scheduled one to its own artist (their preview).
  api.get(
    '/tracks/:id/media',
    {
      summary:
        'A track’s waveform, loudness, tempo and key, and whether its stream is ready ' +
        '(a scheduled one: to its artist only)',
      session: 'optional',
      responses: { 200: TrackMedia },
    },
    async (ctx) => {
      const id = idParam(ctx.params.id, 'Track');
      const user = ctx.state.user;
      const visible =
        (await kernel.services.catalog.findTrack(id, requestViewer(ctx))) ||
        (user && (await releases.isOwnTrack(user.id, id)));
      if (!visible) throw notFound('Track not found');
      ctx.body = await releases.trackMedia(id);
    },
  );

  // Pre-save a scheduled release (its "coming on" page), or withdraw it before the release is out:
  // one contract both ways.
  const presaveRoute = (summary: string): RouteDescription => ({
    summary,
    session: 'required',
    login: PRESAVE_MESSAGES.login,
    responses: { 200: Presaved },
    errors: { 403: 'one’s own release', 409: 'already out, or pre-save is off for it' },
  });
  const presaveChange =
    (change: 'presave' | 'cancel'): RouterMiddleware<AppState> =>
    async (ctx) => {
      const user = requireUser(ctx, PRESAVE_MESSAGES.login);
      ctx.body = await releases.presaves[change](user.id, idParam(ctx.params.id, 'Track'));
    };
  api.post(
    '/tracks/:id/presave',
    presaveRoute('Pre-save a scheduled release: it is in the library when it is out'),
    presaveChange('presave'),
  );
  api.delete(
    '/tracks/:id/presave',
    presaveRoute('Withdraw a pre-save before the release is out'),
    presaveChange('cancel'),
  );

  // Issue 44 point 3: a scheduled release can be called off before its day (a monthly drop frees its month).
  api.delete(
    '/releases/:id',
    {
      summary: 'Withdraw one of the caller’s releases that is not out yet',
      session: 'required',
      responses: { 200: NOTICE },
      errors: { 404: 'not one of the caller’s releases', 409: WITHDRAW_MESSAGES.out },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      await releases.withdraw(user.id, idParam(ctx.params.id, 'Release'));
      ctx.body = { message: WITHDRAW_MESSAGES.done };
    },
  );

  // Issue 44 point 3: the metadata after submit, checked by the wizard's rules; the audio stays.
  api.patch(
    '/releases/:id',
    {
      summary: 'Edit one of the caller’s releases: its details, cover and credits (never its audio or schedule)',
      session: 'required',
      body: parseEdit,
      bodyFields: { metadata: Metadata },
      responses: { 200: Release },
      errors: {
        400: 'a field, a date or a credit that does not fit',
        403: 'another person’s upload as the cover',
        404: 'not one of the caller’s releases',
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = idParam(ctx.params.id, 'Release');
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (body.audioUrl !== undefined) throw invalid(EDIT_MESSAGES.audioFixed);
      await releases.edit(user.id, id, parseEdit(body), body.metadata);
      ctx.body = await releases.release(id);
    },
  );

  // Step 6 polls its release until processing ends; only the artist who made it may look before release.
  api.get(
    '/releases/:id',
    {
      summary: 'One of the caller’s releases, as the wizard polls it while it is processed',
      session: 'required',
      responses: { 200: Release },
      errors: { 403: 'another artist’s release' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const release = await releases.release(idParam(ctx.params.id, 'Release'));
      const artist = await kernel.services.accounts.artistOfUser(user.id);
      if (artist?.id !== release.artistId) throw forbidden('This release belongs to another artist');
      ctx.body = release;
    },
  );
}
