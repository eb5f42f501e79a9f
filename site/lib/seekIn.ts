import type { PlayerTrack } from '../../lib/playerTrack.ts';
import { $current, $playing, playTrack, seek } from './player.ts';
import { listOf } from './trackList.ts';

/**
 * Seeks in this track: at once when it is the player's track, after it starts otherwise (with the
 * list `element` belongs to as the queue). The track page's waveform and timed comments seek so.
 */
export function seekIn(track: PlayerTrack, seconds: number, element: Element) {
  if ($current.get()?.id === track.id) {
    seek(seconds);
    return;
  }
  // Once this track plays: the flag may still be true from the previous track until its pause event.
  const stop = $playing.listen((playing) => {
    if (!playing || $current.get()?.id !== track.id) return;
    stop();
    seek(seconds);
  });
  playTrack(track, listOf(element));
}
