import type { PlayerSource } from '../rules.ts';

// The player's side of play counting (spec: every play counts, privately). It follows the one
// <audio> element and reports, for every listener signed in or not, a play's start, its 30th
// second, and whether it ended or was left for another track. The server decides what counts.

const THIRTY_SECONDS = 30;
const PREVIEW_PATH = /^\/preview\/([A-Za-z0-9_-]{20,64})$/;

/**
 * Where the play began: the page the listener was on (never a third-party referrer). A feed's links
 * land with `?from=feed` (syndication's FEED_LANDING), whatever page they open.
 */
export function sourceOfPage({ pathname: path, search }: Pick<Location, 'pathname' | 'search'>): {
  source: PlayerSource;
  link?: string;
} {
  const preview = PREVIEW_PATH.exec(path);
  if (preview) return { source: 'private', link: preview[1] };
  if (new URLSearchParams(search).get('from') === 'feed') return { source: 'feed' };
  if (path.startsWith('/embed/')) return { source: 'embed' };
  if (path === '/') return { source: 'home' };
  if (path.startsWith('/tracks/')) return { source: 'track' };
  if (path.startsWith('/artist/')) return { source: 'artist' };
  if (path.startsWith('/search')) return { source: 'search' };
  return { source: 'other' };
}

interface Play {
  trackId: number;
  origin: { source: PlayerSource; link?: string };
  thirty: boolean;
  ended: boolean;
}

/** Plain fetch, not the site's API client: the embed player loads this too and stays small. */
function report(play: Play, event: 'start' | 'thirty' | 'complete' | 'skip'): void {
  const body = JSON.stringify({ trackId: play.trackId, event, ...play.origin });
  fetch('/api/plays', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  })
    .then((res) => res.ok || console.warn('play not reported', res.status))
    .catch((error) => console.warn('play not reported', error));
}

/**
 * Reports the plays of `audio`; `currentId` is the track the player holds now. Both players (the
 * site's and the embed) run it as a filler of the hook slot player.audio.
 */
export default function reportPlays(audio: HTMLAudioElement, currentId: () => number | null): void {
  let play: Play | null = null;
  audio.addEventListener('playing', () => {
    const trackId = currentId();
    if (trackId === null || (play && play.trackId === trackId && !play.ended)) return;
    play = { trackId, origin: sourceOfPage(location), thirty: false, ended: false };
    report(play, 'start');
  });
  audio.addEventListener('timeupdate', () => {
    if (!play || play.thirty || play.ended || audio.currentTime < THIRTY_SECONDS || currentId() !== play.trackId)
      return;
    play.thirty = true;
    report(play, 'thirty');
  });
  audio.addEventListener('ended', () => {
    if (!play || play.ended) return;
    play.ended = true;
    report(play, 'complete');
  });
  // A new track loading while the last one was still playing is a skip (a reload of the same one is not).
  audio.addEventListener('loadstart', () => {
    if (!play || play.ended || currentId() === play.trackId) return;
    play.ended = true;
    report(play, 'skip');
  });
}
