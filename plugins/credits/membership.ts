import type { Knex } from 'knex';
import { localized } from '../../api/i18n.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { monthOf, shiftMonth } from './months.ts';
import { MEMBERSHIP_ENDED, TRIAL_ENDED, TRIAL_NEXT_MONTH } from './rules.ts';

export type MembershipState = 'trial' | 'member' | 'cancelled';

export interface Membership {
  state: MembershipState;
  /** The included month of a trial (YYYY-MM). */
  trialMonth: string | null;
  /** The last month a cancelled membership gets credits for. */
  paidThrough: string | null;
}

/** Whether the account gets a credit grant in `month` (docs/payouts.md, "Membership"). */
export function entitled(m: Membership, month: string): boolean {
  if (m.state === 'member') return true;
  if (m.state === 'trial') return month === m.trialMonth;
  return m.paidThrough !== null && month <= m.paidThrough;
}

/** Why an account has no credits in `month` (asked in `currentMonth`), or null when it has them. */
export function noCreditsReason(m: Membership, month: string, currentMonth = month): string | null {
  if (entitled(m, month)) return null;
  if (m.state !== 'trial') return MEMBERSHIP_ENDED;
  // A month after the included one (a pledge to next month's drop) while the trial still runs.
  return m.trialMonth !== null && month > m.trialMonth && currentMonth <= m.trialMonth ? TRIAL_NEXT_MONTH : TRIAL_ENDED;
}

/** The reason as the reader is told it (the Credit Vault, Billing): in their language, English as written. */
export function noCreditsText(m: Membership, month: string): string | null {
  const reason = noCreditsReason(m, month);
  return reason && localized(reason);
}

export function createMemberships(kernel: Kernel) {
  const { knex } = kernel;
  const read = async (userId: number, db: Knex | Knex.Transaction = knex): Promise<Membership | undefined> => {
    const row = await db('memberships').where({ userId }).first('state', 'trialMonth', 'paidThrough');
    return row && { state: row.state, trialMonth: row.trialMonth ?? null, paidThrough: row.paidThrough ?? null };
  };
  const write = (userId: number, m: Membership, db: Knex | Knex.Transaction = knex) =>
    db('memberships')
      .where({ userId })
      .update({ ...m, updatedAt: kernel.now().getTime() });

  /**
   * The account's membership. An account without one is new (older ones were made members by the
   * migration): the month it was created in is included, as a trial, however late it is first
   * read. Concurrent first reads insert one row (the key is the user).
   */
  async function of(userId: number, db: Knex | Knex.Transaction = knex): Promise<Membership> {
    const existing = await read(userId, db);
    if (existing) return existing;
    const user = await db('users').where({ id: userId }).first('createdAt');
    const trialMonth = monthOf(user ? new Date(Number(user.createdAt)) : kernel.now());
    await db('memberships')
      .insert({ userId, state: 'trial', trialMonth, paidThrough: null, updatedAt: kernel.now().getTime() })
      .onConflict('userId')
      .ignore();
    return (await read(userId, db))!;
  }

  return {
    of,

    /**
     * What the payment provider says the account has paid for (payments/webhooks.ts), inside the
     * event's transaction: a running subscription is a member; any other, paid through its last paid month.
     */
    async follow(userId: number, running: boolean, paidThrough: string | null, trx: Knex.Transaction) {
      const m = await of(userId, trx);
      const next: Membership = running
        ? { state: 'member', trialMonth: m.trialMonth, paidThrough: null }
        : m.state === 'trial' && paidThrough === null
          ? m
          : { state: 'cancelled', trialMonth: m.trialMonth, paidThrough };
      const same = next.state === m.state && next.paidThrough === m.paidThrough;
      if (!same) await write(userId, next, trx);
      return !same;
    },

    /** Starts (or restarts) the membership; false when it already runs. */
    async upgrade(userId: number): Promise<boolean> {
      const m = await of(userId);
      if (m.state === 'member') return false;
      await write(userId, { state: 'member', trialMonth: m.trialMonth, paidThrough: null });
      return true;
    },

    /**
     * Cancels: this month is paid, so its credits stay; none come after it. False when already
     * cancelled; a trial has nothing to cancel (null).
     */
    async cancel(userId: number): Promise<boolean | null> {
      const m = await of(userId);
      if (m.state === 'trial') return null;
      if (m.state === 'cancelled') return false;
      await write(userId, { state: 'cancelled', trialMonth: m.trialMonth, paidThrough: monthOf(kernel.now()) });
      return true;
    },

    /** What Settings › Billing, the top bar and the vault show. */
    async view(userId: number) {
      const m = await of(userId);
      const month = monthOf(kernel.now());
      return {
        ...m,
        month,
        creditsThisMonth: entitled(m, month),
        creditsNextMonth: entitled(m, shiftMonth(month, 1)),
        reason: noCreditsText(m, month),
      };
    },
  };
}

export type MembershipView = Awaited<ReturnType<ReturnType<typeof createMemberships>['view']>>;
