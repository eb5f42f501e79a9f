import { atom } from 'nanostores';
import type { PlayerTrack } from '../../lib/playerTrack.ts';

// The play queue: the list a track was started from, and where in it the player is. It is kept in
// this browser with the position, so a full reload brings the same track back, paused where it was.

export const $queue = atom<PlayerTrack[]>([]);
/** Index of the current track in $queue, -1 with an empty queue. */
export const $queueIndex = atom(-1);

const KEY = 'onetrack.queue';

export interface SavedQueue {
  tracks: PlayerTrack[];
  index: number;
  /** Seconds into the current track. */
  position: number;
}

/** Distinct tracks in list order (a list may show a track twice, e.g. a hero button and its card). */
export function distinctTracks(tracks: PlayerTrack[]): PlayerTrack[] {
  const seen = new Set<number>();
  return tracks.filter((track) => !seen.has(track.id) && seen.add(track.id));
}

export function saveQueue(position: number): void {
  const tracks = $queue.get();
  const index = $queueIndex.get();
  try {
    if (index < 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify({ tracks, index, position } satisfies SavedQueue));
  } catch {
    // A full or blocked storage only loses the restore after a reload.
  }
}

/** The saved queue, or null when there is none or it does not read as one. */
export function savedQueue(): SavedQueue | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SavedQueue | null;
    if (!saved || !Array.isArray(saved.tracks) || !saved.tracks[saved.index]?.audioUrl) return null;
    return { tracks: saved.tracks, index: saved.index, position: Number(saved.position) || 0 };
  } catch {
    return null;
  }
}
