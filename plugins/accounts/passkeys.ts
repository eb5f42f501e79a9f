import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { userTag } from '../../api/cache/tags.ts';
import { conflict, invalid, notFound, unauthenticated } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { PASSKEY_MESSAGES } from './rules.ts';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as a second way to sign in. The challenge of each
 * ceremony is kept in the caller's session (a database row, so the answer may reach any node), used
 * once and for 5 minutes. The site's origin is PUBLIC_URL's when mail is configured, otherwise the
 * request's own (its Host was already checked against its Origin by sameOriginWrites).
 */

const CHALLENGE_MS = 5 * 60_000;

export interface Ceremony {
  challenge: string;
  expiresAt: number;
}

export interface PasskeyJson {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

interface Site {
  origin: string;
  rpID: string;
}

const present = (row: { id: string; name: string; createdAt: number; lastUsedAt: number | null }): PasskeyJson => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(Number(row.createdAt)).toISOString(),
  lastUsedAt: row.lastUsedAt == null ? null : new Date(Number(row.lastUsedAt)).toISOString(),
});

export function createPasskeys(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now().getTime();

  /** The site the ceremonies are bound to (the routes give the public origin, or a developer's loopback one). */
  const site = (origin: string): Site => ({ origin, rpID: new URL(origin).hostname });
  const ceremony = (challenge: string): Ceremony => ({ challenge, expiresAt: now() + CHALLENGE_MS });
  const expected = (stored: Ceremony | undefined): string => {
    if (!stored || stored.expiresAt <= now()) throw invalid(PASSKEY_MESSAGES.expired);
    return stored.challenge;
  };

  return {
    async list(userId: number): Promise<PasskeyJson[]> {
      return (await knex('passkeys').where({ userId }).orderBy('createdAt')).map(present);
    },

    async registrationOptions(userId: number, requestOrigin: string) {
      const user = await knex('users').where({ id: userId }).first('username', 'name');
      if (!user) throw notFound('User not found');
      const existing = await knex('passkeys').where({ userId }).select('id', 'transports');
      const options = await generateRegistrationOptions({
        rpName: 'OneTrack',
        rpID: site(requestOrigin).rpID,
        userName: user.username,
        userDisplayName: user.name,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: splitTransports(row.transports) })),
        // A discoverable credential: signing in then needs no username.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      // The ceremony lives in the session, whose row is put out by its own store: no kept page changes.
      await kernel.cache.changed([]);
      return { options, ceremony: ceremony(options.challenge) };
    },

    async register(
      userId: number,
      response: RegistrationResponseJSON,
      stored: Ceremony | undefined,
      requestOrigin: string,
      name: string,
    ): Promise<PasskeyJson> {
      const { origin, rpID } = site(requestOrigin);
      const challenge = expected(stored);
      let result;
      try {
        result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        throw invalid(PASSKEY_MESSAGES.refused);
      }
      if (!result.verified || !result.registrationInfo) throw invalid(PASSKEY_MESSAGES.refused);
      const { credential } = result.registrationInfo;
      if (await knex('passkeys').where({ id: credential.id }).first('id')) throw conflict(PASSKEY_MESSAGES.duplicate);
      const row = {
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name,
        createdAt: now(),
        lastUsedAt: null,
      };
      await knex('passkeys').insert(row);
      await kernel.cache.changed([userTag(userId)]);
      return present(row);
    },

    async remove(userId: number, id: string): Promise<void> {
      const deleted = await knex('passkeys').where({ id, userId }).delete();
      if (!deleted) throw notFound(PASSKEY_MESSAGES.notFound);
      await kernel.cache.changed([userTag(userId)]);
    },

    async authenticationOptions(requestOrigin: string) {
      const options = await generateAuthenticationOptions({
        rpID: site(requestOrigin).rpID,
        userVerification: 'preferred',
        allowCredentials: [],
      });
      // Anyone may ask, as often as they like: announcing nothing would empty every node's caches each time.
      await kernel.cache.changed([]);
      return { options, ceremony: ceremony(options.challenge) };
    },

    /** The user the passkey belongs to, after checking its signature and counter; 401 otherwise. */
    async authenticate(
      response: AuthenticationResponseJSON,
      stored: Ceremony | undefined,
      requestOrigin: string,
    ): Promise<number> {
      const { origin, rpID } = site(requestOrigin);
      const row =
        typeof response?.id === 'string'
          ? await knex('passkeys as p')
              .join('users as u', 'u.id', 'p.userId')
              .where('p.id', response.id)
              .whereNull('u.deletedAt')
              .first('p.id', 'p.userId', 'p.publicKey', 'p.counter', 'p.transports')
          : undefined;
      const challenge = expected(stored);
      if (!row) throw unauthenticated(PASSKEY_MESSAGES.unknown);
      let result;
      try {
        result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: row.id,
            publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
            counter: Number(row.counter),
            transports: splitTransports(row.transports),
          },
          requireUserVerification: false,
        });
      } catch {
        throw unauthenticated(PASSKEY_MESSAGES.unknown);
      }
      if (!result.verified) throw unauthenticated(PASSKEY_MESSAGES.unknown);
      await knex('passkeys')
        .where({ id: row.id })
        .update({ counter: result.authenticationInfo.newCounter, lastUsedAt: now() });
      await kernel.cache.changed([userTag(Number(row.userId))]);
      return Number(row.userId);
    },
  };
}

function splitTransports(value: string): AuthenticatorTransport[] {
  return value ? (value.split(',') as AuthenticatorTransport[]) : [];
}

export type Passkeys = ReturnType<typeof createPasskeys>;
