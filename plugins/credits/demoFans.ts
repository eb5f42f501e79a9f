import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { monthOf, shiftMonth } from './months.ts';
import { MONTHLY_CREDITS } from './rules.ts';

// Demo members with different habits, so the fans' statements, the artists' two kinds of money and
// /transparency's comparison with pro-rata mean something on `npm start`: a few heavy players of the
// two best-known artists, allocators who give all their credits, fans who give some and play the
// rest, listeners who never allocate, light players, and one who does neither. The credits plugin
// writes their grants and allocations; the insights plugin (when enabled) their counted plays
// (plays() below), since a member's plays are its data.

/** Months of history before the current one. */
export const DEMO_MONTHS = 4;
const FANS = 30;

export interface DemoFan {
  username: string;
  name: string;
  /** [artist index, credits] given `monthsAgo` months ago (0: this month). */
  gives(monthsAgo: number): Array<[number, number]>;
  /** [artist index, counted plays] of that month. */
  plays(monthsAgo: number): Array<[number, number]>;
}

/** The fans' habits over `artists` demo artists (the first two are the best-known ones). */
export function demoFans(artists: number): DemoFan[] {
  const pick = (seed: number) => 2 + (seed % Math.max(1, artists - 2));
  return Array.from({ length: FANS }, (_, i) => {
    const heavy = i < 4;
    const idle = i === FANS - 1;
    // This month is under way: about a third of a month's plays so far.
    const scale = (monthsAgo: number) => (monthsAgo === 0 ? 0.3 : 1);
    return {
      username: `demofan${String(i + 1).padStart(2, '0')}`,
      name: `Demo Fan ${i + 1}`,
      gives(monthsAgo) {
        if (idle || heavy) return [];
        if (i % 5 === 0)
          return [
            [pick(i + monthsAgo), 60],
            [pick(i * 3 + 1), 40],
          ];
        if (i % 5 === 1) return [[pick(i * 7 + monthsAgo), 40]];
        return [];
      },
      plays(monthsAgo) {
        if (idle) return [];
        const s = scale(monthsAgo);
        if (heavy)
          return [
            [0, Math.round((600 + ((i * 37 + monthsAgo * 53) % 500)) * s)],
            [1, Math.round((350 + ((i * 11 + monthsAgo * 29) % 300)) * s)],
            [pick(i + monthsAgo), Math.round(30 * s) + 1],
          ];
        const artistsPlayed = 1 + ((i + monthsAgo) % 3);
        return Array.from({ length: artistsPlayed }, (_, k): [number, number] => [
          k === 0 && i % 3 === 0 ? i % 2 : pick(i * 3 + k * 7 + monthsAgo),
          Math.max(1, Math.round((3 + ((i * 5 + k * 11 + monthsAgo * 3) % 28)) * s)),
        ]);
      },
    };
  });
}

/** Registers the demo fans (members, like every demo account); their user ids in demoFans' order. */
export async function registerDemoFans(kernel: Kernel, fans: DemoFan[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < fans.length; i += 3) {
    const batch = fans.slice(i, i + 3).map((f) =>
      kernel.services.accounts.registerDemo({
        username: f.username,
        email: `${f.username}@onetrack.example`,
        name: f.name,
        isArtist: false,
      }),
    );
    ids.push(...(await Promise.all(batch)).map((u) => u.id));
  }
  return ids;
}

/** The demo fans' grants and allocations, from DEMO_MONTHS months ago to this month. */
export async function seedDemoFanMonths(kernel: Kernel, fans: DemoFan[], userIds: number[], artistIds: number[]) {
  const now = kernel.now().getTime();
  const thisMonth = monthOf(kernel.now());
  await kernel.knex.transaction(async (trx: Knex.Transaction) => {
    for (let monthsAgo = DEMO_MONTHS; monthsAgo >= 0; monthsAgo--) {
      const month = shiftMonth(thisMonth, -monthsAgo);
      const start = Date.parse(`${month}-01T00:00:00Z`);
      const grants = [];
      const allocations = [];
      for (const [i, fan] of fans.entries()) {
        const gifts = fan.gives(monthsAgo).filter(([a]) => artistIds[a] !== undefined);
        const spent = gifts.reduce((sum, [, credits]) => sum + credits, 0);
        grants.push({
          userId: userIds[i],
          month,
          credits: MONTHLY_CREDITS,
          remaining: MONTHLY_CREDITS - spent,
          createdAt: start,
        });
        for (const [k, [a, credits]] of gifts.entries())
          // This month's gifts are dated before now, however early in the month it is.
          allocations.push({
            userId: userIds[i],
            artistId: artistIds[a],
            month,
            credits,
            createdAt: Math.max(
              start,
              Math.min(start + (2 + (i % 9) + k * 5) * 86_400_000, monthsAgo ? Infinity : now - 60_000 * (k + 1)),
            ),
          });
      }
      await trx('credit_grants').insert(grants);
      if (allocations.length) await trx('credit_allocations').insert(allocations);
    }
  });
}
