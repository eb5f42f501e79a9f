import { atom } from 'nanostores';
import { ApiError, apiRequest } from './api.ts';
import { $audioPrefs, signedIn, syncAudioPrefs } from './audioPrefs.ts';
import { LIKE_LOGIN, type PlayerTrack } from '../../lib/playerTrack.ts';
import { applyLoudness, ensureGraph, resumeGraph } from './playerGraph.ts';
import { $queue, $queueIndex, distinctTracks, saveQueue, savedQueue } from './queue.ts';
import { toast } from '../stores/toasts.ts';
import * as m from '../../lib/i18n/messages.ts';
import { signInToast } from './session.ts';
import { demand } from './demand.ts';
import audioHooks from 'virtual:onetrack/hooks/player.audio';
import streamOnlyHooks from 'virtual:onetrack/hooks/player.stream-only';

// The persistent player's state and the one <audio> element it drives. The element lives in the
// Player island, which the layout keeps across page navigation (transition:persist), so music does
// not stop when the fan clicks through the site. Play buttons anywhere call playTrack() with the
// list they belong to, which becomes the queue (queue.ts); the queue and position survive a reload.

/** Spec §9 player constants. */
export const DEFAULT_VOLUME = 0.7;
export const SKIP_SECONDS = 10;
export const POSITION_POLL_MS = 100;
/** "Previous" within this many seconds of a track's start goes to the track before; later it restarts. */
export const RESTART_SECONDS = 3;
const SAVE_EVERY_MS = 1000;
const VOLUME_KEY = 'onetrack.volume';

export const $current = atom<PlayerTrack | null>(null);
export const $playing = atom(false);
/**
 * The browser refused to start playback without a fresh gesture: a press made while the page was
 * still starting reached a player ready only after the press's activation lapsed (issue 26). The
 * player then says "Tap to play" instead of sitting silently paused.
 */
export const $needsTap = atom(false);
export const $liked = atom(false);
export const $position = atom(0);
export const $duration = atom(0);
export const $volume = atom(DEFAULT_VOLUME);
/** Peak levels 0–1 of the current track, when the media worker has measured them. */
export const $waveform = atom<number[] | null>(null);

// The player hydrates once it has a track, or a saved one to restore, and the track page's waveform
// with it (site/directives/demand.ts).
$current.subscribe((track) => track && demand('player'));
if (savedQueue()) demand('player');

let audio: HTMLAudioElement | null = null;
let poll: ReturnType<typeof setInterval> | undefined;

/**
 * Spec §4: listen-record failures are only logged. Only a signed-in fan's listen counts, so a
 * visitor's player does not ask (no 401 on every track).
 */
function recordListen(trackId: number): void {
  if (!signedIn() || trackId < 0) return;
  apiRequest('POST', `/api/tracks/${trackId}/listen`).catch((error) => {
    if (!(error instanceof ApiError && error.status === 401)) console.warn('listen not recorded', error);
  });
}

/** The liked flag comes from the track detail (spec §4), fetched again whenever the track changes. */
async function refreshLiked(trackId: number): Promise<void> {
  try {
    const detail = await apiRequest<{ liked: boolean }>('GET', `/api/tracks/${trackId}`);
    if ($current.get()?.id === trackId) $liked.set(detail.liked);
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) dropGone(trackId);
    else if (error instanceof ApiError && error.status === 404) {
      if (!$current.get()?.preview) dropGone(trackId);
    } else console.warn('track detail not loaded', error);
  }
}

/**
 * A track the catalog no longer shows (410: taken down, its artist suspended or deleted; 404: unknown) leaves the
 * queue, even
 * where its file still loads: the track after it takes its place, playing if this one was.
 */
function dropGone(trackId: number): void {
  const queue = $queue.get();
  const index = queue.findIndex((t) => t.id === trackId);
  if (index < 0 || $current.get()?.id !== trackId) return;
  toast({ title: m.player_unavailable(), description: m.player_unavailable_text({ title: queue[index].title }) });
  const wasPlaying = !!audio && !audio.paused;
  audio?.pause();
  const rest = queue.filter((t) => t.id !== trackId);
  if (rest.length === 0) return forget();
  $queue.set(rest);
  select(Math.min(index, rest.length - 1), { play: wasPlaying });
}

/** Waveform and processing facts come from the releases feature; without it there is no waveform. */
async function refreshWaveform(trackId: number): Promise<void> {
  $waveform.set(null);
  try {
    const media = await apiRequest<{ waveform: number[] | null }>('GET', `/api/tracks/${trackId}/media`);
    if ($current.get()?.id === trackId) $waveform.set(media?.waveform ?? null);
  } catch {
    // No waveform is fine: the seek bar works without it.
  }
}

let savedAt = 0;

function startPolling(): void {
  clearInterval(poll);
  poll = setInterval(() => {
    if (!audio) return;
    if (audio.readyState > 0) $position.set(audio.currentTime);
    if (Number.isFinite(audio.duration)) $duration.set(audio.duration);
    // Nothing to save until the track's metadata (and so its position) is known.
    if (audio.readyState > 0 && Date.now() - savedAt >= SAVE_EVERY_MS) {
      savedAt = Date.now();
      saveQueue(audio.currentTime);
    }
  }, POSITION_POLL_MS);
}

async function startPlayback(): Promise<void> {
  if (!audio) return;
  try {
    ensureGraph(audio);
    void resumeGraph();
    await audio.play();
    $playing.set(true);
  } catch (error) {
    // Spec §4: if playback fails the state is not playing (and it is only logged).
    $playing.set(false);
    if (error instanceof DOMException && error.name === 'NotAllowedError') $needsTap.set(true);
    else console.warn('playback failed', error);
  }
}

/**
 * With "High quality audio" on, the lossless master when there is one; else the streaming file, which
 * is also what a plugin may hold for a track (`player.stream-only`: the offline plugin's kept tracks).
 */
function sourceOf(track: PlayerTrack): string {
  const streamOnly = streamOnlyHooks.some((holds) => holds(track.id));
  return $audioPrefs.get().highQualityAudio && track.losslessUrl && !streamOnly ? track.losslessUrl : track.audioUrl;
}

/** Loads the track at a position; it plays unless this is a restore after a reload. */
function load(track: PlayerTrack, { at = 0, play = true } = {}): void {
  if (!audio) return;
  const element = audio;
  element.src = sourceOf(track);
  if (at > 0) {
    element.currentTime = at;
    // Some engines forget a position set before the metadata arrived.
    element.addEventListener(
      'loadedmetadata',
      () => Math.abs(element.currentTime - at) > 0.5 && (element.currentTime = at),
      { once: true },
    );
  }
  applyLoudness(track.loudness, $audioPrefs.get().normaliseLoudness);
  $position.set(at);
  $duration.set(track.duration);
  updateMediaSession(track);
  startPolling();
  saveQueue(at);
  if (play) void startPlayback();
}

/** Makes the queue's track at `index` current: its like flag and waveform follow. */
function select(index: number, options: { at?: number; play?: boolean } = {}): void {
  const track = $queue.get()[index];
  if (!track) return;
  $queueIndex.set(index);
  $current.set(track);
  $liked.set(false);
  $waveform.set(null);
  if (!track.exclusive) {
    void refreshLiked(track.id);
    void refreshWaveform(track.id);
  }
  load(track, options);
}

/** A changed preference applies to the track playing now, from where it is. */
function followPrefs(): void {
  const track = $current.get();
  if (!audio || !track) return;
  applyLoudness(track.loudness, $audioPrefs.get().normaliseLoudness);
  const source = new URL(sourceOf(track), location.href).href;
  if (audio.src && audio.src !== source) {
    load(track, { at: $position.get(), play: !audio.paused });
  }
}

/** After a full reload: the saved queue's track, paused where it was (no autoplay). */
function restore(): void {
  const saved = savedQueue();
  if (!saved || !audio) return;
  $queue.set(saved.tracks);
  select(saved.index, { at: saved.position, play: false });
  // A track that is gone since (unpublished, deleted) leaves no dead bar behind.
  const restored = $current.get();
  const settled = new AbortController();
  audio.addEventListener('error', () => $current.get() === restored && forget(), { signal: settled.signal });
  audio.addEventListener('loadedmetadata', () => settled.abort(), { signal: settled.signal });
}

function forget(): void {
  audio?.removeAttribute('src');
  $current.set(null);
  $queue.set([]);
  $queueIndex.set(-1);
  saveQueue(0);
}

/** Called once by the Player island with its <audio> element. */
export function attachAudio(element: HTMLAudioElement): void {
  audio = element;
  const stored = Number(localStorage.getItem(VOLUME_KEY));
  $volume.set(localStorage.getItem(VOLUME_KEY) !== null && stored >= 0 && stored <= 1 ? stored : DEFAULT_VOLUME);
  audio.volume = $volume.get();
  // An exclusive is no catalog track: plugins following plays (insights' counted plays) never see it.
  const trackPlaying = () => {
    const track = $current.get();
    return track && !track.exclusive ? track.id : null;
  };
  for (const follow of audioHooks) follow(audio, trackPlaying);
  audio.addEventListener('ended', () => {
    $playing.set(false);
    const track = $current.get();
    if (track) recordListen(track.id);
    // Auto-advance through the queue; the last track simply stops.
    if ($queueIndex.get() < $queue.get().length - 1) select($queueIndex.get() + 1);
  });
  audio.addEventListener('pause', () => {
    $playing.set(false);
    if (audio) saveQueue(audio.currentTime);
  });
  audio.addEventListener('play', () => {
    $playing.set(true);
    $needsTap.set(false);
  });
  addEventListener('pagehide', () => audio && $current.get() && saveQueue(audio.currentTime));
  $audioPrefs.listen(followPrefs);
  // The server's preferences whenever the page's session changes (first page, sign-in, sign-out).
  let syncedFor = signedIn();
  void syncAudioPrefs();
  document.addEventListener('astro:page-load', () => {
    if (signedIn() === syncedFor) return;
    syncedFor = signedIn();
    void syncAudioPrefs();
  });
  const pending = $current.get();
  if (pending) load(pending);
  else restore();
}

/**
 * Spec §4: loading a track pauses the current one and records a listen for it when it was a
 * different track; the new track then plays. Playing the current track again resumes it.
 * `list` is the list the track was played from: it becomes the queue. Without one, a track of the
 * queue is jumped to and any other track becomes a queue of its own.
 */
export function playTrack(track: PlayerTrack, list?: PlayerTrack[]): void {
  const tracks = list ? distinctTracks(list.some((t) => t.id === track.id) ? list : [track, ...list]) : null;
  const queue = tracks ?? ($queue.get().some((t) => t.id === track.id) ? $queue.get() : [track]);
  const index = queue.findIndex((t) => t.id === track.id);
  const previous = $current.get();
  $queue.set(queue);
  if (previous?.id === track.id && audio?.src) {
    $queueIndex.set(index);
    saveQueue(audio.currentTime);
    void startPlayback();
    return;
  }
  jump(index);
}

/** Plays the queue's track at `index`, counting a listen for the one it replaces (the current one resumes). */
export function jump(index: number): void {
  if (!$queue.get()[index]) return;
  if (index === $queueIndex.get() && $current.get()?.id === $queue.get()[index].id && audio?.src) {
    void startPlayback();
    return;
  }
  audio?.pause();
  const previous = $current.get();
  if (previous) recordListen(previous.id);
  select(index);
}

export function next(): void {
  jump($queueIndex.get() + 1);
}

/** Back to the start of the track, or to the track before when it has only just begun. */
export function previous(): void {
  if (audio && audio.currentTime > RESTART_SECONDS) seek(0);
  else if ($queueIndex.get() > 0) jump($queueIndex.get() - 1);
  else seek(0);
}

export function togglePlay(): void {
  if (!audio || !$current.get()) return;
  if (audio.paused) void startPlayback();
  else audio.pause();
}

/** Seeking is clamped between 0 and the duration. */
export function seek(seconds: number): void {
  if (!audio) return;
  const duration = Number.isFinite(audio.duration) ? audio.duration : $duration.get();
  audio.currentTime = Math.min(Math.max(0, seconds), duration || 0);
  $position.set(audio.currentTime);
}

export function skip(deltaSeconds: number): void {
  if (audio) seek(audio.currentTime + deltaSeconds);
}

/** The slider runs 0 to 100; the element and the stored value use 0 to 1. */
export function setVolumePercent(percent: number): void {
  const volume = Math.min(100, Math.max(0, Math.round(percent))) / 100;
  $volume.set(volume);
  if (audio) audio.volume = volume;
  localStorage.setItem(VOLUME_KEY, String(volume));
}

/** The last like the server confirmed, so every like control of that track follows it. */
export const $likeChange = atom<{ trackId: number; liked: boolean; likeCount: number } | null>(null);

/** Sends a like; the server's answer (the track detail) becomes the truth for every control. */
export async function sendLike(trackId: number, like: boolean): Promise<{ liked: boolean; likeCount: number }> {
  // A visitor is offered sign-in (likeFailed) without a request the server can only refuse with a 401.
  if (!signedIn()) throw new ApiError(401, 'Unauthorized', JSON.stringify({ message: LIKE_LOGIN }));
  const detail = await apiRequest<{ liked: boolean; likeCount: number }>('POST', `/api/tracks/${trackId}/like`, {
    like,
  });
  if ($current.get()?.id === trackId) $liked.set(detail.liked);
  $likeChange.set({ trackId, liked: detail.liked, likeCount: detail.likeCount });
  return detail;
}

/** Spec §4/§8 toast for a refused like; a signed-out fan is told to log in. */
export function likeFailed(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) signInToast(LIKE_LOGIN);
  else toast({ title: m.player_like_failed(), description: m.common_try_again_short(), variant: 'destructive' });
}

/** Optimistic like: the flag flips at once and flips back if the server refuses. */
export async function toggleLike(): Promise<void> {
  const track = $current.get();
  if (!track) return;
  const like = !$liked.get();
  $liked.set(like);
  try {
    await sendLike(track.id, like);
  } catch (error) {
    if ($current.get()?.id === track.id) $liked.set(!like);
    likeFailed(error);
  }
}

function updateMediaSession(track: PlayerTrack): void {
  if (!('mediaSession' in navigator)) return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: track.title,
    artist: track.artist.name,
    album: 'OneTrack',
    artwork: [{ src: new URL(track.coverImage, location.href).href, sizes: '600x600' }],
  });
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => void startPlayback()],
    ['pause', () => audio?.pause()],
    ['seekbackward', () => skip(-SKIP_SECONDS)],
    ['seekforward', () => skip(SKIP_SECONDS)],
    ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ['previoustrack', () => previous()],
    ['nexttrack', () => next()],
  ];
  for (const [action, handler] of handlers) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // An action this browser does not support.
    }
  }
}

/** Space toggles play unless focus is in a field or on a control that Space already presses. */
export function isSpaceForPlayer(event: KeyboardEvent): boolean {
  if (event.code !== 'Space' && event.key !== ' ') return false;
  const target = event.target as HTMLElement | null;
  if (!target) return true;
  return !target.closest(
    'input, textarea, select, button, a, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="tab"]',
  );
}
