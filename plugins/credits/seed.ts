import type { Kernel } from '../../api/plugins/types.ts';
import { demoArtists, demoListener } from '../accounts/seed.ts';
import { monthOf, shiftMonth } from './months.ts';
import { MONTHLY_CREDITS } from './rules.ts';

/** The demo listener's last two months: what they gave, so the vault and the payouts show history. */
const HISTORY: Array<{ monthsAgo: number; day: number; artist: number; credits: number }> = [
  { monthsAgo: 2, day: 3, artist: 0, credits: 40 },
  { monthsAgo: 2, day: 9, artist: 1, credits: 25 },
  { monthsAgo: 2, day: 20, artist: 2, credits: 20 },
  { monthsAgo: 1, day: 2, artist: 1, credits: 30 },
  { monthsAgo: 1, day: 14, artist: 0, credits: 30 },
  { monthsAgo: 1, day: 27, artist: 3, credits: 35 },
];

// Written as ledger rows (not through allocate(), which only spends in the current month), with
// each month's grant reduced by exactly what was allocated, as allocate() would have left it.
export async function seedCredits(kernel: Kernel): Promise<void> {
  const artists = await demoArtists(kernel, 4);
  const demo = await demoListener();
  const thisMonth = monthOf(kernel.now());
  for (const monthsAgo of [2, 1]) {
    const month = shiftMonth(thisMonth, -monthsAgo);
    const rows = HISTORY.filter((h) => h.monthsAgo === monthsAgo && artists[h.artist % artists.length]);
    const spent = rows.reduce((sum, h) => sum + h.credits, 0);
    const start = Date.parse(`${month}-01T00:00:00Z`);
    await kernel.knex.transaction(async (trx) => {
      await trx('credit_grants').insert({ userId: demo.id, month, credits: MONTHLY_CREDITS, remaining: MONTHLY_CREDITS - spent, createdAt: start });
      await trx('credit_allocations').insert(
        rows.map((h) => ({
          userId: demo.id,
          artistId: artists[h.artist % artists.length].id,
          month,
          credits: h.credits,
          createdAt: start + (h.day - 1) * 86_400_000 + 18 * 3_600_000,
        })),
      );
    });
  }
}
