import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { demoArtists, demoListener } from '../accounts/seed.ts';
import { monthOf, shiftMonth } from './months.ts';
import { MONTHLY_CREDITS } from './rules.ts';
import { demoFans, registerDemoFans, seedDemoFanMonths } from './demoFans.ts';

/** The demo listener's last two months: what they gave, so the vault and the payouts show history. */
const HISTORY: Array<{ monthsAgo: number; day: number; artist: number; credits: number }> = [
  { monthsAgo: 2, day: 3, artist: 0, credits: 40 },
  { monthsAgo: 2, day: 9, artist: 1, credits: 25 },
  { monthsAgo: 2, day: 20, artist: 2, credits: 20 },
  { monthsAgo: 1, day: 2, artist: 1, credits: 30 },
  { monthsAgo: 1, day: 14, artist: 0, credits: 30 },
  { monthsAgo: 1, day: 27, artist: 3, credits: 35 },
];

type Gift = { day: number; artistId: number; credits: number };

/** One member's month: the grant, reduced by exactly what they gave, as allocate() would have left it. */
async function seedMonth(trx: Knex.Transaction, userId: number, month: string, gifts: Gift[]) {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const spent = gifts.reduce((sum, g) => sum + g.credits, 0);
  await trx('credit_grants').insert({
    userId,
    month,
    credits: MONTHLY_CREDITS,
    remaining: MONTHLY_CREDITS - spent,
    createdAt: start,
  });
  if (gifts.length === 0) return;
  await trx('credit_allocations').insert(
    gifts.map((g) => ({
      userId,
      artistId: g.artistId,
      month,
      credits: g.credits,
      createdAt: start + (g.day - 1) * 86_400_000 + 18 * 3_600_000,
    })),
  );
}

// Written as ledger rows (not through allocate(), which only spends in the current month). The demo
// artists are members too: each gave credits to two others in those months (the last one gave none
// last month), so statements and /transparency have several fans and artists to show.
export async function seedCredits(kernel: Kernel): Promise<void> {
  const artists = await demoArtists(kernel, 8);
  const demo = await demoListener();
  const fanArtists = await demoArtists(kernel, 10);
  const fans = demoFans(fanArtists.length);
  const fanIds = await registerDemoFans(kernel, fans);
  // Every demo account is a member (so the demo keeps its credits month after month).
  const users: Array<{ id: number }> = await kernel.knex('users').select('id');
  const updatedAt = kernel.now().getTime();
  await kernel
    .knex('memberships')
    .insert(users.map((u) => ({ userId: u.id, state: 'member', updatedAt })))
    .onConflict('userId')
    .ignore();
  const thisMonth = monthOf(kernel.now());
  for (const monthsAgo of [2, 1]) {
    const month = shiftMonth(thisMonth, -monthsAgo);
    await kernel.knex.transaction(async (trx) => {
      const listener = HISTORY.filter((h) => h.monthsAgo === monthsAgo && artists[h.artist % artists.length]);
      await seedMonth(
        trx,
        demo.id,
        month,
        listener.map((h) => ({ day: h.day, artistId: artists[h.artist % artists.length].id, credits: h.credits })),
      );
      for (const [i, member] of artists.entries()) {
        const gives = artists.length > 1 && !(monthsAgo === 1 && i === artists.length - 1);
        const chosen = [...new Set([(i + 1) % artists.length, (i + 2 + monthsAgo) % artists.length])].filter(
          (j) => j !== i,
        );
        const gifts = gives
          ? chosen.map((j, k) => ({
              day: 5 + 7 * k,
              artistId: artists[j].id,
              credits: 10 + ((i * 13 + j * 7 + monthsAgo * 5) % 45),
            }))
          : [];
        await seedMonth(trx, member.userId, month, gifts);
      }
    });
  }
  await seedDemoFanMonths(
    kernel,
    fans,
    fanIds,
    fanArtists.map((a) => a.id),
  );
}
