import type { ParameterizedContext } from 'koa';
import { described } from '../../api/openapi/routes.ts';
import { NOTICE, arrayOf, string } from '../../api/openapi/schema.ts';
import { Passkey, User, webAuthnOptions } from './schemas.ts';
import { invalid, tooMany } from '../../api/errors.ts';
import { localized } from '../../api/i18n.ts';
import { requireUser } from '../../api/http/guards.ts';
import { isLoopbackHost } from '../../api/http/origin.ts';
import type { AppState } from '../../api/http/state.ts';
import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { bodyValidator } from '../../api/validation/validate.ts';
import type { Ceremony } from './passkeys.ts';
import { passkeyNameRules } from './rules.ts';
import { deviceName } from './sessions.ts';

const parseName = bodyValidator<{ name?: string }>(passkeyNameRules);
const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The ceremony kept in the session for this kind of request, taken out and the session saved at
 * once (a refused answer skips the commit after the handler): a challenge is answered once.
 */
async function takeCeremony(
  ctx: ParameterizedContext<AppState>,
  key: 'passkeyRegistration' | 'passkeyLogin',
): Promise<Ceremony | undefined> {
  const stored = ctx.session?.[key] as Ceremony | undefined;
  if (stored) {
    delete ctx.session![key];
    await ctx.session!.manuallyCommit();
  }
  return stored;
}

/**
 * The origin the ceremonies are bound to: the public one, or the loopback address a developer reached
 * the site at (servedHosts refused any other host before this runs). Koa's `ctx.origin` is the Origin header.
 */
const siteOf = (ctx: ParameterizedContext<AppState>, publicUrl: string) =>
  isLoopbackHost(ctx.host) ? `${ctx.protocol}://${ctx.host}` : publicUrl;

/** The browser's answer (a PublicKeyCredential as JSON): an object with a string id. */
function credentialOf(body: unknown) {
  const response = (body as { response?: unknown } | null)?.response;
  if (!response || typeof response !== 'object' || typeof (response as { id?: unknown }).id !== 'string')
    throw invalid("response must be the passkey's answer");
  return response as never;
}

export function passkeyRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const { passkeys } = kernel.services.accounts;
  const attemptsByIp = kernel.limits.create('passkey-address', { points: 20, windowMs: FIFTEEN_MINUTES });

  api.get(
    '/auth/passkeys',
    {
      summary: 'The account’s passkeys',
      session: 'required',
      login: 'Not signed in',
      responses: { 200: arrayOf(Passkey) },
    },
    async (ctx) => {
      ctx.body = await passkeys.list(requireUser(ctx, 'Not signed in').id);
    },
  );

  api.post(
    '/auth/passkeys/register/options',
    {
      summary: 'Start adding a passkey: the options for navigator.credentials.create()',
      session: 'required',
      login: 'Not signed in',
      responses: { 200: webAuthnOptions('PublicKeyCredentialCreationOptionsJSON') },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      const { options, ceremony } = await passkeys.registrationOptions(user.id, siteOf(ctx, kernel.config.publicUrl));
      ctx.session!.passkeyRegistration = ceremony;
      ctx.body = options;
    },
  );

  api.post(
    '/auth/passkeys',
    {
      summary: 'Finish adding a passkey with the authenticator’s answer (`response`) and an optional `name`',
      session: 'required',
      login: 'Not signed in',
      body: parseName,
      responses: { 201: Passkey },
      errors: { 400: 'the answer is missing, expired or does not check out' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      const response = credentialOf(ctx.request.body);
      const name = parseName({
        name: (ctx.request.body as { name?: unknown }).name ?? deviceName(ctx.get('User-Agent')),
      }).name!;
      ctx.status = 201;
      ctx.body = await passkeys.register(
        user.id,
        response,
        await takeCeremony(ctx, 'passkeyRegistration'),
        siteOf(ctx, kernel.config.publicUrl),
        name.trim() || deviceName(ctx.get('User-Agent')),
      );
    },
  );

  api.delete(
    '/auth/passkeys/:id',
    {
      summary: 'Remove a passkey',
      session: 'required',
      login: 'Not signed in',
      params: { id: { description: 'The passkey’s id', schema: string } },
      responses: { 200: NOTICE },
      errors: { 404: 'no such passkey' },
    },
    async (ctx) => {
      const user = requireUser(ctx, 'Not signed in');
      await passkeys.remove(user.id, String(ctx.params.id));
      ctx.body = { message: localized('Passkey removed') };
    },
  );

  api.post(
    '/auth/passkeys/login/options',
    {
      summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
      responses: { 200: webAuthnOptions('PublicKeyCredentialRequestOptionsJSON') },
    },
    async (ctx) => {
      const { options, ceremony } = await passkeys.authenticationOptions(siteOf(ctx, kernel.config.publicUrl));
      ctx.session!.passkeyLogin = ceremony;
      ctx.body = options;
    },
  );

  api.post(
    '/auth/passkeys/login',
    {
      summary: 'Sign in with the authenticator’s answer; sets the session cookie',
      body: {
        contentType: 'application/json',
        description: 'The authenticator’s answer (WebAuthn AuthenticationResponseJSON)',
      },
      responses: { 200: User },
      errors: {
        400: 'the request expired or the answer does not check out',
        401: 'the passkey is not registered here',
        429: 'too many attempts from this network',
      },
    },
    async (ctx) => {
      const wait = await attemptsByIp.take(ctx.ip);
      if (wait) throw tooMany('Too many sign-in attempts.', wait);
      const response = credentialOf(ctx.request.body);
      const userId = await passkeys.authenticate(
        response,
        await takeCeremony(ctx, 'passkeyLogin'),
        siteOf(ctx, kernel.config.publicUrl),
      );
      await attemptsByIp.giveBack(ctx.ip);
      // As a password login: a fresh session id, then the device is recorded (sessions.ts).
      await ctx.session!.regenerate();
      ctx.session!.userId = userId;
      ctx.body = await kernel.services.accounts.publicUser(userId);
    },
  );
}
