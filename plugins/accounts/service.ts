import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { EVERYTHING, userTag } from '../../api/cache/tags.ts';
import type { SessionUser } from '../../api/http/state.ts';
import { conflict, forbidden, invalid, notFound, tooMany } from '../../api/errors.ts';
import { createDataExports } from './dataExport.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import { PHOTO_SIZES_JOB, type PhotoSizesPayload } from './jobs.ts';
import { Artist, Preferences, User, type PublicUser } from './models.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';
import { DEMO_PASSWORD } from './demoAccount.ts';
import { removeProfilePhoto, storeProfilePhoto } from './photo.ts';
import { createPasskeys } from './passkeys.ts';
import { createRecovery } from './recovery.ts';
import { createPasswordChange } from './passwordChange.ts';
import { createSessions } from './sessions.ts';
import {
  DELETION_MESSAGES,
  PREFERENCE_KEYS,
  PROFILE_CHANGES_MESSAGE,
  PROFILE_CHANGES_PER_HOUR,
  ROLES,
  usernameKey,
  type PreferenceValues,
  type Role,
} from './rules.ts';
import { isLocale } from '../../lib/i18n/locales.ts';

export interface RegisterInput {
  username: string;
  password: string;
  email: string;
  name: string;
  isArtist?: boolean;
}

export interface ProfilePatch {
  name?: string;
  username?: string;
  email?: string;
  bio?: string;
  isArtist?: boolean;
  /** In-process callers only (the demo seed's art): the API's rules have no such field, so a client never sets it. */
  profileImage?: string | null;
}

export type PreferencesPatch = Partial<PreferenceValues>;

/** How the owner confirms a deletion: the password, or the username for an account without one. */
export interface DeletionConfirmation {
  password?: string;
  username?: string;
}

export type RoleChangedListener = (
  trx: Knex.Transaction,
  change: { actor: SessionUser | null; user: PublicUser; previousRole: Role },
) => Promise<void>;

const DEFAULT_PREFERENCES: PreferenceValues = {
  ...(Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, true])) as Record<
    (typeof PREFERENCE_KEYS)[number],
    boolean
  >),
  theme: 'system',
  locale: 'auto',
};

const DUPLICATE_MESSAGES = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
};

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    isArtist: user.isArtist,
    profileImage: user.profileImage,
  };
}

export function createAccountsService(kernel: Kernel) {
  const now = () => kernel.now().getTime();
  const roleListeners: RoleChangedListener[] = [];
  const profileListeners: Array<(userId: number) => Promise<void>> = [];
  const sessions = createSessions(kernel);
  const profileChanges = kernel.limits.create('profile-changes', {
    points: PROFILE_CHANGES_PER_HOUR,
    windowMs: 3600_000,
  });

  /** The media worker makes the web sizes of an artist's new photo (jobs.ts), queued with the write that sets it. */
  const queuePhotoSizes = (trx: Knex.Transaction, artistId: number, url: string) =>
    kernel.jobs.enqueue(trx, PHOTO_SIZES_JOB, { artistId, url } satisfies PhotoSizesPayload);

  /** Says which unique field clashes, so the message can be specific; null when none does. */
  async function duplicateOf(fields: { username?: string; email?: string }, exceptId?: number) {
    for (const key of ['username', 'email'] as const) {
      const value = fields[key];
      if (value === undefined) continue;
      const query =
        key === 'username'
          ? User.query().where('usernameKey', usernameKey(value))
          : User.query().whereRaw('LOWER(email) = ?', [value.toLowerCase()]);
      if (exceptId) query.whereNot('id', exceptId);
      if (await query.resultSize()) return DUPLICATE_MESSAGES[key];
    }
    return null;
  }

  /** Insert or update that may race with another for the same username/email: 409 either way. */
  async function guardUnique<T>(
    fields: { username?: string; email?: string },
    exceptId: number | undefined,
    write: () => PromiseLike<T>,
  ) {
    const clash = await duplicateOf(fields, exceptId);
    if (clash) throw conflict(clash);
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict((await duplicateOf(fields, exceptId)) ?? 'That username or email is already taken');
      throw error;
    }
  }

  async function insertUser(input: Omit<RegisterInput, 'password'>, passwordHash: string): Promise<PublicUser> {
    const fields = { username: input.username.trim(), email: input.email.trim().toLowerCase() };
    const user = await guardUnique(fields, undefined, () =>
      User.query().insertAndFetch({
        ...fields,
        name: input.name.trim(),
        bio: '',
        isArtist: input.isArtist ?? false,
        role: 'user',
        passwordHash,
        createdAt: now(),
        updatedAt: now(),
      }),
    );
    return user.toPublic();
  }
  let demoHash: Promise<string> | undefined;

  const service = {
    /** Signed-in devices (sessions.ts), single-use links by e-mail (recovery.ts) and passkeys (passkeys.ts). */
    sessions,
    recovery: createRecovery(kernel, sessions),
    /** A signed-in person's own password change (passwordChange.ts). */
    changePassword: createPasswordChange(kernel, sessions),
    passkeys: createPasskeys(kernel),
    /** "Your data": exports built by a job from every plugin's `exportData` (dataExport.ts). */
    exports: createDataExports(kernel),

    async register(input: RegisterInput): Promise<PublicUser> {
      return insertUser(input, await hashPassword(input.password));
    },

    /**
     * A demo account (the seeds): they all share the public demo password, so they share its hash,
     * made once per process; each hash is ~50 ms of scrypt, and a seed registers some 45 accounts.
     */
    async registerDemo(input: Omit<RegisterInput, 'password'>): Promise<PublicUser> {
      demoHash ??= hashPassword(DEMO_PASSWORD);
      return insertUser(input, await demoHash);
    },

    /** The user for these credentials, or null; costs the same time whether or not the user exists. */
    async authenticate(username: string, password: string): Promise<User | null> {
      // Exactly the name's own spelling on both databases (MariaDB's collation would fold accents).
      const user = await User.query().where('usernameKey', usernameKey(username)).first();
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      return ok && user ? user : null;
    },

    async findUser(id: number): Promise<User | undefined> {
      return User.query().findById(id);
    },

    /**
     * Read on every signed-in request: one row of plain columns, no model, with the theme the layout
     * renders (preferences announce the user's tag, so a change is read again). A suspended account
     * reads as signed out.
     */
    async sessionUser(id: number): Promise<SessionUser | null> {
      const row = await kernel
        .knex('users')
        .leftJoin('user_preferences', 'user_preferences.userId', 'users.id')
        .where('users.id', id)
        .whereNull('users.deletedAt')
        .whereNull('users.suspendedAt')
        .first(
          'users.id',
          'users.username',
          'users.name',
          'users.role',
          'users.isArtist',
          'users.profileImage',
          'user_preferences.theme',
          'user_preferences.locale',
        );
      if (!row) return null;
      const { locale, ...user } = row;
      return {
        ...user,
        id: Number(row.id),
        isArtist: Boolean(row.isArtist),
        theme: row.theme ?? DEFAULT_PREFERENCES.theme,
        ...(isLocale(locale) ? { locale } : {}),
      };
    },

    /** The signed-in user's own JSON (GET /api/auth/user, on every app start): plain columns, no model. */
    async publicUser(id: number): Promise<PublicUser> {
      const { verifiedEmail, ...row } =
        (await kernel
          .knex('users')
          .where({ id })
          .first('id', 'name', 'username', 'email', 'bio', 'profileImage', 'isArtist', 'role', 'verifiedEmail')) ?? {};
      if (!row.id) throw notFound('User not found');
      return {
        ...row,
        id: Number(row.id),
        isArtist: Boolean(row.isArtist),
        emailVerified: verifiedEmail === row.email,
      };
    },

    async updateProfile(actor: SessionUser, id: number, patch: ProfilePatch): Promise<PublicUser> {
      const user = await User.query().findById(id);
      if (!user) throw notFound('User not found');
      if (actor.id !== id) throw forbidden('You can only update your own profile');
      const changes: ProfilePatch & { updatedAt: number } = { ...patch, updatedAt: now() };
      if (patch.username !== undefined) changes.username = patch.username.trim();
      if (patch.email !== undefined) changes.email = patch.email.trim().toLowerCase();
      if (patch.name !== undefined) changes.name = patch.name.trim();
      const current = user as unknown as Record<string, unknown>;
      if (Object.keys(patch).every((field) => current[field] === changes[field as keyof ProfilePatch])) {
        // The form saved as it was: nothing changed, so no cache on any node is put out.
        await kernel.cache.changed([]);
        return user.toPublic();
      }
      const updated = await service.profileChange(id, () =>
        guardUnique(changes, id, () => user.$query().patchAndFetch(changes)),
      );
      // A name shows anywhere (others' inboxes, every list of an artist): said outright, so that
      // another service of the same write announcing its own `[]` (a new address's verification link)
      // does not make the change look like none.
      await kernel.cache.changed([EVERYTHING]);
      return updated.toPublic();
    },

    /**
     * Replaces the user's photo (and their artist picture, which shows the same person). The artist's
     * old web sizes stop being served at once (the new photo shows as is until its sizes are made)
     * and go with the old photo.
     */
    async updatePhoto(userId: number, dataUrl: string): Promise<PublicUser> {
      const user = await User.query().findById(userId);
      if (!user) throw notFound('User not found');
      const previous = user.profileImage;
      const { updated, oldSizes } = await service.profileChange(userId, async () => {
        const profileImage = await storeProfilePhoto(kernel.storage, kernel.uploadAllowance, userId, dataUrl);
        return kernel.knex.transaction(async (trx) => {
          // Locked, so a photo job finishing meanwhile cannot leave sizes of the old photo behind.
          const artist = await Artist.query(trx).findOne({ userId }).forUpdate();
          if (artist) {
            await Artist.query(trx).findById(artist.id).patch({ profileImage, profileImageVariants: null });
            await queuePhotoSizes(trx, artist.id, profileImage);
          }
          return {
            updated: await user.$query(trx).patchAndFetch({ profileImage, updatedAt: now() }),
            oldSizes: artist?.profileImageVariants,
          };
        });
      });
      await removeProfilePhoto(kernel.storage, userId, previous, oldSizes);
      return updated.toPublic();
    },

    /**
     * Makes a change to what others see of the account, each of which empties every cache on every
     * node: past PROFILE_CHANGES_PER_HOUR an hour it is refused (429). One that fails (a taken
     * username, not an image) does not count.
     */
    async profileChange<T>(userId: number, change: () => Promise<T>): Promise<T> {
      const wait = await profileChanges.take(String(userId));
      if (wait) throw tooMany(PROFILE_CHANGES_MESSAGE, wait);
      let result: T;
      try {
        result = await change();
      } catch (error) {
        await profileChanges.giveBack(String(userId));
        throw error;
      }
      for (const listener of profileListeners) await listener(userId);
      return result;
    },

    /**
     * Lets a plugin follow changes of what others see of an account (federation's actor Update), after they are saved.
     */
    onProfileChanged(listener: (userId: number) => Promise<void>): void {
      profileListeners.push(listener);
    },

    /** Creates the user's artist record once; later calls return the same record unchanged. */
    async registerArtist(userId: number): Promise<Artist> {
      const user = await User.query().findById(userId);
      if (!user) throw notFound('User not found');
      const existing = await Artist.query().findOne({ userId });
      if (existing) return existing;
      try {
        return await kernel.knex.transaction(async (trx) => {
          if (!user.isArtist) await user.$query(trx).patch({ isArtist: true, updatedAt: now() });
          const artist = await Artist.query(trx).insertAndFetch({
            userId,
            name: user.name,
            bio: user.bio,
            profileImage: user.profileImage,
            verified: false,
            genre: null,
            createdAt: now(),
          });
          if (artist.profileImage) await queuePhotoSizes(trx, artist.id, artist.profileImage);
          return artist;
        });
      } catch (error) {
        // A concurrent call won the unique user_id: that record is the answer.
        if (isUniqueViolation(error)) return (await Artist.query().findOne({ userId }))!;
        throw error;
      }
    },

    async artistOfUser(userId: number): Promise<Artist | undefined> {
      return Artist.query().findOne({ userId });
    },

    async preferences(userId: number): Promise<PreferenceValues> {
      const row = await Preferences.query().findById(userId);
      return row ? row.toPublic() : { ...DEFAULT_PREFERENCES };
    },

    async updatePreferences(userId: number, patch: PreferencesPatch): Promise<PreferenceValues> {
      const values = { ...(await service.preferences(userId)), ...patch };
      await kernel
        .knex('user_preferences')
        .insert({ userId, ...values, updatedAt: now() })
        .onConflict('userId')
        .merge();
      await kernel.cache.changed([userTag(userId)]);
      return values;
    },

    /**
     * Deletes the account once its owner confirmed it (password; the username for an account
     * without one): every plugin's `deleteData` runs (dependants first), then personal fields are
     * wiped and the row kept (ledgers point at it), the artist identity anonymised, all in one
     * transaction. The session middleware reads a deleted user as signed out, so every session ends
     * with it; the deletion announces nothing, so every node's caches drop everything.
     */
    async deleteAccount(actor: SessionUser, id: number, confirmation: DeletionConfirmation): Promise<void> {
      const user = await User.query().findById(id);
      if (!user || user.deletedAt) throw notFound('User not found');
      if (actor.id !== id) throw forbidden('You can only delete your own account');
      if (user.passwordHash) {
        if (!confirmation.password) throw invalid(DELETION_MESSAGES.password);
        if (!(await verifyPassword(confirmation.password, user.passwordHash)))
          throw forbidden(DELETION_MESSAGES.wrongPassword);
      } else {
        if (!confirmation.username) throw invalid(DELETION_MESSAGES.username);
        if (usernameKey(confirmation.username) !== usernameKey(user.username))
          throw forbidden(DELETION_MESSAGES.wrongUsername);
      }
      const photo = user.profileImage;
      const { photoSizes, archives } = await kernel.knex.transaction(async (trx) => {
        for (const plugin of [...kernel.plugins].reverse()) await plugin.deleteData?.(kernel, id, trx);
        const archives = await service.exports.forget(id, trx);
        await trx('users').where({ id }).update({ verifiedEmail: null, emailVerifiedAt: null });
        await sessions.endAll(trx, id);
        await service.recovery.forget(id, trx);
        await trx('passkeys').where({ userId: id }).delete();
        await Preferences.query(trx).deleteById(id);
        const artist = await Artist.query(trx).findOne({ userId: id }).forUpdate();
        await Artist.query(trx)
          .where({ userId: id })
          .patch({ name: 'Deleted artist', bio: '', profileImage: null, profileImageVariants: null });
        await user.$query(trx).patch({
          username: `deleted-${id}`,
          email: `deleted-${id}@deleted.invalid`,
          name: 'Deleted user',
          bio: '',
          profileImage: null,
          role: 'user',
          // Not a valid hash: no password can ever match it again.
          passwordHash: 'deleted',
          deletedAt: now(),
          updatedAt: now(),
        });
        return { photoSizes: artist?.profileImageVariants, archives };
      });
      await sessions.signedOut(id);
      await removeProfilePhoto(kernel.storage, id, photo, photoSizes);
      for (const key of archives) await kernel.storage.delete(key);
    },

    /** What the owner types to confirm a deletion: the password, or the username for an account without one. */
    async deletionConfirmation(userId: number): Promise<'password' | 'username'> {
      const row = await kernel.knex('users').where({ id: userId }).first('passwordHash');
      return row?.passwordHash ? 'password' : 'username';
    },

    /** The account's own part of its export: profile, artist record, preferences, devices and passkeys (names only). */
    async exportData(userId: number) {
      const profile = await service.publicUser(userId);
      const artist = await kernel
        .knex('artists')
        .where({ userId })
        .first('id', 'name', 'bio', 'genre', 'verified', 'profileImage', 'createdAt');
      const devices = await kernel
        .knex('account_sessions')
        .where({ userId })
        .select('userAgent', 'createdAt', 'lastSeenAt');
      const passkeys = await kernel.knex('passkeys').where({ userId }).select('name', 'createdAt', 'lastUsedAt');
      return { profile, artist: artist ?? null, preferences: await service.preferences(userId), devices, passkeys };
    },

    /** Why this account is suspended, or null while it is not (its pages say so). */
    async suspension(userId: number): Promise<{ reason: string } | null> {
      const row = await kernel
        .knex('users')
        .where({ id: userId })
        .whereNotNull('suspendedAt')
        .first('suspensionReason');
      return row ? { reason: row.suspensionReason ?? '' } : null;
    },

    /** Lets a plugin record role changes (moderation's audit log), in the change's transaction. */
    onRoleChanged(listener: RoleChangedListener): void {
      roleListeners.push(listener);
    },

    /** `actor` is who promoted (null: the command line). */
    async setRole(username: string, role: string, actor: SessionUser | null = null): Promise<PublicUser> {
      if (!(ROLES as readonly string[]).includes(role)) throw invalid(`Role must be one of: ${ROLES.join(', ')}`);
      const user = await User.query().where('usernameKey', usernameKey(username)).first();
      if (!user) throw notFound(`No user named "${username}"`);
      const previousRole = user.role;
      const changed = await kernel.knex.transaction(async (trx) => {
        const updated = (await user.$query(trx).patchAndFetch({ role: role as Role, updatedAt: now() })).toPublic();
        for (const listener of roleListeners) await listener(trx, { actor, user: updated, previousRole });
        return updated;
      });
      // Not an API write (the promote command): told at once to the caches that keep this user.
      await kernel.cache.changed([userTag(user.id)]);
      return changed;
    },
  };
  return service;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    accounts: AccountsService;
  }
}
