import type { FieldRules } from '../../api/validation/rules.ts';
import * as m from '../../lib/i18n/messages.ts';
import { EXCLUSIVE_TYPES } from './rules.ts';

// What an artist may create as an exclusive (issue 44 point 4): the form and the server check these
// same rules. Kept free of server-only imports: the creation form bundles it.

/** The types that carry a file, and which kind of file. */
export const MEDIA_OF: Record<string, 'audio' | 'video'> = {
  'unreleased-track': 'audio',
  'behind-the-scenes': 'video',
};

/** Largest files, in bytes: a track's lossless master, a short behind-the-scenes film. */
export const EXCLUSIVE_MEDIA_BYTES = { audio: 100 * 1024 * 1024, video: 500 * 1024 * 1024 } as const;
export const MAX_COLLECTIBLES = 10_000;

export const EXCLUSIVE_TYPE_MESSAGE = 'Please choose a collectible, an unreleased track or a behind-the-scenes video';
export const EXCLUSIVE_COUNT_MESSAGE = `Please enter how many can be claimed, from 1 to ${MAX_COLLECTIBLES}`;

export const exclusiveRules: FieldRules = {
  type: {
    label: 'Type',
    type: 'string',
    enum: EXCLUSIVE_TYPES,
    messages: { required: EXCLUSIVE_TYPE_MESSAGE, enum: EXCLUSIVE_TYPE_MESSAGE, type: EXCLUSIVE_TYPE_MESSAGE },
  },
  title: {
    label: 'Title',
    type: 'string',
    minLength: 1,
    maxLength: 100,
    messages: { required: 'Please enter a title', minLength: 'Please enter a title' },
  },
  description: { label: 'Description', type: 'string', maxLength: 500 },
  totalAvailable: {
    label: 'Number available',
    type: 'integer',
    minimum: 1,
    maximum: MAX_COLLECTIBLES,
    messages: { minimum: EXCLUSIVE_COUNT_MESSAGE, maximum: EXCLUSIVE_COUNT_MESSAGE, type: EXCLUSIVE_COUNT_MESSAGE },
  },
};
export const exclusiveRequired = ['type', 'title'] as const;

export const EXCLUSIVE_LOGIN = 'Please log in to open exclusives';
export const EXCLUSIVE_NOT_ARTIST = 'Only artists can create exclusives';
export const EXCLUSIVE_NOT_YOURS = 'This exclusive is not yours';
export const EXCLUSIVE_NO_MEDIA = 'This exclusive has no audio or video';
export const EXCLUSIVE_MEDIA_TWICE = 'This exclusive already has its file';
export const EXCLUSIVE_PROCESSING = 'This exclusive is still being processed';
export const EXCLUSIVE_AUDIO_TYPE = 'Please upload a WAV or FLAC file';
export const EXCLUSIVE_VIDEO_TYPE = 'Please upload an MP4, MOV or WebM video';
export const EXCLUSIVE_AUDIO_SIZE = 'The audio file may be at most 100 MB';
export const EXCLUSIVE_VIDEO_SIZE = 'The video may be at most 500 MB';
export const exclusiveSubscribe = (artist: string) => m.api_exclusive_subscribe({ artist });
