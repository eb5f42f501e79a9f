import type { Kernel } from '../../api/plugins/types.ts';
import { demoArtists, demoListener } from '../accounts/seed.ts';
import { DEMO_MONTHS, demoFans } from '../credits/demoFans.ts';
import { monthOf, shiftMonth } from '../credits/months.ts';

/** The demo listener's counted plays: [months ago, artist index, plays]; this month's follow their 100 credits. */
const DEMO_LISTENER: Array<[number, number, number]> = [
  [2, 4, 9],
  [1, 5, 14],
  [1, 0, 3],
  [0, 0, 12],
  [0, 3, 5],
  [0, 2, 2],
];

/**
 * Members' counted plays per artist and month for the demo (credits' demo fans and the demo
 * listener), which their unallocated credits follow. Only these monthly counts are seeded: the
 * dashboards' play events come from catalog's listens (seed.ts).
 */
export async function seedListening(kernel: Kernel): Promise<void> {
  const { knex } = kernel;
  const artists = await demoArtists(kernel, 10);
  const fans = demoFans(artists.length);
  const ids = new Map(
    (
      await knex('users')
        .whereIn(
          'username',
          fans.map((f) => f.username),
        )
        .select('id', 'username')
    ).map((u: { id: number; username: string }) => [u.username, u.id]),
  );
  const thisMonth = monthOf(kernel.now());
  const rows = new Map<string, { userId: number; month: string; artistId: number; plays: number }>();
  const add = (userId: number | undefined, monthsAgo: number, artist: number, plays: number) => {
    if (userId === undefined || !artists[artist] || plays <= 0) return;
    const month = shiftMonth(thisMonth, -monthsAgo);
    const key = `${userId}|${month}|${artists[artist].id}`;
    const row = rows.get(key) ?? { userId, month, artistId: artists[artist].id, plays: 0 };
    row.plays += plays;
    rows.set(key, row);
  };
  for (let monthsAgo = DEMO_MONTHS; monthsAgo >= 0; monthsAgo--)
    for (const fan of fans)
      for (const [artist, plays] of fan.plays(monthsAgo)) add(ids.get(fan.username), monthsAgo, artist, plays);
  const demo = await demoListener();
  for (const [monthsAgo, artist, plays] of DEMO_LISTENER) add(demo?.id, monthsAgo, artist, plays);
  if (rows.size) await knex.batchInsert('member_plays', [...rows.values()], 500);
}
