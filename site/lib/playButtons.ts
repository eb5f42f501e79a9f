import { $current, $playing, playTrack, togglePlay, type PlayerTrack } from './player.ts';

// Any element with data-play-track='{…track JSON…}' plays that track in the persistent player.
// One delegated listener serves every page, including pages swapped in by the client router; the
// buttons show whether their track is the one playing (icon buttons also say Play/Pause).
//
// The list a button belongs to becomes the queue: the tracks of its nearest [data-track-list]
// ancestor or, without one, of its nearest ancestor holding other play buttons (a grid of
// TrackCards, a page's main column), in page order. Any page listing TrackCards queues for free.

function trackOf(button: HTMLElement): PlayerTrack | null {
  try {
    return JSON.parse(button.dataset.playTrack ?? '') as PlayerTrack;
  } catch {
    return null;
  }
}

function listScope(button: HTMLElement): Element | null {
  const marked = button.closest('[data-track-list]');
  if (marked) return marked;
  for (let scope = button.parentElement; scope && scope !== document.body; scope = scope.parentElement) {
    if (scope.querySelectorAll('[data-play-track]').length > 1) return scope;
  }
  return null;
}

/** The tracks of the button's list, in page order (the player drops repeats). */
export function listOf(button: HTMLElement): PlayerTrack[] {
  const scope = listScope(button);
  if (!scope) return [];
  return [...scope.querySelectorAll<HTMLElement>('[data-play-track]')].map(trackOf).filter((t): t is PlayerTrack => t !== null);
}

function syncButtons(): void {
  const current = $current.get();
  const playing = $playing.get();
  for (const button of document.querySelectorAll<HTMLElement>('[data-play-track]')) {
    const track = trackOf(button);
    const active = !!track && track.id === current?.id && playing;
    button.classList.toggle('is-playing', active);
    if (track && button.hasAttribute('aria-label')) button.setAttribute('aria-label', `${active ? 'Pause' : 'Play'} ${track.title}`);
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
