import { userTag } from '../../api/cache/tags.ts';
import { forbidden, invalid, notFound } from '../../api/errors.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { PASSWORD_CHANGE_MESSAGES, usernameKey } from './rules.ts';
import type { Sessions } from './sessions.ts';

export interface PasswordChange {
  /** Required when the account has a password (a passkey-only account sets its first one). */
  currentPassword?: string;
  newPassword: string;
  signOutOthers?: boolean;
}

/**
 * A signed-in person's own password change (issue 44 point 2): without mail configured it is the
 * only way to change one. The current password is checked (a borrowed unlocked device cannot take
 * the account over); other devices are signed out when asked, this one stays signed in.
 */
export function createPasswordChange(kernel: Kernel, sessions: Sessions) {
  const { knex } = kernel;
  return async function changePassword(
    userId: number,
    currentSessionId: string | undefined,
    change: PasswordChange,
  ): Promise<{ signedOut: number }> {
    const user = await knex('users').where({ id: userId }).whereNull('deletedAt').first('username', 'passwordHash');
    if (!user) throw notFound('User not found');
    if (user.passwordHash) {
      if (!change.currentPassword) throw invalid(PASSWORD_CHANGE_MESSAGES.current);
      if (!(await verifyPassword(change.currentPassword, user.passwordHash)))
        throw forbidden(PASSWORD_CHANGE_MESSAGES.wrongCurrent);
      if (change.newPassword === change.currentPassword) throw invalid(PASSWORD_CHANGE_MESSAGES.same);
    }
    if (usernameKey(change.newPassword) === usernameKey(String(user.username)))
      throw invalid(PASSWORD_CHANGE_MESSAGES.username);
    const passwordHash = await hashPassword(change.newPassword);
    const signedOut = await knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ passwordHash, updatedAt: kernel.now().getTime() });
      return change.signOutOthers ? sessions.endAll(trx, userId, currentSessionId) : 0;
    });
    if (signedOut) await sessions.signedOut(userId);
    await kernel.cache.changed([userTag(userId)]);
    return { signedOut };
  };
}
