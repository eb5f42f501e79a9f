import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { userTag } from '../../api/cache/tags.ts';
import { conflict, forbidden, invalid, notFound } from '../../api/errors.ts';
import { createMailer } from '../../api/mail.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { inLocale, type Said } from '../../api/i18n.ts';
import { isLocale, type Locale } from '../../lib/i18n/locales.ts';
import * as m from '../../lib/i18n/messages.ts';
import { currentLocale } from '../../lib/i18n/runtime.ts';
import { hashPassword } from './password.ts';
import type { Sessions } from './sessions.ts';
import { RECOVERY_MESSAGES, TOKEN_LIFETIME_MS, type TokenPurpose } from './rules.ts';

export const TOKEN_MAIL_JOB = 'accounts.tokenMail';

/** A link's mail, shown in the app instead when this server sends no e-mail (the demo). */
export interface UndeliveredMail {
  userId: number;
  key: string;
  /** Messages, said in the reader's language when read. */
  title: Said;
  body: Said;
  /** The page with the token in its fragment: fragments reach no server and no request log. */
  link: string;
}
export type UndeliveredMailHandler = (db: Knex | Knex.Transaction, mail: UndeliveredMail) => Promise<void>;

const PAGES: Record<TokenPurpose, string> = { reset: '/reset-password', verify: '/verify-email' };
// The mail's texts, in the language of the request that asked for the link (the job carries it).
const SUBJECTS: Record<TokenPurpose, () => string> = { reset: m.mail_reset_subject, verify: m.mail_verify_subject };
const SUBJECT_KEYS: Record<TokenPurpose, Said['key']> = { reset: 'mail_reset_subject', verify: 'mail_verify_subject' };
const INTROS: Record<TokenPurpose, () => string> = { reset: m.mail_reset_intro, verify: m.mail_verify_intro };
const OUTROS: Record<TokenPurpose, () => string> = { reset: m.mail_reset_outro, verify: m.mail_verify_outro };
/** The intro said in the app when no mail is sent. */
const IN_APP: Record<TokenPurpose, Said['key']> = { reset: 'mail_reset_in_app', verify: 'mail_verify_in_app' };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Single-use links by e-mail. A token is 32 random bytes made when its mail is sent (so it exists
 * only in that mail, never in the job queue) and stored as its sha256; using it is one conditional
 * UPDATE (`used_at IS NULL`), so two simultaneous uses cannot both succeed, on any node.
 */
export function createRecovery(kernel: Kernel, sessions: Sessions) {
  const mailer = kernel.config.mail ? createMailer(kernel.config.mail, kernel.config) : null;
  const now = () => kernel.now().getTime();
  const undelivered: UndeliveredMailHandler[] = [];

  /**
   * Gives a token row its token (replacing one a failed send made) and returns it; null when the row no longer applies.
   */
  async function mint(
    db: Knex | Knex.Transaction,
    id: number,
  ): Promise<{ token: string; purpose: TokenPurpose; userId: number; email: string } | null> {
    const row = await db('account_tokens as t')
      .join('users as u', 'u.id', 't.userId')
      .where('t.id', id)
      .whereNull('t.usedAt')
      .where('t.expiresAt', '>', now())
      .whereNull('u.deletedAt')
      .whereRaw('u.email = t.email')
      .first('t.purpose', 't.userId', 't.email');
    if (!row) return null;
    const token = randomBytes(32).toString('base64url');
    const updated = await db('account_tokens')
      .where({ id })
      .whereNull('usedAt')
      .update({ tokenHash: sha256(token) });
    return updated ? { token, purpose: row.purpose, userId: Number(row.userId), email: row.email } : null;
  }

  const recovery = {
    /** Whether links go out by e-mail; without it verification gates nothing and resets are off. */
    mailConfigured: (): boolean => mailer !== null,

    /** Shows the link mails in the app when no mail is sent (the notifications plugin listens). */
    onUndeliveredMail(handler: UndeliveredMailHandler): void {
      undelivered.push(handler);
    },

    /** Queues a link for the user's current address (inside the caller's transaction when given). */
    async issue(db: Knex | Knex.Transaction, userId: number, purpose: TokenPurpose, email: string): Promise<void> {
      const [id] = await db('account_tokens').insert({
        userId,
        purpose,
        email,
        tokenHash: null,
        createdAt: now(),
        expiresAt: now() + TOKEN_LIFETIME_MS[purpose],
        usedAt: null,
      });
      if (mailer) {
        await kernel.jobs.enqueue(
          db,
          TOKEN_MAIL_JOB,
          { id: Number(id), locale: currentLocale() },
          { uniqueKey: `${TOKEN_MAIL_JOB}:${id}` },
        );
        return;
      }
      const minted = await mint(db, Number(id));
      if (!minted) return;
      for (const handler of undelivered) {
        await handler(db, {
          userId,
          key: `${purpose}:${id}`,
          title: { key: SUBJECT_KEYS[purpose] },
          body: { key: IN_APP[purpose] },
          link: `${PAGES[purpose]}#token=${minted.token}`,
        });
      }
    },

    /** The `accounts.tokenMail` job: makes the token and mails the link, in `locale` (English for an older job). */
    async sendTokenMail(id: number, locale?: string): Promise<void> {
      if (!mailer) return;
      const minted = await mint(kernel.knex, id);
      if (!minted) return;
      const link = mailer.link(`${PAGES[minted.purpose]}#token=${minted.token}`);
      const language: Locale = isLocale(locale) ? locale : 'en';
      const { purpose } = minted;
      await mailer.send(
        inLocale(language, () => ({
          to: minted.email,
          subject: SUBJECTS[purpose](),
          text: `${INTROS[purpose]()}\n\n${link}\n\n${OUTROS[purpose]()}\n`,
        })),
      );
    },

    /**
     * Uses a token once: the row it belongs to (user and address), or null when it is unknown, used,
     * expired or for another purpose. Run it in the transaction that acts on it.
     */
    async consume(
      db: Knex | Knex.Transaction,
      purpose: TokenPurpose,
      token: string,
    ): Promise<{ userId: number; email: string } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const hash = sha256(token);
      const row = await db('account_tokens')
        .where({ tokenHash: hash })
        .first('id', 'purpose', 'userId', 'email', 'tokenHash', 'expiresAt', 'usedAt');
      if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
      if (row.purpose !== purpose || row.usedAt != null || Number(row.expiresAt) <= now()) return null;
      const used = await db('account_tokens').where({ id: row.id }).whereNull('usedAt').update({ usedAt: now() });
      return used ? { userId: Number(row.userId), email: row.email } : null;
    },

    /** Ends every other link of this kind the user still holds (a reset made, an address verified). */
    async retire(db: Knex | Knex.Transaction, userId: number, purpose: TokenPurpose): Promise<void> {
      await db('account_tokens').where({ userId, purpose }).whereNull('usedAt').update({ usedAt: now() });
    },

    /** Whether the user's current address is the one they verified. */
    async isVerified(userId: number): Promise<boolean> {
      const row = await kernel.knex('users').where({ id: userId }).first('email', 'verifiedEmail');
      return !!row && row.verifiedEmail === row.email;
    },

    /**
     * Refuses (403, with the reason) what an unverified account may not do while mail is configured:
     * messaging and uploading. Without mail nothing is gated.
     */
    async requireVerified(userId: number, action: 'upload' | 'send messages'): Promise<void> {
      if (mailer && !(await recovery.isVerified(userId))) throw forbidden(() => m.api_unverified({ action }));
    },

    /**
     * Mails a reset link when the address is an account's; says nothing either way. `allowed` is
     * asked only for an existing account (its own rate limit), and a refusal is silent too.
     */
    async requestReset(email: string, allowed: (userId: number) => Promise<boolean>): Promise<void> {
      if (!mailer) throw forbidden(RECOVERY_MESSAGES.noMail);
      // A link is on no page: anyone may ask, and announcing nothing would empty every node's caches.
      await kernel.cache.changed([]);
      const user = await kernel
        .knex('users')
        .whereRaw('LOWER(email) = ?', [email.trim().toLowerCase()])
        .whereNull('deletedAt')
        .first('id', 'email');
      if (!user || !(await allowed(Number(user.id)))) return;
      await kernel.knex.transaction((trx) => recovery.issue(trx, Number(user.id), 'reset', user.email));
    },

    /** Sets a new password with a reset link, once; signs out every session of the account. */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const done = await kernel.knex.transaction(async (trx) => {
        const used = await recovery.consume(trx, 'reset', token);
        if (!used) return false;
        // The link came to this address, so it is the holder's: verified as well.
        await trx('users')
          .where({ id: used.userId, email: used.email })
          .whereNull('deletedAt')
          .update({ passwordHash, verifiedEmail: used.email, emailVerifiedAt: now(), updatedAt: now() });
        await recovery.retire(trx, used.userId, 'reset');
        await sessions.endAll(trx, used.userId);
        return used.userId;
      });
      if (done === false) throw invalid(RECOVERY_MESSAGES.badLink);
      await sessions.signedOut(done);
      await kernel.cache.changed([userTag(done)]);
    },

    /** Marks the address the link was sent to as verified, if it is still the account's. */
    async verifyEmail(token: string): Promise<void> {
      const done = await kernel.knex.transaction(async (trx) => {
        const used = await recovery.consume(trx, 'verify', token);
        if (!used) return false;
        const updated = await trx('users')
          .where({ id: used.userId, email: used.email })
          .whereNull('deletedAt')
          .update({ verifiedEmail: used.email, emailVerifiedAt: now() });
        if (!updated) return false;
        await recovery.retire(trx, used.userId, 'verify');
        return used.userId;
      });
      if (done === false) throw invalid(RECOVERY_MESSAGES.badLink);
      await kernel.cache.changed([userTag(done)]);
    },

    /** Sends a verification link to the user's current address unless it is verified already (409). */
    async sendVerification(userId: number): Promise<{ message: string }> {
      const user = await kernel
        .knex('users')
        .where({ id: userId })
        .whereNull('deletedAt')
        .first('email', 'verifiedEmail');
      if (!user) throw notFound('User not found');
      if (user.verifiedEmail === user.email) throw conflict(RECOVERY_MESSAGES.alreadyVerified);
      await kernel.knex.transaction((trx) => recovery.issue(trx, userId, 'verify', user.email));
      // The link is on no page; the job that makes it announces the notification it may add.
      await kernel.cache.changed([]);
      return { message: mailer ? RECOVERY_MESSAGES.verificationSent : RECOVERY_MESSAGES.verificationInApp };
    },

    /** An account's links go with it. */
    async forget(userId: number, db: Knex | Knex.Transaction): Promise<void> {
      await db('account_tokens').where({ userId }).delete();
    },
  };
  return recovery;
}

export type Recovery = ReturnType<typeof createRecovery>;
