import { $current, $playing, playTrack, togglePlay } from './player.ts';
import { listOf, trackOf } from './trackList.ts';
import * as m from '../../lib/i18n/messages.ts';

// Any element with data-play-track='{…track JSON…}' plays that track in the persistent player.
// One delegated listener serves every page, including pages swapped in by the client router; the
// buttons show whether their track is the one playing (icon buttons also say Play/Pause).
//
// The list a button belongs to becomes the queue (trackList.ts): any page listing TrackCards queues for free.

function syncButtons(): void {
  const current = $current.get();
  const playing = $playing.get();
  for (const button of document.querySelectorAll<HTMLElement>('[data-play-track]')) {
    const track = trackOf(button);
    const active = !!track && track.id === current?.id && playing;
    button.classList.toggle('is-playing', active);
    if (track && button.hasAttribute('aria-label'))
      button.setAttribute('aria-label', (active ? m.player_pause_track : m.card_play)({ title: track.title }));
  }
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLElement>('[data-play-track]');
  if (!button) return;
  event.preventDefault();
  const track = trackOf(button);
  if (!track) return;
  if (track.id === $current.get()?.id && $playing.get()) togglePlay();
  else playTrack(track, listOf(button));
});

$current.listen(syncButtons);
$playing.listen(syncButtons);
document.addEventListener('astro:page-load', syncButtons);
