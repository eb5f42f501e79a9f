// The catalog's JSON, field for field as spec §3 names it. Type-only: pages and islands import it.

import type { DropRecord } from './cadence.ts';
import type { ImageSrcset, TrackPlayback } from './mediaColumns.ts';

export interface ArtistRef {
  id: number;
  name: string;
  profileImage: string;
}

export interface ArtistJson {
  id: number;
  userId: number;
  name: string;
  genre: string | null;
  bio: string;
  profileImage: string;
  /** The photo's AVIF and WebP web sizes (srcset) once the media worker made them, else null. */
  photoSrcset: ImageSrcset | null;
  verified: boolean;
  monthlyListeners: number;
  dropCount: number;
  /** When the artist joined (About tab). */
  createdAt: string;
  /** When the artist's next scheduled monthly drop is out for the viewer (countdowns); null when none is scheduled. */
  nextDropAt: string | null;
  /** Streak, months missed and usual drop day, from the drops out for the viewer (cadence.ts). */
  dropRecord: DropRecord;
}

export interface TrackJson {
  id: number;
  artistId: number;
  artist: ArtistRef;
  title: string;
  audioUrl: string;
  coverImage: string;
  duration: number;
  uploadDate: string;
  isMonthlyDrop: boolean;
  /** 'YYYY-MM' of the month a monthly drop belongs to (UTC), null for a regular upload. */
  dropMonth: string | null;
  liked: boolean;
  likeCount: number;
  /** Listed at once but still being transcoded: the player plays the master meanwhile. */
  processing: boolean;
  /** The cover's AVIF and WebP web sizes (srcset) once the media worker made them, else null. */
  coverSrcset: ImageSrcset | null;
  /** What the player needs beyond the audio: measured loudness, lossless master (mediaColumns.ts). */
  playback: TrackPlayback;
}

/** A scheduled track not yet out for the viewer: its "coming on" page, its artist's preview. */
export interface UpcomingTrackJson extends TrackJson {
  /** The moment it is out for the viewer (00:00 of its day in their zone for a midnight release). */
  outAt: string;
}

export interface ExclusiveJson {
  id: number;
  artistId: number;
  artist: ArtistRef;
  type: string;
  title: string;
  description: string;
  createdAt: string;
  remaining: number | null;
  totalAvailable: number | null;
  metadata: { duration?: number };
  /** The kind of file its artist's subscribers may play (GET /api/exclusives/{id}/media), once ready. */
  media: 'audio' | 'video' | null;
}

export interface SubscriptionJson {
  id: number;
  userId: number;
  artistId: number;
  active: boolean;
  /** With the photo's web sizes: the sidebar lists subscriptions with their photos. */
  artist: ArtistRef & Pick<ArtistJson, 'photoSrcset'>;
}
