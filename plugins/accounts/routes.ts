import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { AppError, forbidden, gone, invalid, tooMany } from '../../api/errors.ts';
import { sendStored } from '../../api/http/media.ts';
import { addressKey } from '../../api/http/clientAddress.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import {
  deletionRules,
  loginRequired,
  loginRules,
  photoRules,
  preferencesRules,
  profileRules,
  registerRequired,
  registerRules,
  usernameKey,
  suspendedMessage,
  EXPORT_RULES,
} from './rules.ts';
import { toSessionUser, type DeletionConfirmation, type PreferencesPatch, type ProfilePatch, type RegisterInput } from './service.ts';

const parseLogin = bodyValidator<{ username: string; password: string }>(loginRules, loginRequired);
const parseRegister = bodyValidator<RegisterInput>(registerRules, registerRequired);
const parseProfile = bodyValidator<ProfilePatch>(profileRules);
const parsePreferences = bodyValidator<PreferencesPatch>(preferencesRules);
const parsePhoto = bodyValidator<{ data: string }>(photoRules, ['data']);
const parseDeletion = bodyValidator<DeletionConfirmation>(deletionRules);

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Under /api; the plugin's middleware gives this path its larger body limit. */
export const PHOTO_PATH = '/users/me/photo';

export function accountsRoutes(router: ApiRouter, kernel: Kernel) {
  const accounts = kernel.services.accounts;
  // Failed logins only, counted by every node together (kernel.limits): a point is taken before the
  // password is checked (so simultaneous guesses cannot all get through) and given back when it is right.
  // An address is ctx.ip, the one the trusted proxy saw (TRUST_PROXY_HOPS from the right of
  // X-Forwarded-For), counted per IPv6 /64 (addressKey); registrations are counted per address too.
  const failuresByUsername = kernel.limits.create('login-username', { points: 5, windowMs: FIFTEEN_MINUTES });
  const failuresByIp = kernel.limits.create('login-address', { points: 20, windowMs: FIFTEEN_MINUTES });
  const { registrationsPerHour } = kernel.config.abuseLimits;
  const registrationsByIp = registrationsPerHour ? kernel.limits.create('register-address', { points: registrationsPerHour, windowMs: HOUR }) : null;

  router.get('/auth/user', async (ctx) => {
    const user = requireUser(ctx, 'Not signed in');
    ctx.body = await accounts.publicUser(user.id);
  });
  // Spec §7: the current user is also cached under /api/users/me.
  router.get('/users/me', async (ctx) => {
    const user = requireUser(ctx, 'Not signed in');
    ctx.body = await accounts.publicUser(user.id);
  });

  router.post('/auth/login', async (ctx) => {
    const { username, password } = parseLogin(ctx.request.body);
    // The form the account is looked up by: a spelling that cannot sign in cannot dodge the count either.
    const nameKey = usernameKey(username);
    const nameWait = await failuresByUsername.take(nameKey);
    const address = addressKey(ctx.ip);
    const ipWait = nameWait ? 0 : await failuresByIp.take(address);
    if (nameWait || ipWait) {
      // Refused before any password was checked: the username's point was not a failure.
      if (ipWait) await failuresByUsername.giveBack(nameKey);
      const wait = Math.max(nameWait, ipWait);
      throw tooMany('Too many failed login attempts.', wait);
    }
    const user = await accounts.authenticate(username, password);
    if (!user) throw new AppError('unauthenticated', 'Invalid username or password');
    await Promise.all([failuresByUsername.reset(nameKey), failuresByIp.giveBack(address)]);
    // Told only to whoever knows the password: a guesser learns nothing about the account.
    if (user.suspendedAt) throw forbidden(suspendedMessage(user.suspensionReason));
    // A fresh session id at login defeats session fixation. The sessions' store announces the rows
    // it changes; nothing else did.
    await kernel.cache.changed([]);
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.state.user = toSessionUser(user);
    ctx.body = user.toPublic();
  });

  router.post('/auth/register', async (ctx) => {
    const input = parseRegister(ctx.request.body);
    const address = addressKey(ctx.ip);
    const wait = registrationsByIp ? await registrationsByIp.take(address) : 0;
    if (wait) throw tooMany('Too many accounts were registered from your network.', wait);
    let user;
    try {
      user = await accounts.register(input);
    } catch (error) {
      // Only accounts made count (a taken name is not one).
      await registrationsByIp?.giveBack(address);
      throw error;
    }
    // With mail configured the new address gets its verification link (without, Settings offers one).
    if (accounts.recovery.mailConfigured()) await accounts.recovery.sendVerification(user.id);
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/auth/logout', async (ctx) => {
    // Destroys the server-side row, so a replayed old cookie is anonymous; the sessions' store
    // announces it (nothing without a session), and nothing else changes.
    await kernel.cache.changed([]);
    ctx.session = null;
    ctx.state.user = null;
    ctx.body = { message: 'Logged out' };
  });

  router.post('/auth/register-artist-hook', async (ctx) => {
    const user = requireUser(ctx);
    const artist = await accounts.registerArtist(user.id);
    ctx.body = { id: artist.id, userId: artist.userId, name: artist.name, genre: artist.genre };
  });

  router.patch('/users/:id', async (ctx) => {
    const user = requireUser(ctx);
    const id = idParam(ctx.params.id, 'User');
    const patch = parseProfile(ctx.request.body);
    if (Object.keys(patch).length === 0) throw invalid('Nothing to update');
    ctx.body = await accounts.updateProfile(user, id, patch);
    // A new address is unverified until its own link is used.
    if (patch.email !== undefined && accounts.recovery.mailConfigured() && !(await accounts.recovery.isVerified(id))) await accounts.recovery.sendVerification(id);
  });

  router.get('/users/me/preferences', async (ctx) => {
    ctx.body = await accounts.preferences(requireUser(ctx).id);
  });

  router.patch('/users/me/preferences', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await accounts.updatePreferences(user.id, parsePreferences(ctx.request.body));
  });

  router.post(PHOTO_PATH, async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await accounts.updatePhoto(user.id, parsePhoto(ctx.request.body).data);
  });

  // A body carries the confirmation (password, or username), so this is a POST rather than a DELETE.
  router.post('/users/:id/deletion', async (ctx) => {
    const user = requireUser(ctx);
    const id = idParam(ctx.params.id, 'User');
    await accounts.deleteAccount(user, id, parseDeletion(ctx.request.body));
    ctx.session = null;
    ctx.state.user = null;
    ctx.body = { message: 'Your account has been deleted' };
  });

  // "Your data": the owner's exports (dataExport.ts).
  router.get('/users/me/exports', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await accounts.exports.list(requireUser(ctx).id);
  });

  router.post('/users/me/exports', async (ctx) => {
    ctx.status = 202;
    ctx.body = await accounts.exports.request(requireUser(ctx).id);
  });

  router.get('/users/me/exports/:id/download', async (ctx) => {
    const user = requireUser(ctx);
    const key = await accounts.exports.downloadKey(user.id, idParam(ctx.params.id, 'Export'));
    if (!(await sendStored(ctx, kernel.storage, key, 'private, no-store'))) throw gone(EXPORT_RULES.messages.expired);
    ctx.type = 'application/zip';
    ctx.attachment(`onetrack-${user.username}-data.zip`);
  });
}
