import type { Kernel } from '../../api/plugins/types.ts';
import { createHash } from 'node:crypto';
import { dayEnd, dayOf, dayStart, lastDays } from './days.ts';
import { rollupDay } from './rollup.ts';
import { PLAY_WINDOW_MS, PLAYER_SOURCES } from './rules.ts';
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
  // Not in tests: on MariaDB its 90 days of rollups tripled the demo seed every such test waits for
  // (docs/decisions/2026-12-01-demo-audience-seed.md); demoAudience has its own test.
  if (kernel.config.env !== 'test') events.push(...(await demoAudience(kernel)));
  if (events.length) await knex.batchInsert('play_events', events, 500);
  for (const day of new Set(events.map((e) => e.day))) await rollupDay(knex, day);
  await seedListening(kernel);
}

/** How many anonymous demo listeners each demo artist has, and how many of them play a track on a day at most. */
const AUDIENCE = 40;
const DAILY = 4;

/**
 * A demo audience (issue 44 point 7: every dashboard figure read "fewer than 5"): for the last 90 days,
 * a few of each artist's anonymous listeners play each of their released tracks each day, some past
 * 30 seconds, some to the end, some skipping, from the player's sources. Deterministic (a hash, not
 * Math.random), so every `npm start` shows the same charts; past days' hashes need no salt (gone anyway).
 */
export async function demoAudience(kernel: Pick<Kernel, 'knex' | 'now'>) {
  const tracks = await kernel.knex('tracks').select('id', 'artistId', 'uploadDate');
  const today = dayOf(kernel.now().getTime());
  const pick = (...parts: unknown[]) => createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0);
  const events = [];
  for (const day of lastDays(today, 90)) {
    const start = dayStart(day);
    for (const track of tracks) {
      if (Number(track.uploadDate) > start) continue;
      const count = 2 + (pick('count', track.id, day) % DAILY);
      for (let n = 0; n < count; n++) {
        const who = pick('who', track.id, day, n) % AUDIENCE;
        const listener = createHash('sha256').update(`demo:${track.artistId}:${who}:${day}`).digest('hex').slice(0, 32);
        const at = Math.min(start + (pick('at', track.id, day, n) % 86_400_000), kernel.now().getTime());
        const source = PLAYER_SOURCES[pick('source', track.id, who) % PLAYER_SOURCES.length];
        const roll = pick('how', track.id, day, n) % 100;
        const kinds = roll < 20 ? ['start', 'skip'] : roll < 65 ? ['start', 'thirty'] : ['start', 'thirty', 'complete'];
        for (const event of kinds)
          events.push({
            trackId: track.id,
            artistId: track.artistId,
            event,
            source,
            listener,
            day,
            playWindow: Math.floor(at / PLAY_WINDOW_MS),
            at,
          });
      }
    }
  }
  // One listener's plays of a track in one play window count once (the table's unique key).
  const seen = new Set<string>();
  return events.filter((e) => {
    const key = `${e.trackId}:${e.listener}:${e.event}:${e.playWindow}`;
    return !seen.has(key) && !!seen.add(key);
  });
}
