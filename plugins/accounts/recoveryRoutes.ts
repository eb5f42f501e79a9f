import type { ParameterizedContext } from 'koa';
import type { AppState } from '../../api/http/state.ts';
import { requireUser } from '../../api/http/guards.ts';
import { answerForm } from './formAnswers.ts';
import { described } from '../../api/openapi/routes.ts';
import { NOTICE, integer, object, string } from '../../api/openapi/schema.ts';
import { Devices } from './schemas.ts';
import { devicesTag } from './sessions.ts';
import { tooMany as refused } from '../../api/errors.ts';
import { localized } from '../../api/i18n.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import type { PasswordChange } from './passwordChange.ts';
import {
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeRequired,
  passwordChangeRules,
  RECOVERY_MESSAGES,
  RESET_SENT_PARAM,
  resetRequestRequired,
  resetRequestRules,
  resetRequired,
  resetRules,
  verifyRequired,
  verifyRules,
} from './rules.ts';

const parseResetRequest = bodyValidator<{ email: string }>(resetRequestRules, resetRequestRequired);
const parseReset = bodyValidator<{ token: string; password: string }>(resetRules, resetRequired);
const parseVerify = bodyValidator<{ token: string }>(verifyRules, verifyRequired);
const parsePasswordChange = bodyValidator<PasswordChange>(passwordChangeRules, passwordChangeRequired);

const HOUR = 3600_000;
type Context = ParameterizedContext<AppState>;

export const RECOVERY_PAGES = [
  { pattern: '/forgot-password', entrypoint: 'pages/forgot-password.astro' },
  { pattern: '/reset-password', entrypoint: 'pages/reset-password.astro' },
  { pattern: '/verify-email', entrypoint: 'pages/verify-email.astro' },
];

const tooMany = (wait: number) => refused('Too many requests.', wait);

/**
 * Password reset, e-mail verification and signed-in devices. Tokens travel in bodies (POST), never
 * in paths, so the request log never holds one.
 */
export function recoveryRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const accounts = kernel.services.accounts;
  const { recovery, sessions } = accounts;
  // Shared by every node (kernel.limits). Per typed address and per caller: a refusal says so. Per
  // account: a refusal is silent, or it would tell that the address has an account.
  const resetsByAddress = kernel.limits.create('reset-address', { points: 3, windowMs: HOUR });
  const resetsByIp = kernel.limits.create('reset-ip', { points: 20, windowMs: HOUR });
  const resetsByAccount = kernel.limits.create('reset-account', { points: 3, windowMs: HOUR });
  const verificationsByAccount = kernel.limits.create('verify-account', { points: 5, windowMs: HOUR });
  // Guesses of the current password from a signed-in session count as failed logins do.
  const passwordChangesByAccount = kernel.limits.create('password-change-account', { points: 5, windowMs: HOUR / 4 });

  api.post(
    '/auth/password-reset',
    {
      summary: 'Ask for a password reset link by e-mail (the same answer whether or not an account uses the address)',
      description:
        'The page’s form posts here as application/x-www-form-urlencoded (with `back`, the page) when ' +
        'JavaScript has not run: answered 303 to `/forgot-password?sent=1`, or with `?failed=<error kind>`.',
      body: parseResetRequest,
      responses: {
        202: NOTICE,
        303: { description: 'the form answered', content: { 'text/html': null, 'text/plain': null } },
      },
      errors: { 403: 'this server sends no e-mail', 429: 'too many requests from this network or for this address' },
    },
    async (ctx) => {
      if (ctx.is('urlencoded'))
        return answerForm(
          ctx,
          { page: '/forgot-password', done: () => `/forgot-password?${RESET_SENT_PARAM}=1` },
          (text) => requestReset(ctx, parseResetRequest({ email: text('email') }).email),
        );
      await requestReset(ctx, parseResetRequest(ctx.request.body).email);
      ctx.status = 202;
      ctx.body = { message: localized(RECOVERY_MESSAGES.resetSent) };
    },
  );

  /** Mails a reset link if an account uses the address, within the limits, or throws what the API answers. */
  async function requestReset(ctx: Context, email: string) {
    const wait = (await resetsByIp.take(ctx.ip)) || (await resetsByAddress.take(email.trim().toLowerCase()));
    if (wait) throw tooMany(wait);
    await recovery.requestReset(email, async (userId) => (await resetsByAccount.take(String(userId))) === 0);
  }

  api.post(
    '/auth/password-reset/confirm',
    {
      summary: 'Choose a new password with the link’s token; every other session ends',
      body: parseReset,
      responses: { 200: NOTICE },
    },
    async (ctx) => {
      const { token, password } = parseReset(ctx.request.body);
      await recovery.resetPassword(token, password);
      ctx.body = { message: localized(RECOVERY_MESSAGES.resetDone) };
    },
  );

  api.post(
    '/auth/verify-email',
    { summary: 'Verify the e-mail address with the link’s token', body: parseVerify, responses: { 200: NOTICE } },
    async (ctx) => {
      await recovery.verifyEmail(parseVerify(ctx.request.body).token);
      ctx.body = { message: localized(RECOVERY_MESSAGES.verified) };
    },
  );

  api.post(
    '/auth/verify-email/send',
    {
      summary: 'Send a new verification link (or, without e-mail, put it in the notifications)',
      session: 'required',
      login: 'Please log in to verify your e-mail address',
      responses: { 200: NOTICE },
      errors: { 409: 'the address is already verified', 429: 'too many links asked for' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Please log in to verify your e-mail address');
      const wait = await verificationsByAccount.take(String(user.id));
      if (wait) throw tooMany(wait);
      const { message } = await recovery.sendVerification(user.id);
      ctx.body = { message: localized(message) };
    },
  );

  api.get(
    '/auth/sessions',
    {
      summary: 'The devices signed in to this account',
      session: 'required',
      login: 'Not signed in',
      responses: { 200: Devices },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      ctx.body = await sessions.list(user.id, ctx.session?.sessionKey as string | undefined);
    },
  );

  api.delete(
    '/auth/sessions/:id',
    {
      summary: 'Sign out one device',
      session: 'required',
      login: 'Not signed in',
      params: { id: { description: 'The device’s id from GET /auth/sessions', schema: string } },
      responses: { 200: NOTICE },
      errors: { 404: 'that device is not signed in any more' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      await sessions.endOne(user.id, String(ctx.params.id));
      ctx.body = { message: localized('Signed out on that device') };
    },
  );

  // Every device but this one.
  api.post(
    '/auth/sessions/sign-out-others',
    {
      summary: 'Sign out every other device',
      session: 'required',
      login: 'Not signed in',
      responses: { 200: object({ message: string, ended: integer }) },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      const ended = await sessions.endAll(kernel.knex, user.id, ctx.session?.sessionKey as string | undefined);
      // Put out by endAll already; announced again as one device's sign-out is (sessions.ts endOne).
      await kernel.cache.changed([devicesTag(user.id)]);
      ctx.body = { message: localized('Signed out everywhere else'), ended };
    },
  );

  api.post(
    '/auth/password',
    {
      summary: 'Change the own password (the current one confirms it); other devices signed out on request',
      session: 'required',
      login: 'Not signed in',
      body: parsePasswordChange,
      responses: { 200: object({ message: string, signedOut: integer }) },
      errors: { 403: PASSWORD_CHANGE_MESSAGES.wrongCurrent, 429: 'too many wrong current passwords' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      const change = parsePasswordChange(ctx.request.body);
      const wait = await passwordChangesByAccount.take(String(user.id));
      if (wait) throw tooMany(wait);
      const { signedOut } = await accounts.changePassword(
        user.id,
        ctx.session?.sessionKey as string | undefined,
        change,
      );
      await passwordChangesByAccount.giveBack(String(user.id));
      ctx.body = {
        message: localized(
          change.signOutOthers ? PASSWORD_CHANGE_MESSAGES.doneSignedOut : PASSWORD_CHANGE_MESSAGES.done,
        ),
        signedOut,
      };
    },
  );
}
