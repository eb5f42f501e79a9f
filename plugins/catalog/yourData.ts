import type { Knex } from 'knex';
import type { ExportedData, Kernel } from '../../api/plugins/types.ts';
import { EXCLUSIVE_FILES_GONE_JOB } from './exclusiveAuthoring.ts';

// The catalog's part of "Your data" (the manifest's exportData/deleteData hooks): what a person did
// here — likes, listens, subscriptions, collectibles claimed. A deleted artist's tracks stay in
// the table (other people's likes and ledgers point at them) but answer 410 (queries.ts); their
// exclusive tracks and videos go, rows and stored files.

const at = (ms: number | string) => new Date(Number(ms)).toISOString();

export async function exportCatalog(kernel: Kernel, userId: number): Promise<ExportedData> {
  const { knex } = kernel;
  const likes = await knex('likes as l')
    .join('tracks as t', 't.id', 'l.track_id')
    .join('artists as a', 'a.id', 't.artist_id')
    .where('l.user_id', userId)
    .orderBy('l.created_at')
    .select('t.id as trackId', 't.title', 'a.name as artist', 'l.created_at');
  const listens = await knex('listens as l')
    .join('tracks as t', 't.id', 'l.track_id')
    .where('l.user_id', userId)
    .orderBy('l.listened_at')
    .select('t.id as trackId', 't.title', 'l.listened_at');
  const subscriptions = await knex('subscriptions as s')
    .join('artists as a', 'a.id', 's.artist_id')
    .where('s.user_id', userId)
    .orderBy('s.created_at')
    .select('a.id as artistId', 'a.name as artist', 's.active', 's.created_at');
  const claims = await knex('exclusive_claims as c')
    .join('exclusives as e', 'e.id', 'c.exclusive_id')
    .where('c.user_id', userId)
    .orderBy('c.claimed_at')
    .select('e.id as exclusiveId', 'e.title', 'c.number', 'c.claimed_at');
  return {
    likes: likes.map(({ createdAt, ...row }) => ({ ...row, likedAt: at(createdAt) })),
    listens: listens.map(({ listenedAt, ...row }) => ({ ...row, listenedAt: at(listenedAt) })),
    subscriptions: subscriptions.map(({ createdAt, active, ...row }) => ({
      ...row,
      active: Boolean(active),
      since: at(createdAt),
    })),
    collectibles: claims.map(({ claimedAt, ...row }) => ({ ...row, claimedAt: at(claimedAt) })),
  };
}

/**
 * What a person did goes with them; their numbered collectibles stay taken (the numbers are counted).
 * An artist's exclusive tracks and videos go (nobody holds a claim on them), their files once the
 * deletion has committed (a job in its transaction: a rolled-back deletion keeps them).
 */
export async function deleteCatalogData(kernel: Kernel, userId: number, trx: Knex.Transaction): Promise<void> {
  const endedAt = kernel.now().getTime();
  await trx('likes').where({ userId }).delete();
  await trx('listens').where({ userId }).delete();
  // Ended, not removed: the artists' dashboards count them lost (the row names only the wiped user).
  await trx('subscriptions').where({ userId, active: true }).update({ active: false, endedAt });
  // Fans of a deleted artist follow nobody: their lists and the sidebar drop the artist.
  await trx('subscriptions')
    .whereIn('artistId', trx('artists').select('id').where({ userId }))
    .where({ active: true })
    .update({ active: false, endedAt });
  const media = trx('exclusives')
    .whereIn('artistId', trx('artists').select('id').where({ userId }))
    .whereNotNull('mediaKind');
  const files = await media.clone().select('mediaMaster', 'mediaKey');
  await media.delete();
  const keys = files.flatMap((row) => [row.mediaMaster, row.mediaKey].filter(Boolean));
  if (keys.length) await kernel.jobs.enqueue(trx, EXCLUSIVE_FILES_GONE_JOB, { keys });
}
