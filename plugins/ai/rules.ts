import type { FieldRules } from '../../api/validation/rules.ts';

// Limits and messages of the ai plugin's two calls. Pure: the wizard's islands may import it.

/** Spec §9: audio files up to 100MB. */
export const MAX_AUDIO_BYTES = 100 * 1024 * 1024;
/** Base64 of MAX_AUDIO_BYTES plus room for the JSON around it: the analyze route's body limit. */
export const ANALYZE_JSON_LIMIT_BYTES = Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;
/** Spec §5 and §9: the form's description limit, which the enhanced description must fit. */
export const DESCRIPTION_MAX_LENGTH = 500;
export const TITLE_REQUIRED_MESSAGE = 'Please provide a track title first';

export const analyzeRules: FieldRules = {
  audioData: {
    label: 'Audio data',
    type: 'string',
    maxLength: ANALYZE_JSON_LIMIT_BYTES,
    messages: { type: 'audioData must be a base64 string' },
  },
  uploadUrl: {
    label: 'Upload',
    type: 'string',
    maxLength: 500,
    pattern: '^/media/',
    messages: { pattern: 'uploadUrl must be a /media/ address from an upload' },
  },
};

export const enhanceRules: FieldRules = {
  title: {
    label: 'Title',
    type: 'string',
    maxLength: 100,
    messages: {
      required: TITLE_REQUIRED_MESSAGE,
      type: TITLE_REQUIRED_MESSAGE,
      maxLength: 'Title must be less than 100 characters',
    },
  },
  artist: { label: 'Artist', type: 'string', maxLength: 100 },
  description: {
    label: 'Description',
    type: 'string',
    maxLength: DESCRIPTION_MAX_LENGTH,
    messages: { maxLength: 'Description must be less than 500 characters' },
  },
  genre: { label: 'Genre', type: 'string', maxLength: 50 },
  // From an earlier analysis of the track, when there was one.
  bpm: { label: 'BPM', type: 'integer', minimum: 20, maximum: 300 },
  key: {
    label: 'Key',
    type: 'string',
    maxLength: 20,
    pattern: '^[A-G][#b]? (major|minor)$',
    messages: { pattern: 'Key must look like "A minor" or "Eb major"' },
  },
  mood: { label: 'Mood', type: 'string', maxLength: 200 },
};
export const enhanceRequired = ['title'] as const;
