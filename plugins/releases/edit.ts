import { forbidden, invalid, notFound } from '../../api/errors.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { JOB } from './jobs.ts';
import { parseMetadata, type ReleaseMetadata } from './metadata.ts';
import { DATE_MESSAGES, EDIT_MESSAGES, trackRules } from './rules.ts';
import { checkDates, NOT_YOUR_FILE, type TrackInput } from './service.ts';
import type { createUploads } from './uploads.ts';

// Issue 44 point 3: a release's metadata after submit (spec §5: "metadata can be updated after
// release"). The audio and the schedule stay as submitted: the audio by the spec, the schedule because
// its month, pre-saves and public job were decided then (Withdraw calls a scheduled one off).

/** The fields the edit screen may change, with the wizard's own rules (one source of truth). */
export const EDITABLE = [
  'title',
  'label',
  'genre',
  'language',
  'releasedBefore',
  'previousReleaseDate',
  'coverImage',
  'description',
  'recordingYear',
  'isrc',
  'hasLyrics',
  'lyricsLanguage',
  'contentType',
  'trackOrigin',
  'contentProtection',
  'tikTokStartTime',
] as const;
export const editRules: FieldRules = Object.fromEntries(EDITABLE.map((field) => [field, trackRules[field]]));

export type ReleaseEdit = Partial<Pick<TrackInput, (typeof EDITABLE)[number]>>;

/** Told after an edit of a release that is out (federation's Update); must not throw for a gone track. */
export type EditedListener = (edited: { trackId: number; artistId: number }) => Promise<void>;

type Uploads = ReturnType<typeof createUploads>;

export function createReleaseEdits(kernel: Kernel, uploads: Uploads) {
  const { knex } = kernel;
  const editedListeners: EditedListener[] = [];

  return {
    onEdited(listener: EditedListener): void {
      editedListeners.push(listener);
    },

    /**
     * Applies the given fields over the stored ones and checks the whole as the wizard's submit is
     * checked. Only the release's own artist may (404 for anyone else's, as Withdraw).
     */
    async edit(userId: number, trackId: number, input: ReleaseEdit, rawMetadata: unknown): Promise<void> {
      const row = await knex('tracks as t')
        .join('artists as a', 'a.id', 't.artistId')
        .where({ 't.id': trackId, 'a.userId': userId })
        .first('t.*');
      if (!row) throw notFound(EDIT_MESSAGES.notFound);
      const now = kernel.now();
      const merged = {
        releasedBefore: Boolean(row.releasedBefore),
        previousReleaseDate: row.previousReleaseDate,
        hasLyrics: Boolean(row.hasLyrics),
        lyricsLanguage: row.lyricsLanguage,
        tikTokStartTime: row.tikTokStartTime,
        ...input,
      };
      const { previousReleaseDate } = checkDates({ ...merged, releaseASAP: true } as TrackInput, now);
      if (input.recordingYear !== undefined && input.recordingYear > now.getUTCFullYear())
        throw invalid(DATE_MESSAGES.recordingYearFuture);
      if (merged.hasLyrics && !merged.lyricsLanguage) throw invalid(DATE_MESSAGES.lyricsLanguage);
      if (merged.tikTokStartTime != null && merged.tikTokStartTime >= Number(row.duration))
        throw invalid(DATE_MESSAGES.tikTokBeyond);
      const metadata: ReleaseMetadata | undefined = rawMetadata === undefined ? undefined : parseMetadata(rawMetadata);

      let coverChanged = false;
      if (input.coverImage !== undefined && input.coverImage !== row.coverImage) {
        if (input.coverImage && !(await uploads.owned(userId, input.coverImage, 'image')))
          throw forbidden(NOT_YOUR_FILE);
        coverChanged = true;
      }

      const update: Record<string, unknown> = {};
      const set = <K extends keyof ReleaseEdit>(field: K, value: (v: NonNullable<ReleaseEdit[K]>) => unknown) => {
        if (input[field] !== undefined) update[field] = input[field] === null ? null : value(input[field]!);
      };
      set('title', (v) => v.trim());
      set('label', (v) => v.trim() || null);
      set('genre', (v) => v);
      set('language', (v) => v);
      set('releasedBefore', (v) => (v ? 1 : 0));
      set('description', (v) => v);
      set('recordingYear', (v) => v);
      set('isrc', (v) => v.replace(/-/g, '').toUpperCase() || null);
      set('hasLyrics', (v) => (v ? 1 : 0));
      set('contentType', (v) => v);
      set('trackOrigin', (v) => v);
      set('contentProtection', (v) => (v ? 1 : 0));
      set('tikTokStartTime', (v) => v);
      if (input.releasedBefore !== undefined || input.previousReleaseDate !== undefined)
        update.previousReleaseDate = previousReleaseDate;
      if (input.hasLyrics !== undefined || input.lyricsLanguage !== undefined)
        update.lyricsLanguage = merged.hasLyrics ? merged.lyricsLanguage : null;
      if (coverChanged) Object.assign(update, { coverImage: input.coverImage ?? null, coverVariants: null });
      if (metadata) update.metadata = JSON.stringify(metadata);
      if (!Object.keys(update).length) return;

      await knex.transaction(async (trx) => {
        await trx('tracks').where({ id: trackId }).update(update);
        if (coverChanged && input.coverImage) await kernel.jobs.enqueue(trx, JOB.cover, { trackId });
      });
      // The title, cover and facts are on every list of the track: announcing nothing invalidates
      // everything, as a new release does (docs/architecture.md, "Cache tags").
      if (Number(row.uploadDate) <= now.getTime())
        for (const listener of editedListeners) await listener({ trackId, artistId: Number(row.artistId) });
    },
  };
}
