import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Kernel } from '../../api/plugins/types.ts';
import { storedSizes } from '../../media-worker/media/sizesColumn.ts';
import { removeWebSizes, storeWebSizes } from '../../media-worker/media/webSizes.ts';
import { inLane, withDeadLetter } from '../../api/jobs/handler.ts';
import { EXPORT_CLEANUP_JOB, EXPORT_JOB } from './dataExport.ts';
import { TOKEN_MAIL_JOB } from './recovery.ts';
import { PHOTO_RULES } from './rules.ts';

// The media job of an artist's photo, run by media-worker/ like a cover's (same queue, retries and
// lease), queued with every new artist photo: an upload, an artist record made from the user's
// photo (the demo's artists too). Safe to run again: new names each time, the row overwritten and
// the sizes it replaced deleted.

export const PHOTO_SIZES_JOB = 'accounts.photoSizes';

export interface PhotoSizesPayload {
  artistId: number;
  /** The photo the sizes are made of: a job for a photo replaced since does nothing. */
  url: string;
}

/** AVIF and WebP web sizes of the artist's photo, for srcset. */
async function photoSizesJob(payload: unknown, kernel: Kernel): Promise<void> {
  const { artistId, url } = payload as PhotoSizesPayload;
  const current = (db: Knex | Knex.Transaction) => db('artists').where({ id: artistId, profileImage: url });
  const row = await current(kernel.knex).first('userId');
  if (!row) return;
  const made = await storeWebSizes(
    kernel.storage,
    url,
    PHOTO_RULES.webWidths,
    `avatars/${row.userId}-${randomBytes(6).toString('hex')}`,
  );
  // Locked: a new photo saved meanwhile either waits for this write (and deletes these sizes with the
  // old photo) or has already replaced the photo, and then these sizes are of no use.
  const unused = await kernel.knex.transaction(async (trx) => {
    const locked = await current(trx).forUpdate().first('profileImageVariants');
    if (!locked) return made;
    await trx('artists')
      .where({ id: artistId })
      .update({ profileImageVariants: JSON.stringify(made) });
    return storedSizes(locked.profileImageVariants);
  });
  await removeWebSizes(kernel.storage, unused);
}

export const accountJobs = {
  [PHOTO_SIZES_JOB]: inLane('media', photoSizesJob),
  [TOKEN_MAIL_JOB]: inLane('mail', (payload: unknown, kernel: Kernel) =>
    kernel.services.accounts.recovery.sendTokenMail(
      (payload as { id: number }).id,
      (payload as { locale?: string }).locale,
    ),
  ),
  // "Your data" (dataExport.ts): the archive, and its removal once its days are over.
  [EXPORT_JOB]: withDeadLetter(
    (payload, kernel) => kernel.services.accounts.exports.build((payload as { exportId: number }).exportId),
    (payload, kernel) => kernel.services.accounts.exports.failed((payload as { exportId: number }).exportId),
  ),
  [EXPORT_CLEANUP_JOB]: (payload: unknown, kernel: Kernel) =>
    kernel.services.accounts.exports.expire((payload as { exportId: number }).exportId),
};
