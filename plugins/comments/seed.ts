import type { Kernel } from '../../api/plugins/types.ts';

// Demo comments on the newest demo tracks that are out, by the demo's listeners (and artists on
// each other's tracks), spread along each track; the first track's artist pinned one.

const WORDS = [
  'This drop hits different at night',
  'The way the bass comes in here!',
  'Chills. Every single time.',
  'Best transition of the month',
  'Played this on repeat all morning',
  'That vocal run though',
  'Here is where it opens up',
];

export async function seedComments(kernel: Kernel): Promise<void> {
  const { knex } = kernel;
  const now = kernel.now().getTime();
  const tracks = await knex('tracks as t')
    .join('artists as a', 'a.id', 't.artist_id')
    .where('t.upload_date', '<=', now)
    .orderBy('t.upload_date', 'desc')
    .limit(4)
    .select('t.id', 't.duration', 'a.user_id');
  const people = await knex('users').whereNull('deletedAt').orderBy('id').limit(8).select('id');
  for (const [i, track] of tracks.entries()) {
    const fans = people.filter((p) => p.id !== track.userId);
    const count = Math.min(fans.length, 5 - (i % 2));
    const rows = Array.from({ length: count }, (_, j) => ({
      trackId: track.id,
      userId: fans[(i + j) % fans.length].id,
      atMs: Math.floor(((j + 0.5) / count) * Number(track.duration) * 1000),
      body: WORDS[(i + j) % WORDS.length],
      createdAt: now - (count - j) * 3_600_000,
    }));
    if (!rows.length) continue;
    await knex('track_comments').insert(rows);
  }
  const first = tracks[0] && (await knex('track_comments').where({ trackId: tracks[0].id }).orderBy('id').first('id'));
  if (first) await knex('track_comment_pins').insert({ trackId: tracks[0].id, commentId: first.id });
}
