import type { Knex } from 'knex';

// Releases scheduled before the `releases.public` job existed get theirs, due at their public
// moment, so their listeners (pledges, notifications) hear of them like any new release.
export async function up(knex: Knex): Promise<void> {
  const now = Date.now();
  const scheduled = await knex('tracks').where('uploadDate', '>', now).select('id', 'uploadDate');
  for (const track of scheduled) {
    await knex('jobs').insert({
      type: 'releases.public',
      payload: JSON.stringify({ trackId: Number(track.id) }),
      status: 'queued',
      attempts: 0,
      maxAttempts: 5,
      runAt: Number(track.uploadDate),
      createdAt: now,
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex('jobs').where({ type: 'releases.public', status: 'queued' }).delete();
}
