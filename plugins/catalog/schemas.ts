import {
  MONTH,
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

// The catalog's JSON (types.ts) as the API description states it; plugins that answer with tracks
// or artists refer to these.

export const ImageSrcset = component('ImageSrcset', object({ avif: string, webp: string }));

export const ArtistRef = component('ArtistRef', object({ id: integer, name: string, profileImage: string }));

export const DropRecord = component(
  'DropRecord',
  object({
    streak: integer,
    bestStreak: integer,
    missed: integer,
    usualDay: nullable(integer),
    droppedThisMonth: boolean,
    withheld: integer,
    recent: optional(
      arrayOf(object({ month: MONTH, state: oneOf('dropped', 'withheld', 'missed', 'open', 'before') })),
    ),
  }),
);

export const Artist = component(
  'Artist',
  object({
    id: integer,
    userId: integer,
    name: string,
    genre: nullable(string),
    bio: string,
    profileImage: string,
    photoSrcset: nullable(ImageSrcset),
    verified: boolean,
    monthlyListeners: integer,
    dropCount: integer,
    createdAt: dateTime,
    nextDropAt: nullable(dateTime),
    dropRecord: DropRecord,
  }),
);

/** What every track answer has (a release as its artist sees it too, with more). */
export const TRACK_FIELDS = {
  id: integer,
  artistId: integer,
  artist: ArtistRef,
  title: string,
  audioUrl: string,
  coverImage: string,
  duration: integer,
  uploadDate: dateTime,
  isMonthlyDrop: boolean,
  dropMonth: nullable(MONTH),
  liked: boolean,
  likeCount: integer,
  processing: boolean,
  coverSrcset: nullable(ImageSrcset),
};
const track = object({
  ...TRACK_FIELDS,
  playback: object({ lufs: nullable(number), truePeak: nullable(number), losslessUrl: nullable(string) }),
});
export const Track = component('Track', track);
/** A scheduled track not yet out for the viewer, with the moment it is. */
export const UpcomingTrack = component('UpcomingTrack', extend(track, { outAt: dateTime }));

const exclusive = object({
  id: integer,
  artistId: integer,
  artist: ArtistRef,
  type: string,
  title: string,
  description: string,
  createdAt: dateTime,
  remaining: nullable(integer),
  totalAvailable: nullable(integer),
  metadata: object({ duration: optional(integer) }),
  media: nullable(string),
});
export const Exclusive = component('Exclusive', exclusive);
/** As its artist sees it: with where its file is (null: none; awaiting, processing, ready, failed). */
export const OwnExclusive = component('OwnExclusive', extend(exclusive, { mediaStatus: nullable(string) }));

export const Subscription = component(
  'Subscription',
  object({
    id: integer,
    userId: integer,
    artistId: integer,
    active: boolean,
    artist: extend(object({ id: integer, name: string, profileImage: string }), { photoSrcset: nullable(ImageSrcset) }),
  }),
);
