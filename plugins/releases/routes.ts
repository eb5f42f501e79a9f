import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { parseMetadata } from './metadata.ts';
import { PRESAVE_MESSAGES, trackRequired, trackRules, UPLOAD_KINDS, uploadRequired, uploadRules, type UploadKind } from './rules.ts';
import type { TrackInput } from './service.ts';
import { requestViewer } from '../catalog/viewer.ts';

const parseUpload = bodyValidator<{ data: string; filename?: string; type: UploadKind }>(uploadRules, uploadRequired);
const parseTrack = bodyValidator<TrackInput>(trackRules, trackRequired);

export const UPLOAD_LOGIN = 'Please log in to upload files';
export const TRACK_LOGIN = 'You need to be logged in to upload tracks.';

export function releasesRoutes(router: ApiRouter, kernel: Kernel) {
  const releases = kernel.services.releases;

  // Spec §7: a data URL in JSON. Its body parser (larger limit) runs in the plugin middleware.
  router.post('/upload', async (ctx) => {
    const user = requireUser(ctx, UPLOAD_LOGIN);
    await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
    ctx.status = 201;
    ctx.body = await releases.uploadDataUrl(user.id, parseUpload(ctx.request.body));
  });

  // The streaming path the wizard uses: the raw file as the body, never held in memory.
  router.post('/upload/stream', async (ctx) => {
    const user = requireUser(ctx, UPLOAD_LOGIN);
    await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
    const kind = String(ctx.query.type ?? '');
    if (!(UPLOAD_KINDS as readonly string[]).includes(kind)) throw invalid('type must be image or audio');
    const filename = typeof ctx.query.filename === 'string' ? ctx.query.filename : undefined;
    const length = ctx.get('Content-Length') ? Number(ctx.get('Content-Length')) : undefined;
    ctx.status = 201;
    ctx.body = await releases.uploadStream(user.id, kind as UploadKind, filename, ctx.req, length);
  });

  router.post('/tracks', async (ctx) => {
    const user = requireUser(ctx, TRACK_LOGIN);
    await kernel.services.accounts.recovery.requireVerified(user.id, 'upload');
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const metadata = parseMetadata(body.metadata);
    const input = parseTrack(body);
    ctx.status = 201;
    ctx.body = await releases.createTrack(user, input, metadata);
  });

  // The player's waveform and the processing state of a released track (anyone may listen to it),
  // or of a scheduled one to its own artist (their preview).
  router.get('/tracks/:id/media', async (ctx) => {
    const id = idParam(ctx.params.id, 'Track');
    const user = ctx.state.user;
    const visible = (await kernel.services.catalog.findTrack(id, requestViewer(ctx))) || (user && (await releases.isOwnTrack(user.id, id)));
    if (!visible) throw notFound('Track not found');
    ctx.body = await releases.trackMedia(id);
  });

  // Pre-save a scheduled release (its "coming on" page), or withdraw it before the release is out.
  router.post('/tracks/:id/presave', async (ctx) => {
    const user = requireUser(ctx, PRESAVE_MESSAGES.login);
    ctx.body = await releases.presaves.presave(user.id, idParam(ctx.params.id, 'Track'));
  });
  router.delete('/tracks/:id/presave', async (ctx) => {
    const user = requireUser(ctx, PRESAVE_MESSAGES.login);
    ctx.body = await releases.presaves.cancel(user.id, idParam(ctx.params.id, 'Track'));
  });

  // Step 6 polls its release until processing ends; only the artist who made it may look before release.
  router.get('/releases/:id', async (ctx) => {
    const user = requireUser(ctx);
    const release = await releases.release(idParam(ctx.params.id, 'Release'));
    const artist = await kernel.services.accounts.artistOfUser(user.id);
    if (artist?.id !== release.artistId) throw forbidden('This release belongs to another artist');
    ctx.body = release;
  });
}
