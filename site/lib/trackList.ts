import type { PlayerTrack } from '../../lib/playerTrack.ts';

// The list an element of a page belongs to, which becomes the play queue when it starts a track:
// the tracks of its nearest [data-track-list] ancestor or, without one, of its nearest ancestor
// holding more than one play button (a grid of TrackCards, a page's main column), in page order.
// Play buttons carry their track as data-play-track='{…track JSON…}'.

export function trackOf(button: HTMLElement): PlayerTrack | null {
  try {
    return JSON.parse(button.dataset.playTrack ?? '') as PlayerTrack;
  } catch {
    return null;
  }
}

function listScope(element: Element): Element | null {
  const marked = element.closest('[data-track-list]');
  if (marked) return marked;
  for (let scope = element.parentElement; scope && scope !== document.body; scope = scope.parentElement) {
    if (scope.querySelectorAll('[data-play-track]').length > 1) return scope;
  }
  return null;
}

/** The tracks of the element's list, in page order (the player drops repeats); [] outside any list. */
export function listOf(element: Element): PlayerTrack[] {
  const scope = listScope(element);
  if (!scope) return [];
  return [...scope.querySelectorAll<HTMLElement>('[data-play-track]')]
    .map(trackOf)
    .filter((t): t is PlayerTrack => t !== null);
}
