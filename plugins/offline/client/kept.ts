import { atom } from 'nanostores';
import type { PlayerTrack } from '../../../lib/playerTrack.ts';
import { CACHES, CLEARED_MESSAGE, KEPT_PREFIX } from '../names.ts';

// Tracks of the queue kept offline: the audio file the player streams, its cover and a description,
// in the tracks cache, where the service worker answers the player's requests for them (with Range,
// sw/sw.ts). The list lives in that cache only, so the worker dropping it (another viewer) empties it.

export interface KeptTrack {
  track: PlayerTrack;
  /** Bytes of audio and cover kept. */
  bytes: number;
  keptAt: number;
}

/** null until the cache has been read (or where this browser cannot keep anything). */
export const $kept = atom<KeptTrack[] | null>(null);
/** Tracks being fetched now, by id. */
export const $keeping = atom<ReadonlySet<number>>(new Set());

/** Offline keeping needs a browser with service workers (this code is only in the page with the plugin on). */
export function canKeepOffline(): boolean {
  return typeof document !== 'undefined' && 'serviceWorker' in navigator && 'caches' in window;
}

const descriptionKey = (id: number) => `${KEPT_PREFIX}${id}`;

export async function refreshKept(): Promise<void> {
  if (!canKeepOffline()) return $kept.set([]);
  const cache = await caches.open(CACHES.tracks);
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(KEPT_PREFIX));
  const kept = await Promise.all(keys.map(async (key) => (await cache.match(key))!.json() as Promise<KeptTrack>));
  $kept.set(kept.sort((a, b) => b.keptAt - a.keptAt));
}

export function isKept(trackId: number): boolean {
  return !!$kept.get()?.some((kept) => kept.track.id === trackId);
}

/**
 * The whole file, fetched without a Range, so every range the player asks for later can be cut from
 * it. Past the HTTP cache: where the player has fetched part of the file, Chromium answered from the
 * partial entry with a 206.
 */
async function keepFile(cache: Cache, url: string): Promise<number> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const blob = await response.blob();
  await cache.put(
    url,
    new Response(blob, {
      headers: {
        'Content-Type': response.headers.get('Content-Type') ?? blob.type,
        'Content-Length': String(blob.size),
      },
    }),
  );
  return blob.size;
}

/**
 * Keeps the stream file (what the player plays: a kept track plays it even with High quality audio on) and the cover.
 */
export async function keepOffline(track: PlayerTrack): Promise<void> {
  $keeping.set(new Set([...$keeping.get(), track.id]));
  // Asks the browser not to evict what the fan chose to keep when storage runs short (a hint it may refuse).
  void navigator.storage?.persist?.();
  try {
    const cache = await caches.open(CACHES.tracks);
    const [audio, cover] = await Promise.all([
      keepFile(cache, track.audioUrl),
      keepFile(cache, track.coverImage).catch(() => 0),
    ]);
    const kept: KeptTrack = { track, bytes: audio + cover, keptAt: Date.now() };
    await cache.put(descriptionKey(track.id), Response.json(kept));
  } finally {
    const keeping = new Set($keeping.get());
    keeping.delete(track.id);
    $keeping.set(keeping);
    await refreshKept();
  }
}

/** Deletes the track's audio, cover (unless another kept track shares it) and description. */
export async function removeKept(trackId: number): Promise<void> {
  const cache = await caches.open(CACHES.tracks);
  const kept = $kept.get() ?? [];
  const gone = kept.find((k) => k.track.id === trackId);
  if (gone) {
    const shared = new Set(kept.filter((k) => k !== gone).flatMap((k) => [k.track.audioUrl, k.track.coverImage]));
    for (const url of [gone.track.audioUrl, gone.track.coverImage]) if (!shared.has(url)) await cache.delete(url);
  }
  await cache.delete(descriptionKey(trackId));
  await refreshKept();
}

if (canKeepOffline()) {
  void refreshKept();
  // The worker dropped the private caches (another viewer): the list follows.
  navigator.serviceWorker.addEventListener('message', (event) => event.data === CLEARED_MESSAGE && void refreshKept());
}
