import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { conflict, forbidden, invalid, notFound } from '../../api/errors.ts';
import { isUniqueViolation } from '../../api/db/connection.ts';
import type { SessionUser } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { monthKey } from '../catalog/drops.ts';
import { likeTags } from '../catalog/queries.ts';
import { createReleaseEdits } from './edit.ts';
import { embedSnippet } from './embed.ts';
import { JOB } from './jobs.ts';
import type { ReleaseMetadata } from './metadata.ts';
import { createPresaves } from './presaves.ts';
import { presentRelease, trackMedia, type ReleaseJson, type TakenDrop, type TrackMedia } from './present.ts';
import { DATE_MESSAGES, MONTHLY_DROP_TAKEN, releaseTooSoon, WITHDRAW_MESSAGES } from './rules.ts';
import { EARLIEST_PREVIOUS_RELEASE, dayKey, dayOf, earliestReleaseDay } from './schedule.ts';
import { createUploads } from './uploads.ts';

/** POST /api/tracks after the field rules: the flat release form (spec §3). */
export interface TrackInput {
  title: string;
  label?: string | null;
  genre: string;
  language: string;
  releasedBefore?: boolean;
  previousReleaseDate?: string | null;
  coverImage?: string | null;
  audioUrl: string;
  description?: string;
  recordingYear?: number;
  isrc?: string;
  hasLyrics?: boolean;
  lyricsLanguage?: string | null;
  contentType?: string;
  trackOrigin?: string;
  contentProtection?: boolean;
  tikTokStartTime?: number | null;
  releaseASAP?: boolean;
  releaseDate?: string | null;
  midnightRelease?: boolean;
  enablePreSave?: boolean;
  isMonthlyDrop?: boolean;
}

export const NOT_ARTIST = 'Only artist accounts can upload tracks. Update your profile to become an artist.';
export const NOT_YOUR_FILE = 'You can only use files you uploaded yourself';

/** The dates of a release, checked against today (spec §5): a 400 with the rule's text otherwise. */
export function checkDates(
  input: TrackInput,
  now: Date,
): { previousReleaseDate: string | null; releaseDate: string | null } {
  let previousReleaseDate: string | null = null;
  if (input.releasedBefore) {
    if (!input.previousReleaseDate) throw invalid(DATE_MESSAGES.previousRequired);
    previousReleaseDate = dayOf(input.previousReleaseDate);
    if (!previousReleaseDate) throw invalid(DATE_MESSAGES.invalid);
    if (previousReleaseDate < EARLIEST_PREVIOUS_RELEASE || previousReleaseDate > dayKey(now))
      throw invalid(DATE_MESSAGES.previousRange);
  }
  let releaseDate: string | null = null;
  if (input.releaseASAP === false) {
    if (!input.releaseDate) throw invalid(DATE_MESSAGES.releaseRequired);
    releaseDate = dayOf(input.releaseDate);
    if (!releaseDate) throw invalid(DATE_MESSAGES.invalid);
    if (releaseDate < earliestReleaseDay(now)) throw invalid(releaseTooSoon(earliestReleaseDay(now)));
  }
  return { previousReleaseDate, releaseDate };
}

/** A release at its public moment, as the `releases.public` job hands it to listeners. */
export interface PublicRelease {
  trackId: number;
  artistId: number;
  title: string;
  isMonthlyDrop: boolean;
  /** 'YYYY-MM' for a monthly drop. */
  dropMonth: string | null;
  /** Epoch ms: the moment it became public (upload_date). */
  publicAt: number;
}

/** Must be safe to run again for the same release (a retried job calls every listener again). */
export type PublicListener = (release: PublicRelease) => Promise<void>;

export function createReleasesService(kernel: Kernel) {
  const { knex, storage } = kernel;
  const uploads = createUploads(kernel);
  const edits = createReleaseEdits(kernel, uploads);
  const presaves = createPresaves(knex, () => kernel.now());
  // Pre-saves land first, so a fan told the release is out finds it in their collection.
  const publicListeners: PublicListener[] = [
    async (release) => {
      const likers = await presaves.land(release.trackId, release.publicAt);
      // Their collections and their views of the track show the like.
      if (likers.length) await kernel.cache.changed(likers.flatMap((userId) => likeTags(release.trackId, userId)));
    },
  ];

  kernel.services.catalog.onUnsubscribed(async ({ userId, artistId }) => {
    await presaves.cancelForArtist(userId, artistId);
  });

  const service = {
    presaves,
    /** The artist's own release's metadata after submit (edit.ts); the audio and the schedule stay. */
    edit: edits.edit,
    /** Other plugins act when a release that is out was edited (federation sends an Update). */
    onEdited: edits.onEdited,
    uploadDataUrl: uploads.fromDataUrl,
    uploadStream: uploads.fromStream,
    /** The embed player's iframe snippet (the track page's Embed dialog). */
    embedSnippet,

    /**
     * For other plugins (AI analysis): a local file of an upload this user owns, or null. With the
     * S3 driver the object is downloaded once into DATA_DIR/tmp/owned and reused.
     */
    async resolveOwnedUpload(
      userId: number,
      url: string,
    ): Promise<{ filePath: string; kind: 'image' | 'audio'; contentType: string; duration: number | null } | null> {
      const upload = await uploads.owned(userId, url);
      if (!upload) return null;
      let filePath: string;
      if (storage.driver === 'local') {
        filePath = (await storage.localFile(upload.storageKey)).path;
      } else {
        filePath = path.join(storage.tempDir, 'owned', upload.storageKey.replace(/\//g, '_'));
        if (!(await stat(filePath).catch(() => null))) {
          await mkdir(path.dirname(filePath), { recursive: true });
          await pipeline(await storage.read(upload.storageKey), createWriteStream(filePath));
        }
      }
      return {
        filePath,
        kind: upload.kind,
        contentType: upload.contentType,
        duration: upload.duration == null ? null : Number(upload.duration),
      };
    },

    /**
     * Creates a release: artist accounts only, own uploads only, dates and the monthly drop checked
     * again here; the track and its media jobs are written in one transaction. The database's
     * unique (artist, drop month) decides between two simultaneous drops.
     */
    async createTrack(user: SessionUser, input: TrackInput, metadata: ReleaseMetadata): Promise<ReleaseJson> {
      const artist = user.isArtist ? await kernel.services.accounts.artistOfUser(user.id) : undefined;
      if (!artist) throw forbidden(NOT_ARTIST);
      const now = kernel.now();
      const { previousReleaseDate, releaseDate } = checkDates(input, now);
      if (input.recordingYear !== undefined && input.recordingYear > now.getUTCFullYear())
        throw invalid(DATE_MESSAGES.recordingYearFuture);
      if (input.hasLyrics && !input.lyricsLanguage) throw invalid(DATE_MESSAGES.lyricsLanguage);

      const audio = await uploads.owned(user.id, input.audioUrl, 'audio');
      if (!audio) throw forbidden(NOT_YOUR_FILE);
      const cover = input.coverImage ? await uploads.owned(user.id, input.coverImage, 'image') : null;
      if (input.coverImage && !cover) throw forbidden(NOT_YOUR_FILE);
      const duration = Number(audio.duration);
      if (input.tikTokStartTime != null && input.tikTokStartTime >= duration) throw invalid(DATE_MESSAGES.tikTokBeyond);

      // ASAP goes public now (listed as processing). A scheduled release stores 00:00 UTC of its
      // day: out then for everyone, or with Midnight Release at 00:00 of that day in each
      // listener's zone (the catalog shifts by the viewer's offset: catalog/queries.ts released()).
      const publicFrom = releaseDate ? Date.parse(`${releaseDate}T00:00:00.000Z`) : now.getTime();
      const isMonthlyDrop = input.isMonthlyDrop ?? true;
      const dropMonth = isMonthlyDrop ? monthKey(new Date(publicFrom)) : null;
      const row = {
        artistId: artist.id,
        title: input.title.trim(),
        audioUrl: audio.url,
        masterUrl: audio.url,
        coverImage: cover?.url ?? null,
        duration: Math.round(duration),
        uploadDate: publicFrom,
        isMonthlyDrop: isMonthlyDrop ? 1 : 0,
        dropMonth,
        createdAt: now.getTime(),
        status: 'processing',
        sampleRate: audio.sampleRate,
        bitDepth: audio.bitDepth,
        channels: audio.channels,
        label: input.label?.trim() || null,
        genre: input.genre,
        language: input.language,
        releasedBefore: input.releasedBefore ? 1 : 0,
        previousReleaseDate,
        description: input.description ?? '',
        recordingYear: input.recordingYear ?? now.getUTCFullYear(),
        isrc: input.isrc ? input.isrc.replace(/-/g, '') : null,
        hasLyrics: input.hasLyrics ? 1 : 0,
        lyricsLanguage: input.hasLyrics ? input.lyricsLanguage : null,
        contentType: input.contentType ?? 'Not Explicit',
        trackOrigin: input.trackOrigin ?? 'Original',
        contentProtection: (input.contentProtection ?? true) ? 1 : 0,
        tikTokStartTime: input.tikTokStartTime ?? null,
        releaseAsap: releaseDate ? 0 : 1,
        releaseDate,
        midnightRelease: (input.midnightRelease ?? true) ? 1 : 0,
        // Pre-save needs a future date: never on for an ASAP release (spec §2 step 4).
        enablePreSave: releaseDate && input.enablePreSave ? 1 : 0,
        metadata: JSON.stringify(metadata),
      };

      const taken = () => knex('tracks').where({ artistId: artist.id, dropMonth }).first();
      if (dropMonth && (await taken())) throw conflict(MONTHLY_DROP_TAKEN);
      let id: number;
      try {
        id = await knex.transaction(async (trx) => {
          const [inserted] = await trx('tracks').insert(row);
          const trackId = Number(inserted);
          await kernel.jobs.enqueue(trx, JOB.transcode, { trackId });
          await kernel.jobs.enqueue(trx, JOB.analyze, { trackId });
          if (cover) await kernel.jobs.enqueue(trx, JOB.cover, { trackId });
          await kernel.jobs.enqueue(trx, JOB.public, { trackId }, { runAt: publicFrom });
          return trackId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MONTHLY_DROP_TAKEN);
        throw error;
      }
      return service.release(id);
    },

    /**
     * The monthly drops this artist already has for this month and later ones (scheduled), so the
     * wizard knows from its first step which months are taken (the server still decides at submit).
     */
    async takenDropMonths(artistId: number): Promise<TakenDrop[]> {
      const now = kernel.now();
      const rows = await knex('tracks')
        .where({ artistId, isMonthlyDrop: 1 })
        .andWhere('dropMonth', '>=', monthKey(now))
        .orderBy('dropMonth')
        .select('id', 'title', 'dropMonth', 'uploadDate');
      return rows.map((row) => ({
        month: String(row.dropMonth),
        trackId: Number(row.id),
        title: String(row.title),
        publicAt: new Date(Number(row.uploadDate)).toISOString(),
        out: Number(row.uploadDate) <= now.getTime(),
      }));
    },

    /** Other plugins act when a release becomes public (run by the `releases.public` job, never by a page view). */
    onPublic(listener: PublicListener): void {
      publicListeners.push(listener);
    },

    /** The `releases.public` job's work; a release deleted or not yet public (a clock behind) is skipped. */
    async announcePublic(trackId: number): Promise<void> {
      const row = await knex('tracks').where({ id: trackId }).first();
      if (!row || Number(row.uploadDate) > kernel.now().getTime()) return;
      const release: PublicRelease = {
        trackId,
        artistId: Number(row.artistId),
        title: String(row.title),
        isMonthlyDrop: Boolean(row.isMonthlyDrop),
        dropMonth: row.dropMonth ?? null,
        publicAt: Number(row.uploadDate),
      };
      for (const listener of publicListeners) await listener(release);
    },

    /**
     * Withdraws the artist's own release before it is out: the row goes (its pre-saves with it), so a
     * withdrawn monthly drop frees its month for another. Anyone else's release is unknown (404).
     */
    async withdraw(userId: number, trackId: number): Promise<void> {
      const row = await knex('tracks as t')
        .join('artists as a', 'a.id', 't.artistId')
        .where({ 't.id': trackId, 'a.userId': userId })
        .first('t.uploadDate');
      if (!row) throw notFound(WITHDRAW_MESSAGES.notFound);
      if (Number(row.uploadDate) <= kernel.now().getTime()) throw conflict(WITHDRAW_MESSAGES.out);
      // Conditional on not being out yet, so a release that came out meanwhile stays.
      const gone = await knex('tracks')
        .where({ id: trackId })
        .andWhere('uploadDate', '>', kernel.now().getTime())
        .delete();
      if (!gone) throw conflict(WITHDRAW_MESSAGES.out);
    },

    /** The artist's releases, newest first, for their dashboard's list of what they can edit. */
    async releasesOfUser(
      userId: number,
    ): Promise<Array<{ id: number; title: string; publicAt: string; out: boolean }>> {
      const rows = await knex('tracks as t')
        .join('artists as a', 'a.id', 't.artistId')
        .where('a.userId', userId)
        .orderBy([
          { column: 't.uploadDate', order: 'desc' },
          { column: 't.id', order: 'desc' },
        ])
        .select('t.id', 't.title', 't.uploadDate');
      const at = kernel.now().getTime();
      return rows.map((row) => ({
        id: Number(row.id),
        title: String(row.title),
        publicAt: new Date(Number(row.uploadDate)).toISOString(),
        out: Number(row.uploadDate) <= at,
      }));
    },

    /** Whether the track is this user's own (a scheduled one's preview). */
    async isOwnTrack(userId: number, trackId: number): Promise<boolean> {
      return !!(await knex('tracks as t')
        .join('artists as a', 'a.id', 't.artistId')
        .where({ 't.id': trackId, 'a.userId': userId })
        .first('t.id'));
    },

    /** Processing flag, waveform, loudness and cover srcset of any track (pages, player, embed). */
    async trackMedia(id: number): Promise<TrackMedia | null> {
      const row = await knex('tracks').where({ id }).first();
      return row ? trackMedia(row) : null;
    },

    /** A release as its owner sees it (scheduled ones included). */
    async release(id: number): Promise<ReleaseJson> {
      const row = await knex('tracks as t')
        .join('artists as a', 'a.id', 't.artistId')
        .select('t.*', 'a.name as artistName', 'a.profileImage as artistProfileImage')
        .where('t.id', id)
        .first();
      if (!row) throw notFound('Release not found');
      return presentRelease(row);
    },
  };
  return service;
}

export type ReleasesService = ReturnType<typeof createReleasesService>;

declare module '../../api/plugins/types.ts' {
  interface Services {
    releases: ReleasesService;
  }
}
