import { PLACEHOLDER_ARTIST_IMAGE, PLACEHOLDER_COVER } from '../catalog/rules.ts';
import { jsonColumn } from '../../api/db/jsonColumn.ts';
import { imageSrcset, type ImageSrcset } from '../catalog/mediaColumns.ts';
import type { TrackJson } from '../catalog/types.ts';
import type { ReleaseMetadata } from './metadata.ts';

// The JSON of a release, and the media facts pages and the player need of any track row.

type Row = Record<string, unknown>;

export interface TrackMedia {
  /** True until the streaming file is ready: the player plays the master meanwhile. */
  processing: boolean;
  /** The streaming file could not be made (its job is dead): the master keeps playing for good. */
  failed: boolean;
  /** Peak levels 0–1 for the waveform, or null until analysed. */
  waveform: number[] | null;
  loudness: { integrated: number; truePeak: number; range: number } | null;
  /** srcset strings of the cover by type, or null until the derivatives exist. */
  coverSrcset: ImageSrcset | null;
  /** Tempo and key measured by the media worker, or null until it analysed the track. */
  analysis: TrackAnalysis | null;
}

export interface TrackAnalysis {
  /** Beats per minute (one decimal), null when the track has no steady beat. */
  bpm: number | null;
  /** 0..1, null with bpm. */
  bpmConfidence: number | null;
  /** E.g. "A minor", null when the track has no tonal centre. */
  key: string | null;
  keyTonic: string | null;
  keyMode: 'major' | 'minor' | null;
  /** Correlation with the key profile, -1..1, null with key. */
  keyConfidence: number | null;
}

const numberOrNull = (v: unknown) => (v == null ? null : Number(v));

function trackAnalysis(row: Row): TrackAnalysis | null {
  if (row.analyzedAt == null) return null;
  const tonic = (row.keyTonic as string | null) ?? null;
  const mode = (row.keyMode as 'major' | 'minor' | null) ?? null;
  return {
    bpm: numberOrNull(row.bpm),
    bpmConfidence: numberOrNull(row.bpmConfidence),
    key: tonic && mode ? `${tonic} ${mode}` : null,
    keyTonic: tonic,
    keyMode: mode,
    keyConfidence: numberOrNull(row.keyConfidence),
  };
}

/**
 * Media facts of a track row (any query selecting t.*), for the catalog's track page, cards and
 * player: processing flag, waveform, loudness and the cover's srcset.
 */
export function trackMedia(row: Row): TrackMedia {
  return {
    processing: row.status === 'processing',
    failed: row.status === 'failed',
    waveform: jsonColumn<number[]>(row.waveform),
    loudness:
      row.loudnessLufs == null
        ? null
        : { integrated: Number(row.loudnessLufs), truePeak: Number(row.truePeak), range: Number(row.loudnessRange) },
    coverSrcset: imageSrcset(row.coverVariants),
    analysis: trackAnalysis(row),
  };
}

/** A month the artist's monthly drop already fills (the wizard's Monthly Drop switch). */
export interface TakenDrop {
  /** 'YYYY-MM' (UTC), as the server counts drop months. */
  month: string;
  trackId: number;
  title: string;
  /** When the drop is (or was) public. */
  publicAt: string;
  /** Public already: its track page can be linked. */
  out: boolean;
}

export interface ReleaseJson extends Omit<TrackJson, 'liked' | 'likeCount' | 'playback'>, TrackMedia {
  liked: boolean;
  likeCount: number;
  status: string;
  masterUrl: string | null;
  label: string | null;
  genre: string | null;
  language: string | null;
  releasedBefore: boolean;
  previousReleaseDate: string | null;
  description: string;
  recordingYear: number | null;
  isrc: string | null;
  hasLyrics: boolean;
  lyricsLanguage: string | null;
  contentType: string | null;
  trackOrigin: string | null;
  contentProtection: boolean;
  tikTokStartTime: number | null;
  releaseASAP: boolean;
  releaseDate: string | null;
  midnightRelease: boolean;
  enablePreSave: boolean;
  metadata: ReleaseMetadata | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
}

const isoDay = (day: unknown) => (typeof day === 'string' && day ? `${day}T00:00:00.000Z` : null);

export function presentRelease(row: Row): ReleaseJson {
  return {
    id: Number(row.id),
    artistId: Number(row.artistId),
    artist: {
      id: Number(row.artistId),
      name: String(row.artistName),
      profileImage: (row.artistProfileImage as string | null) || PLACEHOLDER_ARTIST_IMAGE,
    },
    title: String(row.title),
    audioUrl: String(row.audioUrl),
    coverImage: (row.coverImage as string | null) || PLACEHOLDER_COVER,
    duration: Number(row.duration),
    uploadDate: new Date(Number(row.uploadDate)).toISOString(),
    isMonthlyDrop: Boolean(row.isMonthlyDrop),
    dropMonth: row.isMonthlyDrop ? ((row.dropMonth as string | null) ?? null) : null,
    liked: false,
    likeCount: 0,
    ...trackMedia(row),
    status: String(row.status),
    masterUrl: (row.masterUrl as string | null) ?? null,
    label: (row.label as string | null) ?? null,
    genre: (row.genre as string | null) ?? null,
    language: (row.language as string | null) ?? null,
    releasedBefore: Boolean(row.releasedBefore),
    previousReleaseDate: isoDay(row.previousReleaseDate),
    description: String(row.description ?? ''),
    recordingYear: numberOrNull(row.recordingYear),
    isrc: (row.isrc as string | null) ?? null,
    hasLyrics: Boolean(row.hasLyrics),
    lyricsLanguage: (row.lyricsLanguage as string | null) ?? null,
    contentType: (row.contentType as string | null) ?? null,
    trackOrigin: (row.trackOrigin as string | null) ?? null,
    contentProtection: Boolean(row.contentProtection),
    tikTokStartTime: numberOrNull(row.tikTokStartTime),
    releaseASAP: Boolean(row.releaseAsap),
    releaseDate: isoDay(row.releaseDate),
    midnightRelease: Boolean(row.midnightRelease),
    enablePreSave: Boolean(row.enablePreSave),
    metadata: jsonColumn<ReleaseMetadata>(row.metadata),
    sampleRate: numberOrNull(row.sampleRate),
    bitDepth: numberOrNull(row.bitDepth),
    channels: numberOrNull(row.channels),
  };
}
