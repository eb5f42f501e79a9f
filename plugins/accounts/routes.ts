import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { AppError, invalid } from '../../api/errors.ts';
import { idParam, requireUser } from '../../api/http/guards.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import {
  loginRequired,
  loginRules,
  photoRules,
  preferencesRules,
  profileRules,
  registerRequired,
  registerRules,
} from './rules.ts';
import { toSessionUser, type PreferencesPatch, type ProfilePatch, type RegisterInput } from './service.ts';

const parseLogin = bodyValidator<{ username: string; password: string }>(loginRules, loginRequired);
const parseRegister = bodyValidator<RegisterInput>(registerRules, registerRequired);
const parseProfile = bodyValidator<ProfilePatch>(profileRules);
const parsePreferences = bodyValidator<PreferencesPatch>(preferencesRules);
const parsePhoto = bodyValidator<{ data: string }>(photoRules, ['data']);

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Under /api; the plugin's middleware gives this path its larger body limit. */
export const PHOTO_PATH = '/users/me/photo';

export function accountsRoutes(router: ApiRouter, kernel: Kernel) {
  const accounts = kernel.services.accounts;
  // Failed logins only, counted by every node together (kernel.limits): a point is taken before the
  // password is checked (so simultaneous guesses cannot all get through) and given back when it is right.
  const failuresByUsername = kernel.limits.create('login-username', { points: 5, windowMs: FIFTEEN_MINUTES });
  const failuresByIp = kernel.limits.create('login-address', { points: 20, windowMs: FIFTEEN_MINUTES });

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
    const nameKey = username.trim().toLowerCase();
    const nameWait = await failuresByUsername.take(nameKey);
    const ipWait = nameWait ? 0 : await failuresByIp.take(ctx.ip);
    if (nameWait || ipWait) {
      // Refused before any password was checked: the username's point was not a failure.
      if (ipWait) await failuresByUsername.giveBack(nameKey);
      const wait = Math.max(nameWait, ipWait);
      throw new AppError('too_many', `Too many failed login attempts. Try again in ${Math.ceil(wait / 60)} minutes.`, wait);
    }
    const user = await accounts.authenticate(username, password);
    if (!user) throw new AppError('unauthenticated', 'Invalid username or password');
    await Promise.all([failuresByUsername.reset(nameKey), failuresByIp.giveBack(ctx.ip)]);
    // A fresh session id at login defeats session fixation.
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.state.user = toSessionUser(user);
    ctx.body = user.toPublic();
  });

  router.post('/auth/register', async (ctx) => {
    const input = parseRegister(ctx.request.body);
    const user = await accounts.register(input);
    // With mail configured the new address gets its verification link (without, Settings offers one).
    if (accounts.recovery.mailConfigured()) await accounts.recovery.sendVerification(user.id);
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.status = 201;
    ctx.body = user;
  });

  router.post('/auth/logout', async (ctx) => {
    // Destroys the server-side row, so a replayed old cookie is anonymous.
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

  router.delete('/users/:id', async (ctx) => {
    const user = requireUser(ctx);
    await accounts.deleteAccount(user, idParam(ctx.params.id, 'User'));
    ctx.session = null;
    ctx.state.user = null;
    ctx.body = { message: 'Your account has been deleted' };
  });
}
