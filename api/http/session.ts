import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';

export const SESSION_COOKIE = 'onetrack.sid';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type SessionData = Record<string, unknown>;

/** koa-session store over the `sessions` table; expired rows read as absent and are swept lazily. */
export function databaseStore(knex: Knex, now: () => number = Date.now) {
  let lastSweep = 0;
  return {
    async get(sid: string): Promise<SessionData | undefined> {
      const row = await knex('sessions').where({ sid }).first('data', 'expiresAt');
      if (!row || Number(row.expiresAt) <= now()) return undefined;
      return JSON.parse(row.data);
    },
    async set(sid: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      const row = { sid, data: JSON.stringify(data), expiresAt: now() + ttl };
      await knex('sessions').insert(row).onConflict('sid').merge(['data', 'expiresAt']);
      if (now() - lastSweep > 3600_000) {
        lastSweep = now();
        await knex('sessions').where('expiresAt', '<=', now()).delete();
      }
    },
    async destroy(sid: string): Promise<void> {
      await knex('sessions').where({ sid }).delete();
    },
  };
}

/**
 * Cookie-session with the data server-side. autoCommit is off so the commit runs inside our error
 * handling (commitSession), after the handler.
 */
export function sessionMiddleware(app: Koa, knex: Knex): Koa.Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: MAX_AGE_MS,
      autoCommit: false,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      rolling: false,
      renew: true,
      // `secure` is left unset on purpose: the cookies library then marks the cookie Secure exactly
      // when the request arrived over HTTPS (directly, or through a proxy with TRUST_PROXY=1).
      genid: () => randomBytes(24).toString('base64url'),
      store: databaseStore(knex),
    },
    app,
  );
}

/**
 * Commits the session after the handler (API or page). The session object is taken before the
 * handler runs because `ctx.session = null` (logout) hides it, and its commit is what deletes the
 * stored row.
 */
export function commitSession(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.user = null;
    const session = ctx.session;
    await next();
    await session?.manuallyCommit();
  };
}
