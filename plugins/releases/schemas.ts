import {
  arrayOf,
  boolean,
  component,
  dateTime,
  extend,
  integer,
  nullable,
  number,
  object,
  oneOf,
  optional,
  string,
} from '../../api/openapi/schema.ts';
import { ImageSrcset, TRACK_FIELDS } from '../catalog/schemas.ts';
import { metadataSchema } from './metadata.ts';
import { UPLOAD_KINDS } from './rules.ts';

export const Metadata = component('ReleaseMetadata', metadataSchema);

const media = {
  processing: boolean,
  failed: boolean,
  waveform: nullable(arrayOf(number)),
  loudness: nullable(object({ integrated: number, truePeak: number, range: number })),
  coverSrcset: nullable(ImageSrcset),
  analysis: nullable(
    object({
      bpm: nullable(number),
      bpmConfidence: nullable(number),
      key: nullable(string),
      keyTonic: nullable(string),
      keyMode: nullable(oneOf('major', 'minor')),
      keyConfidence: nullable(number),
    }),
  ),
};

/** The player's waveform, loudness, tempo and key, and whether the stream is ready. */
export const TrackMedia = component('TrackMedia', object(media));

/** A release as its own artist sees it (scheduled ones included). */
export const Release = component(
  'Release',
  object({
    ...TRACK_FIELDS,
    ...media,
    status: string,
    masterUrl: nullable(string),
    label: nullable(string),
    genre: nullable(string),
    language: nullable(string),
    releasedBefore: boolean,
    previousReleaseDate: nullable(dateTime),
    description: string,
    recordingYear: nullable(integer),
    isrc: nullable(string),
    hasLyrics: boolean,
    lyricsLanguage: nullable(string),
    contentType: nullable(string),
    trackOrigin: nullable(string),
    contentProtection: boolean,
    tikTokStartTime: nullable(integer),
    releaseASAP: boolean,
    releaseDate: nullable(dateTime),
    midnightRelease: boolean,
    enablePreSave: boolean,
    metadata: nullable(Metadata),
    sampleRate: nullable(integer),
    bitDepth: nullable(integer),
    channels: nullable(integer),
  }),
);

const upload = object({
  id: integer,
  url: string,
  type: oneOf(...UPLOAD_KINDS),
  contentType: string,
  size: integer,
  filename: nullable(string),
});
/** A stored upload and what the server read from it: an image's size, or audio's duration and format. */
export const Upload = component(
  'Upload',
  extend(upload, {
    width: optional(nullable(integer)),
    height: optional(nullable(integer)),
    duration: optional(nullable(number)),
    sampleRate: optional(nullable(integer)),
    bitDepth: optional(nullable(integer)),
    channels: optional(nullable(integer)),
  }),
);

export const Presaved = object({ presaved: boolean });
