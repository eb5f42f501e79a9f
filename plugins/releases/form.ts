import { checkFields } from '../../api/validation/rules.ts';
import type { Credit } from './metadata.ts';
import type { TakenDrop } from './present.ts';
import { DATE_MESSAGES, releaseTooSoon, trackRules } from './rules.ts';
import { EARLIEST_PREVIOUS_RELEASE, dayKey, dayToIso, earliestReleaseDay } from './schedule.ts';

// The wizard's form: defaults (spec §9), per-step checks with the server's own rules, the review's
// missing list and the POST /api/tracks body. Pure, so the island and the tests share it.

export interface ReleaseDraft {
  title: string;
  label: string;
  genre: string;
  language: string;
  releasedBefore: boolean;
  /** 'YYYY-MM-DD' or ''. */
  previousReleaseDate: string;
  coverImage: string | null;
  coverName: string;
  coverSize: number;
  audioUrl: string | null;
  audioName: string;
  audioSize: number;
  duration: number;
  description: string;
  recordingYear: number;
  isrc: string;
  hasLyrics: boolean;
  lyricsLanguage: string;
  contentType: string;
  trackOrigin: string;
  contentProtection: boolean;
  /** Seconds as typed; '' for none. */
  tikTokStartTime: string;
  artistRoles: Credit[];
  productionCredits: Credit[];
  songwriterCredits: Credit[];
  key: string;
  bpm: number | null;
  moods: string[];
  tags: string[];
  releaseASAP: boolean;
  /** 'YYYY-MM-DD' or ''. */
  releaseDate: string;
  midnightRelease: boolean;
  enablePreSave: boolean;
  isMonthlyDrop: boolean;
  /**
   * What other features' wizard tools keep with the draft, by plugin name (the lyrics a track step
   * tool holds until the track exists): saved and restored with it, never in the POST body.
   */
  extras: Record<string, unknown>;
}

export function emptyDraft(now: Date): ReleaseDraft {
  return {
    title: '',
    label: '',
    genre: '',
    language: '',
    releasedBefore: false,
    previousReleaseDate: '',
    coverImage: null,
    coverName: '',
    coverSize: 0,
    audioUrl: null,
    audioName: '',
    audioSize: 0,
    duration: 0,
    description: '',
    recordingYear: now.getUTCFullYear(),
    isrc: '',
    hasLyrics: false,
    lyricsLanguage: '',
    contentType: 'Not Explicit',
    trackOrigin: 'Original',
    contentProtection: true,
    tikTokStartTime: '',
    artistRoles: [],
    productionCredits: [],
    songwriterCredits: [],
    key: '',
    bpm: null,
    moods: [],
    tags: [],
    extras: {},
    releaseASAP: true,
    releaseDate: '',
    midnightRelease: true,
    enablePreSave: false,
    isMonthlyDrop: true,
  };
}

export type FieldErrors = Partial<Record<keyof ReleaseDraft, string>>;

/** Step 1: release details. */
export function detailsErrors(d: ReleaseDraft, now: Date): FieldErrors {
  const errors: FieldErrors = checkFields(
    { title: trackRules.title, label: trackRules.label },
    { title: d.title.trim() || undefined, label: d.label },
    ['title'],
  );
  if (!d.genre) errors.genre = 'Genre is required';
  if (!d.language) errors.language = 'Language is required';
  if (d.releasedBefore) {
    if (!d.previousReleaseDate) errors.previousReleaseDate = DATE_MESSAGES.previousRequired;
    else if (d.previousReleaseDate < EARLIEST_PREVIOUS_RELEASE || d.previousReleaseDate > dayKey(now))
      errors.previousReleaseDate = DATE_MESSAGES.previousRange;
  }
  return errors;
}

/** Step 3: the track's own fields (the audio itself is reported by the review). */
export function trackErrors(d: ReleaseDraft): FieldErrors {
  const tikTok = d.tikTokStartTime === '' ? undefined : Number(d.tikTokStartTime);
  const errors: FieldErrors = checkFields(
    { description: trackRules.description, isrc: trackRules.isrc, tikTokStartTime: trackRules.tikTokStartTime },
    { description: d.description, isrc: d.isrc.trim().toUpperCase(), tikTokStartTime: tikTok },
  );
  if (tikTok !== undefined && d.duration > 0 && tikTok >= d.duration)
    errors.tikTokStartTime = DATE_MESSAGES.tikTokBeyond;
  if (d.hasLyrics && !d.lyricsLanguage) errors.lyricsLanguage = DATE_MESSAGES.lyricsLanguage;
  return errors;
}

/** Step 4: delivery. */
export function deliveryErrors(d: ReleaseDraft, now: Date): FieldErrors {
  if (d.releaseASAP) return {};
  if (!d.releaseDate) return { releaseDate: DATE_MESSAGES.releaseRequired };
  if (d.releaseDate < earliestReleaseDay(now)) return { releaseDate: releaseTooSoon(earliestReleaseDay(now)) };
  return {};
}

/** 'YYYY-MM' the release would count for as a monthly drop: the month it goes public (UTC, as the server counts). */
export function releaseMonth(d: ReleaseDraft, now: Date): string {
  return (!d.releaseASAP && d.releaseDate ? d.releaseDate : dayKey(now)).slice(0, 7);
}

/** The drop already filling the release's month, if any: then this release cannot be the monthly drop. */
export function takenDrop(d: ReleaseDraft, now: Date, taken: readonly TakenDrop[]): TakenDrop | null {
  const month = releaseMonth(d, now);
  return taken.find((drop) => drop.month === month) ?? null;
}

/** Whether the release goes out as the monthly drop: the artist's wish, unless that month is taken. */
export function isMonthlyDropOf(d: ReleaseDraft, now: Date, taken: readonly TakenDrop[]): boolean {
  return d.isMonthlyDrop && !takenDrop(d, now, taken);
}

/**
 * Whether a step's marker may turn gold: its part of the release is there and valid. The cover
 * (step 2) is optional for the server, but the step is only complete with one.
 */
export function stepComplete(step: number, d: ReleaseDraft, now: Date): boolean {
  switch (step) {
    case 1:
      return Object.keys(detailsErrors(d, now)).length === 0;
    case 2:
      return d.coverImage !== null;
    case 3:
      return d.audioUrl !== null && Object.keys(trackErrors(d)).length === 0;
    case 4:
      return Object.keys(deliveryErrors(d, now)).length === 0;
    default:
      return missingFields(d).length === 0;
  }
}

/** Spec §5: what the review lists as missing. */
export function missingFields(d: ReleaseDraft): string[] {
  const missing: string[] = [];
  if (!d.title.trim()) missing.push('Track Title');
  if (!d.genre) missing.push('Genre');
  if (!d.language) missing.push('Language');
  if (!d.audioUrl) missing.push('Audio File');
  if (d.releasedBefore && !d.previousReleaseDate) missing.push('Previous Release Date');
  if (!d.releaseASAP && !d.releaseDate) missing.push('Release Date');
  return missing;
}

/** POST /api/tracks body (spec §7: dates as ISO strings, audioUrl the uploaded reference). */
export function trackPayload(d: ReleaseDraft) {
  const metadata: Record<string, unknown> = {
    artistRoles: d.artistRoles,
    productionCredits: d.productionCredits,
    songwriterCredits: d.songwriterCredits,
    royaltySplits: [],
  };
  if (d.key) metadata.key = d.key;
  if (d.bpm) metadata.bpm = d.bpm;
  if (d.moods.length) metadata.moods = d.moods;
  if (d.tags.length) metadata.tags = d.tags;
  return {
    title: d.title.trim(),
    label: d.label.trim() || null,
    genre: d.genre,
    language: d.language,
    releasedBefore: d.releasedBefore,
    previousReleaseDate: d.releasedBefore && d.previousReleaseDate ? dayToIso(d.previousReleaseDate) : null,
    coverImage: d.coverImage,
    audioUrl: d.audioUrl ?? undefined,
    duration: d.duration,
    description: d.description,
    recordingYear: d.recordingYear,
    isrc: d.isrc.trim().toUpperCase(),
    hasLyrics: d.hasLyrics,
    lyricsLanguage: d.hasLyrics ? d.lyricsLanguage || null : null,
    contentType: d.contentType,
    trackOrigin: d.trackOrigin,
    contentProtection: d.contentProtection,
    tikTokStartTime: d.tikTokStartTime === '' ? null : Number(d.tikTokStartTime),
    metadata,
    releaseASAP: d.releaseASAP,
    releaseDate: !d.releaseASAP && d.releaseDate ? dayToIso(d.releaseDate) : null,
    midnightRelease: d.midnightRelease,
    enablePreSave: d.releaseASAP ? false : d.enablePreSave,
    isMonthlyDrop: d.isMonthlyDrop,
  };
}

/** m:ss (spec §2 step 3). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
