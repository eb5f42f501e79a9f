import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';
import type { CacheBus } from '../cache/bus.ts';
import { cachedReads } from '../cache/cachedReads.ts';
import { sessionTag } from '../cache/tags.ts';
import { verifiedCookie } from './signedCookie.ts';

export const SESSION_COOKIE = 'onetrack.sid';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

type SessionData = Record<string, unknown>;

/**
 * koa-session store over the `sessions` table; expired rows read as absent and are swept lazily.
 * Rows read are kept in this process (cachedReads, tagged `session:<id>`), so a signed-in request
 * costs no query for its session; saving or deleting a row invalidates that tag on every node at
 * once, not at the end of the write it happens in: a route may save the session and then refuse
 * (a passkey challenge is taken out before the answer is checked), and a refused write's announced
 * tags are dropped, which would leave the old row, challenge and all, in every node's memory.
 * koa-session calls `get` only for a request that carries a session cookie: anonymous requests
 * never reach the store.
 */
export function databaseStore(knex: Knex, bus: CacheBus, now: () => number = Date.now) {
  let lastSweep = 0;
  const rows = cachedReads<{ data: string; expiresAt: number }>(bus, { now });
  return {
    async get(sid: string): Promise<SessionData | undefined> {
      const row = await rows.get(sid, () => knex('sessions').where({ sid }).first('data', 'expiresAt'), [
        sessionTag(sid),
      ]);
      if (!row || Number(row.expiresAt) <= now()) return undefined;
      return JSON.parse(row.data);
    },
    async set(sid: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      const row = { sid, data: JSON.stringify(data), expiresAt: now() + ttl };
      await knex('sessions').insert(row).onConflict('sid').merge(['data', 'expiresAt']);
      await bus.invalidate([sessionTag(sid)]);
      if (now() - lastSweep > 3600_000) {
        lastSweep = now();
        await knex('sessions').where('expiresAt', '<=', now()).delete();
      }
    },
    async destroy(sid: string): Promise<void> {
      // After the row is gone (a logout's own write ended before its commit ran). A logout without
      // a session deletes nothing and tells no one.
      if (await knex('sessions').where({ sid }).delete()) await bus.invalidate([sessionTag(sid)]);
    },
  };
}

/**
 * Session ids from a pool of random bytes drawn 1,024 ids at a time, as Node's randomUUID does: koa-session
 * makes an id for every request without a session (most are never saved), and a system call each
 * showed in the profile.
 */
function sessionIds(): () => string {
  const ID_BYTES = 24;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = randomBytes(ID_BYTES * 1024);
      offset = 0;
    }
    offset += ID_BYTES;
    return pool.subarray(offset - ID_BYTES, offset).toString('base64url');
  };
}

/** Reads and writes the session cookie for koa-session, signed (an HMAC over the id). */
function signedSessionCookie(cookieOptions: Parameters<Koa.Context['cookies']['set']>[2]) {
  const read = verifiedCookie(SESSION_COOKIE);
  return {
    /** The session id, or '' when there is none (koa-session then starts a new session). */
    get: (ctx: Koa.Context): string => read(ctx) ?? '',
    set(ctx: Koa.Context, id: string): void {
      ctx.cookies.set(SESSION_COOKIE, id, cookieOptions);
    },
  };
}

/**
 * Cookie-session with the data server-side. autoCommit is off so the commit runs inside our error
 * handling (commitSession), after the handler.
 */
export function sessionMiddleware(app: Koa, knex: Knex, bus: CacheBus): Koa.Middleware {
  // `secure` is left unset on purpose: the cookies library then marks the cookie Secure exactly
  // when the request arrived over HTTPS (directly, or through a proxy with TRUST_PROXY=1).
  const cookie = { maxAge: MAX_AGE_MS, httpOnly: true, sameSite: 'lax', signed: true, overwrite: true } as const;
  return session(
    {
      key: SESSION_COOKIE,
      ...cookie,
      autoCommit: false,
      rolling: false,
      renew: true,
      externalKey: signedSessionCookie(cookie),
      genid: sessionIds(),
      store: databaseStore(knex, bus),
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
