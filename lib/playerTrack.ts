import type { MeasuredLoudness } from './loudness.ts';

/** Why a visitor cannot like a track: the catalog's like route and the player's like button say it. */
export const LIKE_LOGIN = 'Please log in to like tracks';

/**
 * A track as the player plays it: the shape the server presents tracks in for play buttons and
 * queues (plugins/catalog/present.ts) and the browser's player reads (site/lib/player.ts).
 */
export interface PlayerTrack {
  id: number;
  title: string;
  audioUrl: string;
  coverImage: string;
  duration: number;
  artist: { id: number; name: string };
  /** Measured by the media worker; absent or null until then (played at unity gain). */
  loudness?: MeasuredLoudness;
  /** The lossless master, played instead of audioUrl with "High quality audio" on. */
  losslessUrl?: string | null;
  /**
   * Heard through a private preview link before its release: the catalog does not show it yet, so its 404 is no
   * takedown.
   */
  preview?: boolean;
  /**
   * An artist's exclusive, played to their subscribers (plugins/catalog/exclusives.ts): no catalog
   * track, so no likes, listens or waveform. Its id is the exclusive's negated, never a track's.
   */
  exclusive?: boolean;
}
