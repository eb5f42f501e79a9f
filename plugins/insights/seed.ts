import type { Kernel } from '../../api/plugins/types.ts';
import { dayEnd, dayOf } from './days.ts';
import { rollupDay } from './rollup.ts';
import { PLAY_WINDOW_MS } from './rules.ts';
import { createSalts } from './salt.ts';
import { seedListening } from './seedListening.ts';

/**
 * The demo's seeded listens (catalog's seed) as its members' play starts, rolled up: Popular orders,
 * monthly listeners and plays read the rollups once insights is on, and mean something from the start.
 */
export async function seedInsights(kernel: Kernel): Promise<void> {
  const { knex } = kernel;
  const listens = await knex('listens').select('userId', 'trackId', 'artistId', 'listenedAt');
  const salts = createSalts(kernel);
  const events = [];
  for (const l of listens) {
    const at = Number(l.listenedAt);
    const day = dayOf(at);
    const listener = await salts.listener(day, dayEnd(day), `member:${l.userId}`);
    events.push({
      trackId: l.trackId,
      artistId: l.artistId,
      event: 'start',
      source: 'other',
      listener,
      day,
      playWindow: Math.floor(at / PLAY_WINDOW_MS),
      at,
    });
  }
  if (events.length) await knex.batchInsert('play_events', events, 500);
  for (const day of new Set(events.map((e) => e.day))) await rollupDay(knex, day);
  await seedListening(kernel);
}
