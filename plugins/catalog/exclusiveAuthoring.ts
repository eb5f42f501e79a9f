import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { AppError, conflict, forbidden, invalid, notFound, unauthenticated } from '../../api/errors.ts';
import { PRIVATE_FOLDER } from '../../api/http/media.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { refundOnFailure } from '../../api/uploadAllowance.ts';
import { probeAudio, sniffAudio } from '../../media-worker/media/audio.ts';
import { probeVideo, sniffVideo } from '../../media-worker/media/video.ts';
import { EXCLUSIVES_TAG } from './claims.ts';
import {
  EXCLUSIVE_AUDIO_SIZE,
  EXCLUSIVE_AUDIO_TYPE,
  EXCLUSIVE_COUNT_MESSAGE,
  EXCLUSIVE_LOGIN,
  EXCLUSIVE_MEDIA_BYTES,
  EXCLUSIVE_MEDIA_TWICE,
  EXCLUSIVE_NO_MEDIA,
  EXCLUSIVE_NOT_ARTIST,
  EXCLUSIVE_NOT_YOURS,
  EXCLUSIVE_PROCESSING,
  EXCLUSIVE_VIDEO_SIZE,
  EXCLUSIVE_VIDEO_TYPE,
  MEDIA_OF,
  exclusiveSubscribe,
} from './exclusiveRules.ts';
import { exclusivesQuery, toExclusive } from './queries.ts';
import type { ExclusiveJson } from './types.ts';

// Artists' own exclusives (issue 44 point 4): a numbered collectible, or an unreleased track or a
// behind-the-scenes video whose file arrives after the exclusive is created, is checked by its
// content (magic bytes, ffprobe and a decode of its start) and transcoded by the media worker
// (exclusiveJobs.ts). Files live under the private folder, which /media/ never serves: only the
// artist and their subscribers get them, through media() below.

export const EXCLUSIVE_MEDIA_JOB = 'catalog.exclusive-media';
/** Removes stored exclusive files (a deleted artist's) after the deletion committed: `{ keys }`. */
export const EXCLUSIVE_FILES_GONE_JOB = 'catalog.exclusive-files-gone';

export interface NewExclusive {
  type: string;
  title: string;
  description?: string;
  totalAvailable?: number;
}

/** An exclusive as its artist sees it: with where its file is in the pipeline. */
export type OwnExclusiveJson = ExclusiveJson & { mediaStatus: string | null };

const MEDIA_TYPES = {
  audio: { message: EXCLUSIVE_AUDIO_TYPE, size: EXCLUSIVE_AUDIO_SIZE },
  video: { message: EXCLUSIVE_VIDEO_TYPE, size: EXCLUSIVE_VIDEO_SIZE },
} as const;

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The master's extension and duration when it is a file of this kind; 400 otherwise. */
async function checkMedia(kind: 'audio' | 'video', file: string): Promise<{ extension: string; duration: number }> {
  const head = await readHead(file);
  const refuse = () => invalid(MEDIA_TYPES[kind].message);
  if (kind === 'audio') {
    const format = sniffAudio(head);
    if (!format) throw refuse();
    const info = await probeAudio(file).catch(() => {
      throw refuse();
    });
    return { extension: format, duration: info.duration };
  }
  const format = sniffVideo(head);
  if (!format) throw refuse();
  const info = await probeVideo(file).catch(() => {
    throw refuse();
  });
  return { extension: format === 'mp4' ? 'mp4' : 'webm', duration: info.duration };
}

export function createExclusiveAuthoring(kernel: Kernel) {
  const { knex, storage } = kernel;

  async function artistOf(userId: number): Promise<{ id: number; name: string }> {
    const artist = await knex('artists').where({ userId }).first('id', 'name');
    if (!artist) throw forbidden(EXCLUSIVE_NOT_ARTIST);
    return { id: Number(artist.id), name: String(artist.name) };
  }

  /** The exclusive of this user's artist, 404 when unknown, 403 when someone else's. */
  async function ownRow(userId: number, id: number) {
    const row = await knex('exclusives as e')
      .join('artists as a', 'a.id', 'e.artist_id')
      .where('e.id', id)
      .first('e.*', 'a.user_id as owner_id');
    if (!row) throw notFound('Exclusive not found');
    if (Number(row.ownerId) !== userId) throw forbidden(EXCLUSIVE_NOT_YOURS);
    return row;
  }

  const ownJson = (row: Record<string, unknown>): OwnExclusiveJson => ({
    ...toExclusive(row),
    mediaStatus: (row.mediaStatus as string | null) ?? null,
  });

  async function ownById(db: Knex | Knex.Transaction, id: number): Promise<OwnExclusiveJson> {
    return ownJson(await exclusivesQuery(db, { all: true }).where('e.id', id).first());
  }

  /** Checks a received file, stores it privately and hands it to the worker; 409 when another file won. */
  async function storeMedia(id: number, kind: 'audio' | 'video', file: string): Promise<void> {
    const { extension, duration } = await checkMedia(kind, file);
    const key = `${PRIVATE_FOLDER}x/${randomBytes(16).toString('hex')}.${extension}`;
    await storage.putFile(key, file, kind === 'audio' ? `audio/${extension}` : `video/${extension}`);
    // Only the first file lands: a second upload racing this one finds the status moved on.
    const taken = await knex.transaction(async (trx) => {
      const updated = await trx('exclusives')
        .where({ id, mediaStatus: 'awaiting' })
        .update({ mediaStatus: 'processing', mediaMaster: key, duration: Math.max(1, Math.round(duration)) });
      if (updated) await kernel.jobs.enqueue(trx, EXCLUSIVE_MEDIA_JOB, { exclusiveId: id });
      return updated === 1;
    });
    if (!taken) {
      await storage.delete(key);
      throw conflict(EXCLUSIVE_MEDIA_TWICE);
    }
  }

  return {
    /** A new exclusive of the caller's artist; one with media waits for its file (unlisted till ready). */
    async create(userId: number, input: NewExclusive): Promise<OwnExclusiveJson> {
      const artist = await artistOf(userId);
      const collectible = input.type === 'NFT';
      if (collectible && input.totalAvailable === undefined) throw invalid(EXCLUSIVE_COUNT_MESSAGE);
      const total = collectible ? input.totalAvailable! : null;
      const kind = MEDIA_OF[input.type] ?? null;
      const [id] = await knex('exclusives').insert({
        artistId: artist.id,
        type: input.type,
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        remaining: total,
        totalAvailable: total,
        mediaKind: kind,
        mediaStatus: kind ? 'awaiting' : null,
        createdAt: kernel.now().getTime(),
      });
      await kernel.cache.changed([EXCLUSIVES_TAG]);
      return ownById(knex, Number(id));
    },

    /**
     * The exclusive's file as the raw request body: to a temporary file (refused past the limit),
     * checked, stored privately, then transcoded by the worker. Once per exclusive.
     */
    async attachMedia(userId: number, id: number, body: Readable, declaredLength?: number) {
      const row = await ownRow(userId, id);
      const kind = row.mediaKind as 'audio' | 'video' | null;
      if (!kind) throw invalid(EXCLUSIVE_NO_MEDIA);
      if (row.mediaStatus !== 'awaiting') throw conflict(EXCLUSIVE_MEDIA_TWICE);
      const limit = EXCLUSIVE_MEDIA_BYTES[kind];
      const tooLarge = () => new AppError('too_large', MEDIA_TYPES[kind].size);
      await mkdir(storage.tempDir, { recursive: true });
      const file = path.join(storage.tempDir, `exclusive-${randomBytes(12).toString('hex')}`);
      // Charged to the artist's one daily allowance (UPLOAD_MB_PER_DAY), as their releases' files are.
      const refund = await kernel.uploadAllowance.receive(userId, body, file, {
        limit,
        tooLarge,
        declared: declaredLength,
      });
      await refundOnFailure(refund, async () => {
        try {
          await storeMedia(id, kind, file);
        } finally {
          await rm(file, { force: true });
        }
      });
      await kernel.cache.changed([]);
      return ownById(knex, id);
    },

    /** Every exclusive of this artist, those still waiting for or processing their file too. */
    async own(artistId: number): Promise<OwnExclusiveJson[]> {
      kernel.cache.dependsOn([EXCLUSIVES_TAG]);
      return (await exclusivesQuery(knex, { all: true }).where('e.artist_id', artistId)).map(ownJson);
    },

    /** Deletes one of the caller's exclusives with its claims and files. */
    async remove(userId: number, id: number): Promise<void> {
      const row = await ownRow(userId, id);
      await knex('exclusives').where({ id }).delete();
      for (const key of [row.mediaMaster, row.mediaKey]) if (key) await storage.delete(String(key));
      await kernel.cache.changed([EXCLUSIVES_TAG]);
    },

    /**
     * The storage key of an exclusive's playable file for this viewer: its artist, or a subscriber
     * of its artist (401 signed out, 403 otherwise); 409 while it is not ready.
     */
    async media(userId: number | null, id: number): Promise<{ key: string; kind: 'audio' | 'video' }> {
      if (userId === null) throw unauthenticated(EXCLUSIVE_LOGIN);
      const row = await knex('exclusives as e')
        .join('artists as a', 'a.id', 'e.artist_id')
        .where('e.id', id)
        .first('e.artist_id', 'e.media_kind', 'e.media_status', 'e.media_key', 'a.user_id', 'a.name');
      if (!row) throw notFound('Exclusive not found');
      if (Number(row.userId) !== userId) {
        const subscribed = await knex('subscriptions').where({ userId, artistId: row.artistId, active: 1 }).first('id');
        if (!subscribed) throw forbidden(() => exclusiveSubscribe(String(row.name)));
      }
      if (!row.mediaKind) throw invalid(EXCLUSIVE_NO_MEDIA);
      if (row.mediaStatus !== 'ready' || !row.mediaKey) throw conflict(EXCLUSIVE_PROCESSING);
      return { key: String(row.mediaKey), kind: row.mediaKind };
    },
  };
}

export type ExclusiveAuthoring = ReturnType<typeof createExclusiveAuthoring>;
