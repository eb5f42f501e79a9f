import type { Knex } from 'knex';
import { isMysql } from '../../api/db/connection.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { monthOf, shiftMonth } from '../credits/months.ts';
import { dayEnd, dayOf, dayStart, lastDays } from './days.ts';

/** The admins' platform view: how many days and months it shows. */
export const PLATFORM_DAYS = 30;
export const PLATFORM_MONTHS = 6;

export interface PlatformDay {
  day: string;
  newMembers: number;
  plays: number;
  uploads: number;
}

export interface PlatformMonth {
  month: string;
  /** Accounts that existed at the month's end (or now, for this month). */
  members: number;
  /** Members with a credit grant that month: the fees that came in. */
  payingMembers: number;
  plays: number;
  uploads: number;
  feesCents: number;
  payoutsCents: number;
  /** Net fees of members who allocated nothing that month: paid to no artist. */
  unallocatedCents: number;
}

/** Counts of a timestamp column per UTC day between two moments, grouped by the database. */
async function perDay(
  knex: Knex,
  table: string,
  column: string,
  from: number,
  to: number,
): Promise<Map<string, number>> {
  // Integer division of epoch ms: `DIV` on MySQL, `/` of integers on SQLite.
  const dayNumber = knex.raw(isMysql(knex) ? '?? DIV 86400000' : '?? / 86400000', [column]);
  const rows: Array<{ d: unknown; n: unknown }> = await knex(table)
    .whereBetween(column, [from, to - 1])
    .select({ d: dayNumber })
    .count({ n: '*' })
    .groupBy('d');
  return new Map(rows.map((r) => [dayOf(Number(r.d) * 86_400_000), Number(r.n)]));
}

/** Platform figures per day (plays from the rollups) and per month (money from credits' statements). */
export async function platformView(
  kernel: Kernel,
): Promise<{ days: PlatformDay[]; months: PlatformMonth[]; currency: string }> {
  const { knex } = kernel;
  const now = kernel.now();
  const days = lastDays(dayOf(now.getTime()), PLATFORM_DAYS);
  const firstMonth = shiftMonth(monthOf(now), -(PLATFORM_MONTHS - 1));
  const from = Math.min(dayStart(days[0]), dayStart(`${firstMonth}-01`));
  const to = dayEnd(days[days.length - 1]);
  const [members, uploads, playRows] = await Promise.all([
    perDay(knex, 'users', 'created_at', from, to),
    perDay(knex, 'tracks', 'created_at', from, to),
    knex('play_days').where('day', '>=', dayOf(from)).select('day').sum({ plays: 'plays' }).groupBy('day'),
  ]);
  const plays = new Map((playRows as Array<{ day: string; plays: unknown }>).map((r) => [r.day, Number(r.plays)]));
  const before = Number((await knex('users').where('created_at', '<', from).count({ n: '*' }))[0].n);

  const monthKeys = Array.from({ length: PLATFORM_MONTHS }, (_, i) => shiftMonth(firstMonth, i));
  const inMonth = (counts: Map<string, number>, month: string) =>
    [...counts].filter(([day]) => day.startsWith(month)).reduce((sum, [, n]) => sum + n, 0);
  let running = before;
  const months: PlatformMonth[] = [];
  for (const month of monthKeys) {
    running += inMonth(members, month);
    const payouts = await kernel.services.credits.payouts(month);
    months.push({
      month,
      members: running,
      payingMembers: payouts.payingFans,
      plays: inMonth(plays, month),
      uploads: inMonth(uploads, month),
      feesCents: payouts.grossCents,
      payoutsCents: payouts.artistsCents,
      unallocatedCents: payouts.unallocatedCents,
    });
  }
  return {
    days: days.map((day) => ({
      day,
      newMembers: members.get(day) ?? 0,
      plays: plays.get(day) ?? 0,
      uploads: uploads.get(day) ?? 0,
    })),
    months,
    currency: kernel.settings.credits.currency,
  };
}
