import { conflict, notFound } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { MAX_APP_PASSWORDS, TOO_MANY_APP_PASSWORDS } from './rules.ts';
import { newSecret, secretBox, secretHash, tokenMatches } from './secrets.ts';

// App passwords (created in Settings, shown once) and what a user's apps report as playing. Free of
// HTTP and of the protocol: rest.ts turns the request's parameters into these calls.

export interface AppPasswordJson {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Who a Subsonic request acts for. */
export interface SubsonicUser {
  id: number;
  username: string;
  email: string;
  role: string;
}

/** How the request proved who it is (Subsonic's parameters, already decoded). */
export type Credentials =
  | { kind: 'password'; username: string; password: string }
  | { kind: 'token'; username: string; token: string; salt: string }
  | { kind: 'apiKey'; apiKey: string };

/** Last-used times are written at most this often, not on every request of a playing app. */
const LAST_USED_EVERY_MS = 60_000;

type Row = Record<string, unknown>;
const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());

export function createSubsonicService(kernel: Kernel) {
  const { knex } = kernel;
  const box = secretBox(kernel.config.sessionSecret);
  const now = () => kernel.now().getTime();

  const toJson = (row: Row): AppPasswordJson => ({
    id: Number(row.id),
    name: String(row.name),
    createdAt: iso(row.createdAt)!,
    lastUsedAt: iso(row.lastUsedAt),
  });

  /** Active (not deleted) users' app passwords, with the user's fields. */
  const passwords = () =>
    knex('subsonic_app_passwords as p')
      .join('users as u', 'u.id', 'p.user_id')
      .whereNull('u.deleted_at')
      .select(
        'p.id',
        'p.secret_hash',
        'p.secret_encrypted',
        'p.last_used_at',
        'u.id as user_id',
        'u.username',
        'u.email',
        'u.role',
      );

  async function used(row: Row): Promise<SubsonicUser> {
    const at = now();
    if (row.lastUsedAt == null || at - Number(row.lastUsedAt) >= LAST_USED_EVERY_MS) {
      await knex('subsonic_app_passwords').where({ id: row.id }).update({ lastUsedAt: at });
    }
    return { id: Number(row.userId), username: String(row.username), email: String(row.email), role: String(row.role) };
  }

  return {
    async list(userId: number): Promise<AppPasswordJson[]> {
      const rows = await knex('subsonic_app_passwords')
        .where({ userId })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
      return rows.map(toJson);
    },

    /** A new app password; the secret is in this answer only. */
    async create(userId: number, name: string): Promise<AppPasswordJson & { password: string }> {
      const [{ n }] = await knex('subsonic_app_passwords').where({ userId }).count({ n: '*' });
      if (Number(n) >= MAX_APP_PASSWORDS) throw conflict(TOO_MANY_APP_PASSWORDS);
      const password = newSecret();
      const row = {
        userId,
        name: name.trim(),
        secretHash: secretHash(password),
        secretEncrypted: box.seal(password),
        createdAt: now(),
        lastUsedAt: null,
      };
      const [id] = await knex('subsonic_app_passwords').insert(row);
      return { ...toJson({ ...row, id }), password };
    },

    /** Deleting signs every app using it out at its next request. */
    async remove(userId: number, id: number): Promise<void> {
      if (!(await knex('subsonic_app_passwords').where({ id, userId }).delete()))
        throw notFound('App password not found');
    },

    /** The user these credentials prove, or null. Account passwords never work here: app passwords only. */
    async authenticate(credentials: Credentials): Promise<SubsonicUser | null> {
      if (credentials.kind !== 'token') {
        const secret = credentials.kind === 'apiKey' ? credentials.apiKey : credentials.password;
        const row = await passwords().where('p.secret_hash', secretHash(secret)).first();
        if (
          !row ||
          (credentials.kind === 'password' && String(row.username).toLowerCase() !== credentials.username.toLowerCase())
        )
          return null;
        return used(row);
      }
      const rows: Row[] = await passwords().whereRaw('lower(u.username) = ?', [credentials.username.toLowerCase()]);
      const row = rows.find((r) => {
        const secret = box.open(String(r.secretEncrypted));
        return secret !== null && tokenMatches(secret, credentials.salt, credentials.token);
      });
      return row ? used(row) : null;
    },

    /** What this user's app says it plays now (a scrobble with submission=false). */
    async nowPlaying(userId: number, trackId: number, player: string): Promise<void> {
      await knex('subsonic_now_playing')
        .insert({ userId, trackId, player: player.slice(0, 60), updatedAt: now() })
        .onConflict('user_id')
        .merge(['track_id', 'player', 'updated_at']);
    },

    /**
     * What this user's apps reported within the last `withinMs`. Only their own: on a public service
     * what other listeners play is theirs, not every app user's to read.
     */
    async playingNow(
      userId: number,
      withinMs: number,
    ): Promise<Array<{ username: string; trackId: number; player: string; updatedAt: number }>> {
      const rows = await knex('subsonic_now_playing as n')
        .join('users as u', 'u.id', 'n.user_id')
        .where('n.user_id', userId)
        .where('n.updated_at', '>=', now() - withinMs)
        .select('u.username', 'n.track_id', 'n.player', 'n.updated_at');
      return rows.map((r: Row) => ({
        username: String(r.username),
        trackId: Number(r.trackId),
        player: String(r.player),
        updatedAt: Number(r.updatedAt),
      }));
    },
  };
}

export type SubsonicService = ReturnType<typeof createSubsonicService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    subsonic: SubsonicService;
  }
}
