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

export function createMemberships(kernel: Kernel) {
  const { knex } = kernel;
  const read = async (userId: number): Promise<Membership | undefined> => {
    const row = await knex('memberships').where({ userId }).first('state', 'trialMonth', 'paidThrough');
    return row && { state: row.state, trialMonth: row.trialMonth ?? null, paidThrough: row.paidThrough ?? null };
  };
  const write = (userId: number, m: Membership) =>
    knex('memberships')
      .where({ userId })
      .update({ ...m, updatedAt: kernel.now().getTime() });

  /**
   * The account's membership. An account without one is new (older ones were made members by the
   * migration): the month it was created in is included, as a trial, however late it is first
   * read. Concurrent first reads insert one row (the key is the user).
   */
  async function of(userId: number): Promise<Membership> {
    const existing = await read(userId);
    if (existing) return existing;
    const user = await knex('users').where({ id: userId }).first('createdAt');
    const trialMonth = monthOf(user ? new Date(Number(user.createdAt)) : kernel.now());
    await knex('memberships')
      .insert({ userId, state: 'trial', trialMonth, paidThrough: null, updatedAt: kernel.now().getTime() })
      .onConflict('userId')
      .ignore();
    return (await read(userId))!;
  }

  return {
    of,

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
        reason: noCreditsReason(m, month),
      };
    },
  };
}

export type MembershipView = Awaited<ReturnType<ReturnType<typeof createMemberships>['view']>>;
