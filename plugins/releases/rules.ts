import type { FieldRules } from '../../api/validation/rules.ts';
import { GENRES } from '../catalog/rules.ts';
import { formatDay, MIN_LEAD_DAYS } from './schedule.ts';

// Release limits, lists and messages (spec §3, §5, §8, §9), shared by the API's ajv schemas and the
// upload wizard. Pure: islands bundle it.

export { GENRES };

/** Spec §3: language of the title. */
export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Japanese',
  'Korean',
  'Mandarin',
  'Portuguese',
  'Russian',
  'Instrumental',
] as const;
/** Spec §3: lyrics languages. */
export const LYRICS_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Japanese',
  'Korean',
  'Mandarin',
  'Portuguese',
  'Russian',
  'Other',
] as const;
/** Spec §5 values; the wizard names Clean "Clean (Edited)" (optionNames.ts). */
export const CONTENT_TYPES = ['Not Explicit', 'Explicit', 'Clean'] as const;
export const TRACK_ORIGINS = ['Original', 'Cover'] as const;

/** Spec §9: the recording year list runs from this year back to 1950. */
export const FIRST_RECORDING_YEAR = 1950;
export function recordingYears(now: Date): number[] {
  const years: number[] = [];
  for (let y = now.getUTCFullYear(); y >= FIRST_RECORDING_YEAR; y--) years.push(y);
  return years;
}

export const MB = 1024 * 1024;

/** Spec §5 / §9 upload limits and texts; the server adds the checks a browser cannot make. */
export const IMAGE_RULES = {
  maxBytes: 10 * MB,
  minSide: 500,
  /** "Roughly square": the longer side may exceed the shorter by at most 5 %. */
  squareTolerance: 0.05,
  messages: {
    type: 'File must be an image (jpg, png, etc.)',
    size: 'File size must be less than 10MB',
    small: 'Image must be at least 500x500 pixels (ideally 3000x3000 for production)',
    square: 'Image must be roughly square (width and height within 5% of each other)',
    corrupt: 'Failed to load image. Please try another file.',
  },
} as const;

export const AUDIO_RULES = {
  maxBytes: 100 * MB,
  messages: {
    type: 'File must be an audio (wav, flac, etc.)',
    size: 'File size must be less than 100MB',
    corrupt: 'Failed to load audio. Please try another file.',
  },
} as const;

/** Spec §9 crop: square, at least 100 px, re-uploaded as JPEG at quality 0.95. */
export const CROP = { minSize: 100, quality: 0.95 } as const;

export const UPLOAD_KINDS = ['image', 'audio'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** POST /api/upload: a data URL in JSON (spec §7). */
export const uploadRules: FieldRules = {
  data: {
    label: 'File',
    type: 'string',
    minLength: 1,
    messages: {
      required: 'File data is required',
      minLength: 'File data is required',
      type: 'data must be a data URL string',
    },
  },
  filename: { label: 'File name', type: 'string', maxLength: 255 },
  type: {
    label: 'Upload type',
    type: 'string',
    enum: UPLOAD_KINDS,
    messages: { enum: 'type must be image or audio', required: 'type must be image or audio' },
  },
};
export const uploadRequired = ['data', 'type'] as const;

/** Spec §3 release form: every flat field of POST /api/tracks (metadata is checked on its own). */
export const trackRules: FieldRules = {
  title: {
    label: 'Title',
    type: 'string',
    minLength: 2,
    maxLength: 100,
    messages: {
      required: 'Title is required',
      minLength: 'Title must be at least 2 characters',
      maxLength: 'Title must be less than 100 characters',
    },
  },
  label: {
    label: 'Label',
    type: 'string',
    maxLength: 100,
    nullable: true,
    messages: { maxLength: 'Label must be less than 100 characters' },
  },
  genre: {
    label: 'Genre',
    type: 'string',
    enum: GENRES,
    messages: { required: 'Genre is required', enum: 'Please choose a genre from the list' },
  },
  language: {
    label: 'Language',
    type: 'string',
    enum: LANGUAGES,
    messages: { required: 'Language is required', enum: 'Please choose a language from the list' },
  },
  releasedBefore: { label: 'Previously Released', type: 'boolean' },
  previousReleaseDate: {
    label: 'Previous Release Date',
    type: 'string',
    maxLength: 40,
    nullable: true,
    messages: { type: 'Previous Release Date must be a date' },
  },
  coverImage: {
    label: 'Cover image',
    type: 'string',
    maxLength: 500,
    nullable: true,
    pattern: '^/media/',
    messages: { pattern: 'Cover image must be an uploaded image' },
  },
  audioUrl: {
    label: 'Audio File',
    type: 'string',
    maxLength: 500,
    pattern: '^/media/',
    messages: { required: 'Audio File is required', pattern: 'Audio File must be an uploaded audio file' },
  },
  description: {
    label: 'Description',
    type: 'string',
    maxLength: 500,
    messages: { maxLength: 'Description must be less than 500 characters' },
  },
  recordingYear: {
    label: 'Recording Year',
    type: 'integer',
    minimum: FIRST_RECORDING_YEAR,
    maximum: 9999,
    messages: { minimum: `Recording Year must be ${FIRST_RECORDING_YEAR} or later` },
  },
  isrc: {
    label: 'ISRC',
    type: 'string',
    maxLength: 15,
    // CC-XXX-YY-NNNNN, dashes optional; empty means none.
    pattern: '^$|^[A-Z]{2}-?[A-Z0-9]{3}-?[0-9]{2}-?[0-9]{5}$',
    messages: { pattern: 'ISRC must look like CC-XXX-YY-NNNNN (e.g. US-S1Z-25-00001)' },
  },
  hasLyrics: { label: 'Lyrics Present', type: 'boolean' },
  lyricsLanguage: {
    label: 'Lyrics Language',
    type: 'string',
    enum: LYRICS_LANGUAGES,
    nullable: true,
    messages: { enum: 'Please choose a lyrics language from the list' },
  },
  contentType: {
    label: 'Content Type',
    type: 'string',
    enum: CONTENT_TYPES,
    messages: { enum: 'Content type must be Explicit, Clean or Not Explicit' },
  },
  trackOrigin: {
    label: 'Track Origin',
    type: 'string',
    enum: TRACK_ORIGINS,
    messages: { enum: 'Track origin must be Original or Cover' },
  },
  contentProtection: { label: 'Content ID Protection', type: 'boolean' },
  tikTokStartTime: {
    label: 'TikTok Start Time',
    type: 'integer',
    minimum: 0,
    nullable: true,
    messages: {
      minimum: 'TikTok Start Time must be 0 or more seconds',
      type: 'TikTok Start Time must be whole seconds',
    },
  },
  releaseASAP: { label: 'Release ASAP', type: 'boolean' },
  releaseDate: {
    label: 'Release Date',
    type: 'string',
    maxLength: 40,
    nullable: true,
    messages: { type: 'Release Date must be a date' },
  },
  midnightRelease: { label: 'Midnight Release', type: 'boolean' },
  enablePreSave: { label: 'Enable Pre-Save', type: 'boolean' },
  isMonthlyDrop: { label: 'Monthly Drop', type: 'boolean' },
};
export const trackRequired = ['title', 'genre', 'language', 'audioUrl'] as const;

/** Spec §5 texts of the date rules (shared by the date pickers and the server). */
export const DATE_MESSAGES = {
  previousRequired: 'Previous Release Date is required',
  previousRange: 'Previous Release Date must be between 1900-01-01 and today',
  releaseRequired: 'Release Date is required',
  invalid: 'Please enter a valid date',
  tikTokBeyond: 'TikTok Start Time must be within the track',
  recordingYearFuture: 'Recording Year cannot be in the future',
  lyricsLanguage: 'Lyrics Language is required when lyrics are present',
} as const;

/** The "at least 7 days ahead" rule's message names the first day allowed ('Dec 3, 2026'). */
export const releaseTooSoon = (earliestDay: string) =>
  `Release Date must be at least ${MIN_LEAD_DAYS} days from today: ${formatDay(earliestDay)} or later`;

/** Pre-save's refusals and its control's texts. */
export const PRESAVE_MESSAGES = {
  login: 'Please log in to pre-save releases',
  own: 'You cannot pre-save your own release',
  out: 'This release is already out: like it instead',
  off: 'Pre-save is not enabled for this release',
} as const;

/** Withdrawing a scheduled release (issue 44 point 3): only the artist's own, only before it is out. */
export const WITHDRAW_MESSAGES = {
  notFound: 'Release not found',
  out: 'This release is already out: it cannot be withdrawn',
  done: 'Release withdrawn: it will not come out, and its month is free for another drop.',
  confirm: 'Withdraw this release? It will not come out, its pre-saves are cancelled and its month is free again.',
} as const;

/** Editing a release after submit (issue 44 point 3): only the artist's own; the audio stays. */
export const EDIT_MESSAGES = {
  notFound: 'Release not found',
  audioFixed: 'Once submitted, the audio cannot be modified',
  done: 'Release updated',
} as const;

export const MONTHLY_DROP_TAKEN =
  'You already have a monthly drop for this month. Only one track per month counts as the official drop: ' +
  'turn off Monthly Drop to publish it as a regular upload.';

/** Spec §5: the credit dialogs. */
/** What the artist sees when the streaming file could not be made (step 6, the track page). */
export const PROCESSING_FAILED = 'Processing failed — we keep playing your original file';

export const CREDIT_LIMITS = { name: 100, role: 60, items: 30 } as const;

/** Spec §8 toasts of this flow. */
export const TOASTS = {
  readAudio: { title: 'Error reading audio file', description: 'Failed to read audio file' },
  enhanceNeedsTitle: { title: 'Enhancement failed', description: 'Please provide a track title first' },
  copyFailed: { title: 'Failed to copy.' },
  copied: { title: 'Link copied!' },
} as const;
