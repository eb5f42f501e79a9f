import { requireUser } from '../../api/http/guards.ts';
import { AppError } from '../../api/errors.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import { RECOVERY_MESSAGES, resetRequestRequired, resetRequestRules, resetRequired, resetRules, verifyRequired, verifyRules } from './rules.ts';

const parseResetRequest = bodyValidator<{ email: string }>(resetRequestRules, resetRequestRequired);
const parseReset = bodyValidator<{ token: string; password: string }>(resetRules, resetRequired);
const parseVerify = bodyValidator<{ token: string }>(verifyRules, verifyRequired);

const HOUR = 3600_000;

export const RECOVERY_PAGES = [
  { pattern: '/forgot-password', entrypoint: 'pages/forgot-password.astro' },
  { pattern: '/reset-password', entrypoint: 'pages/reset-password.astro' },
  { pattern: '/verify-email', entrypoint: 'pages/verify-email.astro' },
];

const tooMany = (wait: number) => new AppError('too_many', `Too many requests. Try again in ${Math.ceil(wait / 60)} minutes.`, wait);

/**
 * Password reset, e-mail verification and signed-in devices. Tokens travel in bodies (POST), never
 * in paths, so the request log never holds one.
 */
export function recoveryRoutes(router: ApiRouter, kernel: Kernel) {
  const { recovery, sessions } = kernel.services.accounts;
  // Shared by every node (kernel.limits). Per typed address and per caller: a refusal says so. Per
  // account: a refusal is silent, or it would tell that the address has an account.
  const resetsByAddress = kernel.limits.create('reset-address', { points: 3, windowMs: HOUR });
  const resetsByIp = kernel.limits.create('reset-ip', { points: 20, windowMs: HOUR });
  const resetsByAccount = kernel.limits.create('reset-account', { points: 3, windowMs: HOUR });
  const verificationsByAccount = kernel.limits.create('verify-account', { points: 5, windowMs: HOUR });

  router.post('/auth/password-reset', async (ctx) => {
    const { email } = parseResetRequest(ctx.request.body);
    const wait = (await resetsByIp.take(ctx.ip)) || (await resetsByAddress.take(email.trim().toLowerCase()));
    if (wait) throw tooMany(wait);
    await recovery.requestReset(email, async (userId) => (await resetsByAccount.take(String(userId))) === 0);
    ctx.status = 202;
    ctx.body = { message: RECOVERY_MESSAGES.resetSent };
  });

  router.post('/auth/password-reset/confirm', async (ctx) => {
    const { token, password } = parseReset(ctx.request.body);
    await recovery.resetPassword(token, password);
    ctx.body = { message: RECOVERY_MESSAGES.resetDone };
  });

  router.post('/auth/verify-email', async (ctx) => {
    await recovery.verifyEmail(parseVerify(ctx.request.body).token);
    ctx.body = { message: RECOVERY_MESSAGES.verified };
  });

  router.post('/auth/verify-email/send', async (ctx) => {
    const user = requireUser(ctx, 'Please log in to verify your e-mail address');
    const wait = await verificationsByAccount.take(String(user.id));
    if (wait) throw tooMany(wait);
    ctx.body = await recovery.sendVerification(user.id);
  });

  router.get('/auth/sessions', async (ctx) => {
    const user = requireUser(ctx, 'Not signed in');
    ctx.body = await sessions.list(user.id, ctx.session?.sessionKey as string | undefined);
  });

  router.delete('/auth/sessions/:id', async (ctx) => {
    const user = requireUser(ctx, 'Not signed in');
    await sessions.endOne(user.id, String(ctx.params.id));
    ctx.body = { message: 'Signed out on that device' };
  });

  // Every device but this one.
  router.post('/auth/sessions/sign-out-others', async (ctx) => {
    const user = requireUser(ctx, 'Not signed in');
    const ended = await sessions.endAll(kernel.knex, user.id, ctx.session?.sessionKey as string | undefined);
    ctx.body = { message: 'Signed out everywhere else', ended };
  });
}
