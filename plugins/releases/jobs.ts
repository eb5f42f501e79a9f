import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kernel } from '../../api/plugins/types.ts';
import { analyzeAudio, analysisOptionsFor } from '../../media-worker/analysis/analyze.ts';
import { transcodeToAac, waveformPeaks } from '../../media-worker/media/audio.ts';
import { withLocalFile } from '../../media-worker/media/localFile.ts';
import { storeWebSizes } from '../../media-worker/media/webSizes.ts';
import { inLane, withDeadLetter } from '../../api/jobs/handler.ts';

// Media jobs of a release, run by media-worker/ (never on the web process's event loop). Each is
// safe to run again after a crash: it rebuilds its outputs under new names and overwrites the row.

export const JOB = {
  transcode: 'releases.transcode',
  analyze: 'releases.analyze',
  cover: 'releases.cover',
  /** Runs at the moment a release becomes public (now for ASAP, 00:00 UTC of its day when scheduled). */
  public: 'releases.public',
} as const;

/** Spec: small and medium web sizes of the cover. */
export const COVER_WIDTHS = [300, 600] as const;
export const WAVEFORM_BUCKETS = 160;
export const STREAM_BITRATE = '192k';

interface TrackPayload {
  trackId: number;
}

async function trackRow(kernel: Kernel, payload: unknown) {
  const { trackId } = payload as TrackPayload;
  const row = await kernel.knex('tracks').where({ id: trackId }).first();
  // A deleted track has nothing left to process.
  return row ?? null;
}

async function tempOut(kernel: Kernel, extension: string): Promise<string> {
  await mkdir(kernel.storage.tempDir, { recursive: true });
  return path.join(kernel.storage.tempDir, `job-${randomBytes(10).toString('hex')}.${extension}`);
}

/** The streaming file (AAC); the player switches to it and the master is kept. */
async function transcode(payload: unknown, kernel: Kernel): Promise<void> {
  const row = await trackRow(kernel, payload);
  if (!row) return;
  const out = await tempOut(kernel, 'm4a');
  try {
    await withLocalFile(kernel.storage, row.masterUrl ?? row.audioUrl, (file) =>
      transcodeToAac(file, out, STREAM_BITRATE),
    );
    const key = `s/${randomBytes(16).toString('hex')}.m4a`;
    await kernel.storage.putFile(key, out, 'audio/mp4');
    const url = `/media/${key}`;
    await kernel.knex('tracks').where({ id: row.id }).update({ streamUrl: url, audioUrl: url, status: 'ready' });
  } finally {
    await rm(out, { force: true });
  }
}

/**
 * The transcode's last attempt failed: the track stays listed and keeps playing its master (its
 * audio URL never changed), and its artist is told (status 'failed' instead of 'processing').
 */
async function transcodeFailed(payload: unknown, kernel: Kernel): Promise<void> {
  const { trackId } = payload as TrackPayload;
  await kernel.knex('tracks').where({ id: trackId, status: 'processing' }).update({ status: 'failed' });
}

/**
 * The master's analysis (tempo, key, EBU R128 loudness: the code and options of the wizard's Analyze,
 * so both give the same numbers) and its waveform peaks.
 */
async function analyze(payload: unknown, kernel: Kernel): Promise<void> {
  const row = await trackRow(kernel, payload);
  if (!row) return;
  const duration = Math.max(1, Number(row.duration));
  const { measured, peaks } = await withLocalFile(kernel.storage, row.masterUrl ?? row.audioUrl, async (file) => ({
    measured: await analyzeAudio({ path: file }, analysisOptionsFor(duration)),
    peaks: await waveformPeaks(file, duration, WAVEFORM_BUCKETS),
  }));
  const { loudness, key } = measured;
  await kernel
    .knex('tracks')
    .where({ id: row.id })
    .update({
      loudnessLufs: loudness.integratedLufs,
      truePeak: loudness.truePeakDbtp,
      loudnessRange: loudness.loudnessRangeLu,
      bpm: measured.bpm,
      bpmConfidence: measured.bpm === null ? null : measured.tempoConfidence,
      keyTonic: key?.tonic ?? null,
      keyMode: key?.mode ?? null,
      keyConfidence: key?.confidence ?? null,
      analyzedAt: kernel.now().getTime(),
      waveform: JSON.stringify(peaks),
    });
}

/** Small and medium AVIF and WebP sizes of the cover, for srcset. */
async function cover(payload: unknown, kernel: Kernel): Promise<void> {
  const row = await trackRow(kernel, payload);
  if (!row?.coverImage) return;
  const variants = await storeWebSizes(
    kernel.storage,
    row.coverImage,
    COVER_WIDTHS,
    `c/${randomBytes(16).toString('hex')}`,
  );
  await kernel
    .knex('tracks')
    .where({ id: row.id })
    .update({ coverVariants: JSON.stringify(variants) });
}

/** A release is out: every plugin that listens (pledges, notifications) is told, each idempotently. */
async function published(payload: unknown, kernel: Kernel): Promise<void> {
  const { trackId } = payload as TrackPayload;
  await kernel.services.releases.announcePublic(trackId);
}

export const releaseJobs = {
  [JOB.transcode]: inLane('media', withDeadLetter(transcode, transcodeFailed)),
  [JOB.analyze]: inLane('media', analyze),
  [JOB.cover]: inLane('media', cover),
  [JOB.public]: published,
};
