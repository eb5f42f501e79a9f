import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { cachedReads } from '../../api/cache/cachedReads.ts';
import { notFound } from '../../api/errors.ts';
import type { AppState } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';

/**
 * The signed-in devices of each account (`account_sessions`). A signed-in session carries its
 * device's key (`sessionKey`) beside its `userId`; a session whose key has no row any more (signed
 * out from another device, a password reset) reads as signed out on every node: the rows are read
 * through cachedReads tagged `devices:<userId>`, and every removal invalidates that tag on every
 * node once the rows are gone. Untagged, every signed-in request read its row again after any
 * write anywhere: under the load mix's 20 writes a second that was the most frequent query of all.
 */

/** Last seen is written at most this often per device. */
const TOUCH_EVERY_MS = 5 * 60_000;
const SESSION_NOT_FOUND = 'That session is not signed in any more';
/** What every cached row of an account's devices depends on. */
export const devicesTag = (userId: number) => `devices:${userId}`;

export interface SessionRow {
  id: string;
  userId: number;
  userAgent: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface SignedInDevice {
  id: string;
  device: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** "Chrome on Linux" from a User-Agent header: enough to recognise one's own devices. */
export function deviceName(userAgent: string): string {
  const browsers: Array<[RegExp, string]> = [
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: Array<[RegExp, string]> = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/CrOS/, 'ChromeOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

export function createSessions(kernel: Kernel) {
  const { knex } = kernel;
  const now = () => kernel.now().getTime();
  const rows = cachedReads<SessionRow>(kernel.cache, { now });
  const touched = new Map<string, number>();

  const sessions = {
    /** Records a new signed-in device and returns its key. */
    async start(userId: number, userAgent: string): Promise<string> {
      const id = randomBytes(24).toString('base64url');
      await knex('account_sessions').insert({
        id,
        userId,
        userAgent: userAgent.slice(0, 255),
        createdAt: now(),
        lastSeenAt: now(),
      });
      return id;
    },

    /** The device's row when it is still signed in; its last-seen time is kept to within a few minutes. */
    async active(id: string, userId: number): Promise<SessionRow | undefined> {
      // Tagged with the session's own account: a row of another account reads as signed out anyway.
      const row = await rows.get(id, async () => (await knex('account_sessions').where({ id }).first()) ?? undefined, [
        devicesTag(userId),
      ]);
      if (!row || Number(row.userId) !== userId) return undefined;
      const last = Math.max(Number(row.lastSeenAt), touched.get(id) ?? 0);
      if (now() - last >= TOUCH_EVERY_MS) {
        if (touched.size >= 10_000) touched.clear();
        touched.set(id, now());
        await knex('account_sessions').where({ id }).update({ lastSeenAt: now() });
      }
      return row;
    },

    /** Signs a device of the account out (a logout, a sign-in as someone else). */
    async end(userId: number, id: string): Promise<void> {
      await knex('account_sessions').where({ id }).delete();
      await sessions.signedOut(userId);
    },

    /**
     * Tells every node that devices of the account were signed out, at once and whatever becomes
     * of the write it happens in (as the session store does): after the rows are gone, so a
     * transaction's caller calls it once committed.
     */
    async signedOut(userId: number): Promise<void> {
      await kernel.cache.invalidate([devicesTag(userId)]);
    },

    /** The account's signed-in devices, the most recently seen first. */
    async list(userId: number, currentId: string | undefined): Promise<SignedInDevice[]> {
      const found: SessionRow[] = await knex('account_sessions')
        .where({ userId })
        .orderBy([{ column: 'lastSeenAt', order: 'desc' }, { column: 'id' }]);
      return found.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        signedInAt: new Date(Number(row.createdAt)).toISOString(),
        lastSeenAt: new Date(Math.max(Number(row.lastSeenAt), touched.get(row.id) ?? 0)).toISOString(),
        current: row.id === currentId,
      }));
    },

    /** Signs one of the user's devices out; anyone else's is unknown (404). */
    async endOne(userId: number, id: string): Promise<void> {
      const deleted = await knex('account_sessions').where({ id, userId }).delete();
      if (!deleted) throw notFound(SESSION_NOT_FOUND);
      await sessions.signedOut(userId);
      // Put out above already; announced again so the answer leaves only after a second round of
      // the bus, as other nodes may take a moment to apply the first. No kept page lists devices.
      await kernel.cache.changed([devicesTag(userId)]);
    },

    /**
     * Signs out every device of the account but `keepId` (none kept when it is undefined). In a
     * transaction the rows go at its commit: the caller calls signedOut then.
     */
    async endAll(db: Knex | Knex.Transaction, userId: number, keepId?: string): Promise<number> {
      const query = db('account_sessions').where({ userId });
      if (keepId) query.whereNot({ id: keepId });
      const ended = await query.delete();
      if (!db.isTransaction) await sessions.signedOut(userId);
      return ended;
    },

    /**
     * Koa middleware around the rest of the request: a session whose device was signed out loses
     * its user before anything reads it; a session that gained a user (login, registration) or has
     * one from before devices were recorded gets its device row; a logout removes it.
     */
    middleware(): Middleware<AppState> {
      return async (ctx, next) => {
        const session = ctx.session;
        const userId = session?.userId;
        const key = session?.sessionKey;
        if (session && typeof userId === 'number' && typeof key === 'string' && !(await sessions.active(key, userId))) {
          delete session.userId;
          delete session.sessionKey;
        }
        const userBefore = session?.userId;
        const keyBefore = typeof userBefore === 'number' ? session!.sessionKey : undefined;
        await next();
        const after = ctx.session;
        // koa-session's regenerate keeps the session's data under its new id: a sign-in as someone
        // else over a signed-in session must not inherit the previous account's device.
        if (
          typeof keyBefore === 'string' &&
          (!after || after.sessionKey !== keyBefore || after.userId !== userBefore)
        ) {
          await sessions.end(userBefore as number, keyBefore);
          if (after?.sessionKey === keyBefore) delete after.sessionKey;
        }
        if (after && typeof after.userId === 'number' && typeof after.sessionKey !== 'string') {
          after.sessionKey = await sessions.start(after.userId, ctx.get('User-Agent'));
        }
      };
    },
  };
  return sessions;
}

export type Sessions = ReturnType<typeof createSessions>;
