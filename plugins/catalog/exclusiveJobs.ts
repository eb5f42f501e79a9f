import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PREFIX, PRIVATE_FOLDER } from '../../api/http/media.ts';
import { inLane, withDeadLetter } from '../../api/jobs/handler.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { transcodeToAac } from '../../media-worker/media/audio.ts';
import { withLocalFile } from '../../media-worker/media/localFile.ts';
import { transcodeToMp4 } from '../../media-worker/media/video.ts';
import { EXCLUSIVES_TAG } from './claims.ts';
import { EXCLUSIVE_FILES_GONE_JOB, EXCLUSIVE_MEDIA_JOB } from './exclusiveAuthoring.ts';

// The streaming file of an exclusive (exclusives.ts), made by the media worker in its media lane:
// AAC for an unreleased track, H.264 MP4 for a video, kept private like the master. Safe to run
// again: it writes a new name, then lists the exclusive to fans.

const STREAMS = {
  audio: { extension: 'm4a', type: 'audio/mp4', make: (file: string, out: string) => transcodeToAac(file, out) },
  video: { extension: 'mp4', type: 'video/mp4', make: transcodeToMp4 },
} as const;

async function transcode(payload: unknown, kernel: Kernel): Promise<void> {
  const { exclusiveId } = payload as { exclusiveId: number };
  const row = await kernel.knex('exclusives').where({ id: exclusiveId }).first();
  // Deleted meanwhile: nothing to make.
  if (!row?.mediaMaster) return;
  const stream = STREAMS[row.mediaKind as 'audio' | 'video'];
  await mkdir(kernel.storage.tempDir, { recursive: true });
  const out = path.join(kernel.storage.tempDir, `job-${randomBytes(10).toString('hex')}.${stream.extension}`);
  try {
    await withLocalFile(kernel.storage, MEDIA_PREFIX + row.mediaMaster, (file) => stream.make(file, out));
    const key = `${PRIVATE_FOLDER}x/${randomBytes(16).toString('hex')}.${stream.extension}`;
    await kernel.storage.putFile(key, out, stream.type);
    const updated = await kernel
      .knex('exclusives')
      .where({ id: exclusiveId })
      .update({ mediaKey: key, mediaStatus: 'ready' });
    if (!updated) await kernel.storage.delete(key);
  } finally {
    await rm(out, { force: true });
  }
  await kernel.cache.changed([EXCLUSIVES_TAG]);
}

/** The last attempt failed: the artist's list says so (fans never saw it). */
async function failed(payload: unknown, kernel: Kernel): Promise<void> {
  const { exclusiveId } = payload as { exclusiveId: number };
  await kernel
    .knex('exclusives')
    .where({ id: exclusiveId, mediaStatus: 'processing' })
    .update({ mediaStatus: 'failed' });
  await kernel.cache.changed([EXCLUSIVES_TAG]);
}

/**
 * A deleted artist's exclusive files (yourData.ts), removed from storage once the deletion has committed
 * (the job is enqueued in its transaction); removing a file already gone is no error, so it is safe to run again.
 */
async function removeFiles(payload: unknown, kernel: Kernel): Promise<void> {
  for (const key of (payload as { keys: string[] }).keys) await kernel.storage.delete(key);
}

export const exclusiveJobs = {
  [EXCLUSIVE_MEDIA_JOB]: inLane('media', withDeadLetter(transcode, failed)),
  [EXCLUSIVE_FILES_GONE_JOB]: removeFiles,
};
