import type { ParameterizedContext } from 'koa';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import type { AppState } from '../../api/http/state.ts';
import { WELCOME_PATH } from '../../lib/nextPath.ts';
import { answerForm } from './formAnswers.ts';
import { described } from '../../api/openapi/routes.ts';
import { NOTICE, integer, nullable, object, string } from '../../api/openapi/schema.ts';
import { DataExport, DataExports, Preferences, User } from './schemas.ts';
import { AppError, forbidden, gone, invalid, tooMany } from '../../api/errors.ts';
import { sendStored } from '../../api/http/media.ts';
import { localized } from '../../api/i18n.ts';
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
  PROFILE_CHANGES_ERROR,
} from './rules.ts';
import {
  toSessionUser,
  type DeletionConfirmation,
  type PreferencesPatch,
  type ProfilePatch,
  type RegisterInput,
} from './service.ts';

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
  const api = described(router);
  const accounts = kernel.services.accounts;
  // Failed logins only, counted by every node together (kernel.limits): a point is taken before the
  // password is checked (so simultaneous guesses cannot all get through) and given back when it is right.
  // An address is ctx.ip, the one the trusted proxy saw (TRUST_PROXY_HOPS from the right of
  // X-Forwarded-For), counted per IPv6 /64 (addressKey); registrations are counted per address too.
  const failuresByUsername = kernel.limits.create('login-username', { points: 5, windowMs: FIFTEEN_MINUTES });
  const failuresByIp = kernel.limits.create('login-address', { points: 20, windowMs: FIFTEEN_MINUTES });
  const { registrationsPerHour } = kernel.config.abuseLimits;
  const registrationsByIp = registrationsPerHour
    ? kernel.limits.create('register-address', { points: registrationsPerHour, windowMs: HOUR })
    : null;

  api.get(
    '/auth/user',
    { summary: 'The signed-in account', session: 'required', login: 'Not signed in', responses: { 200: User } },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      ctx.body = await accounts.publicUser(user.id);
    },
  );
  // Spec §7: the current user is also cached under /api/users/me.
  api.get(
    '/users/me',
    {
      summary: 'The signed-in account (the same as /auth/user)',
      session: 'required',
      login: 'Not signed in',
      responses: { 200: User },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      ctx.body = await accounts.publicUser(user.id);
    },
  );

  api.post(
    '/auth/login',
    {
      summary: 'Sign in with username and password; sets the session cookie',
      description:
        'The sign-in page posts its form here as application/x-www-form-urlencoded (with `back`, the ' +
        'page, and `next`) when JavaScript has not run: answered 303 to `next` or back to the page ' +
        'with `?failed=<error kind>`.',
      body: parseLogin,
      responses: {
        200: User,
        303: { description: 'the form answered: on to `next`', content: { 'text/html': null, 'text/plain': null } },
      },
      errors: {
        401: 'wrong username or password',
        403: 'the account is suspended (with the reason)',
        429: 'too many failed attempts for this username or from this network',
      },
    },
    async (ctx) => {
      // The sign-in form before its island hydrated (or without JavaScript) posts here as a form:
      // answered with a redirect, to where it was going or back to the form saying why.
      if (ctx.is('urlencoded')) return formLogin(ctx);
      const { username, password } = parseLogin(ctx.request.body);
      ctx.body = (await signIn(ctx, username, password)).toPublic();
    },
  );

  /** Signs the caller in, or throws what the API answers (401, 403, 429). */
  async function signIn(ctx: ParameterizedContext<AppState>, username: string, password: string) {
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
    if (user.suspendedAt) throw forbidden(() => suspendedMessage(user.suspensionReason));
    // A fresh session id at login defeats session fixation. The sessions' store announces the rows
    // it changes; nothing else did.
    await kernel.cache.changed([]);
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    ctx.state.user = toSessionUser(user);
    return user;
  }

  const formLogin = (ctx: ParameterizedContext<AppState>) =>
    answerForm(ctx, { page: '/login', done: (next) => next ?? '/' }, async (text) => {
      const { username, password } = parseLogin({ username: text('username'), password: text('password') });
      await signIn(ctx, username, password);
    });

  api.post(
    '/auth/register',
    {
      summary: 'Create an account and sign in',
      description:
        'The registration form posts here as application/x-www-form-urlencoded (with `back`, the page, ' +
        '`next`, and `isArtist=true` for an artist account, made at once) when JavaScript has not run: ' +
        'answered 303 to `next` (the welcome page by default) or back to the page with ' +
        '`?tab=register&failed=<error kind>`.',
      body: parseRegister,
      responses: {
        201: User,
        303: { description: 'the form answered: on to `next`', content: { 'text/html': null, 'text/plain': null } },
      },
      errors: { 409: 'the username or e-mail address is taken', 429: 'too many accounts registered from this network' },
    },
    async (ctx) => {
      if (ctx.is('urlencoded')) return formRegister(ctx);
      ctx.status = 201;
      ctx.body = await register(ctx, parseRegister(ctx.request.body));
    },
  );

  /** Creates the account and signs it in, or throws what the API answers (400, 409, 429). */
  async function register(ctx: ParameterizedContext<AppState>, input: RegisterInput) {
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
    // A new account is on no kept page or answer: an artist appears with their artist record (a write
    // of its own), and the admin's platform counts, counters, may lag by the cache's TTL. Announcing
    // nothing would empty every cache on every node at each sign-up.
    await kernel.cache.changed([]);
    await ctx.session!.regenerate();
    ctx.session!.userId = user.id;
    return user;
  }

  const formRegister = (ctx: ParameterizedContext<AppState>) =>
    answerForm(
      ctx,
      { page: '/login', keep: { tab: 'register' }, done: (next) => next ?? WELCOME_PATH },
      async (text) => {
        const input = parseRegister({
          name: text('name'),
          username: text('username'),
          email: text('email'),
          password: text('password'),
          isArtist: text('isArtist') === 'true',
        });
        const user = await register(ctx, input);
        // Spec §4: a failing artist profile is only logged; registration still succeeded (as the island's
        // call to /auth/register-artist-hook after it).
        if (input.isArtist)
          await accounts
            .registerArtist(user.id)
            .catch((error) => console.error('artist profile creation failed', error));
      },
    );

  api.post(
    '/auth/logout',
    { summary: 'Sign out: the session ends on the server', responses: { 200: NOTICE } },
    async (ctx) => {
      // Destroys the server-side row, so a replayed old cookie is anonymous; the sessions' store
      // announces it (nothing without a session), and nothing else changes.
      await kernel.cache.changed([]);
      ctx.session = null;
      ctx.state.user = null;
      ctx.body = { message: localized('Logged out') };
    },
  );

  api.post(
    '/auth/register-artist-hook',
    {
      summary: 'Give the account its artist profile (once; again returns the same)',
      session: 'required',
      responses: { 200: object({ id: integer, userId: integer, name: string, genre: nullable(string) }) },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const artist = await accounts.registerArtist(user.id);
      ctx.body = { id: artist.id, userId: artist.userId, name: artist.name, genre: artist.genre };
    },
  );

  api.patch(
    '/users/:id',
    {
      summary: 'Change the own profile (at least one field)',
      session: 'required',
      body: parseProfile,
      responses: { 200: User },
      errors: {
        400: '“Nothing to update”',
        403: 'another person’s profile',
        409: 'the username or e-mail address is taken',
        429: PROFILE_CHANGES_ERROR,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = idParam(ctx.params.id, 'User');
      const patch = parseProfile(ctx.request.body);
      if (Object.keys(patch).length === 0) throw invalid('Nothing to update');
      ctx.body = await accounts.updateProfile(user, id, patch);
      // A new address is unverified until its own link is used.
      if (patch.email !== undefined && accounts.recovery.mailConfigured() && !(await accounts.recovery.isVerified(id)))
        await accounts.recovery.sendVerification(id);
    },
  );

  api.get(
    '/users/me/preferences',
    { summary: 'The account’s preferences', session: 'required', responses: { 200: Preferences } },
    async (ctx) => {
      ctx.body = await accounts.preferences(requireUser(ctx).id);
    },
  );

  api.patch(
    '/users/me/preferences',
    {
      summary: 'Change some preferences',
      session: 'required',
      body: parsePreferences,
      responses: { 200: Preferences },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await accounts.updatePreferences(user.id, parsePreferences(ctx.request.body));
    },
  );

  api.post(
    PHOTO_PATH,
    {
      summary: 'Set the profile photo from a data URL (JPG or PNG, at least 100×100, at most 10 MB)',
      session: 'required',
      body: parsePhoto,
      responses: { 200: User },
      errors: {
        400: 'not a JPG or PNG image, or too small',
        413: 'the file is larger than 10 MB',
        429: PROFILE_CHANGES_ERROR,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      ctx.body = await accounts.updatePhoto(user.id, parsePhoto(ctx.request.body).data);
    },
  );

  // A body carries the confirmation (password, or username), so this is a POST rather than a DELETE.
  api.post(
    '/users/:id/deletion',
    {
      summary: 'Delete the own account and sign out, confirmed by its password (or, without one, its username)',
      session: 'required',
      body: parseDeletion,
      responses: { 200: NOTICE },
      errors: { 403: 'another person’s account, or a wrong confirmation' },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const id = idParam(ctx.params.id, 'User');
      await accounts.deleteAccount(user, id, parseDeletion(ctx.request.body));
      ctx.session = null;
      ctx.state.user = null;
      ctx.body = { message: localized('Your account has been deleted') };
    },
  );

  // "Your data": the owner's exports (dataExport.ts).
  api.get(
    '/users/me/exports',
    {
      summary: 'The own data exports and when the next may be asked for',
      session: 'required',
      responses: { 200: DataExports },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await accounts.exports.list(requireUser(ctx).id);
    },
  );

  api.post(
    '/users/me/exports',
    {
      summary: 'Ask for an export of the own data (built by a job, downloadable for 7 days)',
      session: 'required',
      responses: { 202: DataExport },
      errors: { 409: EXPORT_RULES.messages.inProgress, 429: EXPORT_RULES.messages.tooSoon },
    },
    async (ctx) => {
      ctx.status = 202;
      ctx.body = await accounts.exports.request(requireUser(ctx).id);
    },
  );

  api.get(
    '/users/me/exports/:id/download',
    {
      summary: 'Download a ready export (the owner only)',
      session: 'required',
      responses: { 200: { description: 'the ZIP archive', content: { 'application/zip': null } } },
      errors: {
        404: EXPORT_RULES.messages.notFound,
        409: EXPORT_RULES.messages.notReady,
        410: EXPORT_RULES.messages.expired,
      },
    },
    async (ctx) => {
      const user = requireUser(ctx);
      const key = await accounts.exports.downloadKey(user.id, idParam(ctx.params.id, 'Export'));
      if (!(await sendStored(ctx, kernel.storage, key, 'private, no-store'))) throw gone(EXPORT_RULES.messages.expired);
      ctx.type = 'application/zip';
      ctx.attachment(`onetrack-${user.username}-data.zip`);
    },
  );
}
