import type { Knex } from 'knex';
import type { ExportedData, Kernel } from '../../api/plugins/types.ts';
import { storedSizes } from '../../media-worker/media/sizesColumn.ts';
import { anyRelease } from '../catalog/queries.ts';
import { withheldTrackMedia } from '../catalog/withheld.ts';

// The releases' part of "Your data": an artist's releases with absolute links to their media
// (PUBLIC_URL), their uploads, a fan's pre-saves; and the files a withheld track no longer serves.

const at = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export async function exportReleases(kernel: Kernel, userId: number): Promise<ExportedData> {
  const { knex } = kernel;
  const absolute = (url: string | null) => (url ? new URL(url, kernel.config.publicUrl).href : null);
  const artist = await knex('artists').where({ userId }).first('id');
  const tracks = artist ? await knex('tracks').where({ artistId: artist.id }).orderBy('uploadDate') : [];
  const uploads = await knex('uploads')
    .where({ userId })
    .orderBy('createdAt')
    .select('kind', 'url', 'contentType', 'size', 'originalName', 'createdAt');
  const presaves = await knex('presaves as p')
    .join('tracks as t', 't.id', 'p.track_id')
    .where('p.user_id', userId)
    .select('t.id as trackId', 't.title', 'p.created_at');
  return {
    releases: tracks.map((t) => ({
      id: Number(t.id),
      title: t.title,
      page: absolute(`/tracks/${t.id}`),
      releasedAt: at(t.uploadDate),
      monthlyDrop: Boolean(t.isMonthlyDrop),
      genre: t.genre,
      description: t.description,
      isrc: t.isrc,
      takenDownAt: at(t.hiddenAt),
      media: {
        master: absolute(t.masterUrl ?? t.audioUrl),
        stream: absolute(t.streamUrl),
        cover: absolute(t.coverImage),
      },
    })),
    uploads: uploads.map(({ url, createdAt, ...row }) => ({ ...row, url: absolute(url), uploadedAt: at(createdAt) })),
    presaves: presaves.map(({ createdAt, ...row }) => ({ ...row, savedAt: at(createdAt) })),
  };
}

/**
 * A deleted artist's releases stay (fans' likes and the ledger point at them), out for everyone
 * (catalog's queries) and their files withheld; the uploads' own file names and pre-saves go.
 */
export async function deleteReleasesData(_kernel: Kernel, userId: number, trx: Knex.Transaction): Promise<void> {
  await trx('uploads').where({ userId }).update({ originalName: '' });
  await trx('presaves').where({ userId }).delete();
}

/** Beyond the catalog's columns: the master, the stream and every web size of the cover. */
export async function withheldReleaseMedia(kernel: Kernel): Promise<string[]> {
  const variants = await kernel
    .knex('tracks as t')
    .whereRaw(`not ${anyRelease().sql}`)
    .whereNotNull('t.cover_variants')
    .pluck('t.cover_variants');
  return [
    ...(await withheldTrackMedia(kernel, ['master_url', 'stream_url'])),
    ...variants.flatMap((column) => storedSizes(column).map((v) => v.url)),
  ];
}
