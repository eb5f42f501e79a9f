/// <reference lib="webworker" />
// The service worker (built into /sw.js by ../build.ts with Workbox's precache list injected).
// What it keeps and for how long: plugins/offline/README.md. The API (/api, /rest) never goes
// through it: no answer with someone's data is ever kept here.
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  ANONYMOUS_VIEWER,
  CACHES,
  CLEARED_MESSAGE,
  IMAGES_MAX_AGE_SECONDS,
  KEEP_PAGE_MESSAGE,
  IMAGES_MAX_ENTRIES,
  OFFLINE_PATH,
  PAGES_MAX_AGE_SECONDS,
  PAGES_MAX_ENTRIES,
  VIEWER_HEADER,
} from '../names.ts';
import { isPagePath } from './paths.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

setCacheNameDetails({ prefix: 'onetrack', suffix: '', precache: 'precache', runtime: 'runtime' });
self.skipWaiting();
clientsClaim();
enableNavigationPreload();

// The build's scripts, styles, fonts and icons (the shell every page uses).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The offline page, rendered for nobody in particular (no cookie), so it holds nothing private.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(OFFLINE_PATH, { credentials: 'omit', cache: 'no-store' });
      if (!response.ok) throw new Error(`${OFFLINE_PATH} answered ${response.status}`);
      await (await caches.open(CACHES.shell)).put(OFFLINE_PATH, response);
    })(),
  );
});

// A new build's worker: pages kept by the last one name scripts and styles this build no longer has.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete(CACHES.pages)));

// ---- Whose pages: the private caches belong to one signed-in viewer ---------------------------------

const VIEWER_KEY = '/__offline/viewer';
let viewer: Promise<string | null> | null = null;

async function storedViewer(): Promise<string | null> {
  const stored = await (await caches.open(CACHES.state)).match(VIEWER_KEY);
  return stored ? stored.text() : null;
}

/**
 * A page came for `next`. When the caches were filled for a signed-in viewer and this is someone
 * else (signed out, another account), they are dropped before anything of the new viewer is kept.
 * Anonymous pages and tracks kept before a sign-in are public and stay.
 */
async function noteViewer(next: string): Promise<void> {
  viewer ??= storedViewer();
  const previous = await viewer;
  if (previous === next) return;
  viewer = Promise.resolve(next);
  if (previous && previous !== ANONYMOUS_VIEWER) {
    await Promise.all([caches.delete(CACHES.pages), caches.delete(CACHES.tracks)]);
    for (const client of await self.clients.matchAll({ includeUncontrolled: true }))
      client.postMessage(CLEARED_MESSAGE);
  }
  await (await caches.open(CACHES.state)).put(VIEWER_KEY, new Response(next));
}

// ---- Pages: the network first, the last copy seen when it is down ----------------------------------

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  plugins: [
    {
      // Every page from the network passes here (a navigation's preloaded answer too, which skips
      // fetchDidSucceed). Only complete pages someone could read again are kept: not an error, a
      // redirect or a no-store page (private preview links), and only those that say whom they were
      // made for, once the caches belong to that viewer.
      cacheWillUpdate: async ({ response }) => {
        const who = response.headers.get(VIEWER_HEADER);
        if (!who) return null;
        await noteViewer(who);
        const keep =
          response.status === 200 &&
          !response.redirected &&
          response.headers.get('Content-Type')?.startsWith('text/html') &&
          !/no-store/.test(response.headers.get('Cache-Control') ?? '');
        return keep ? response : null;
      },
    },
    new ExpirationPlugin({ maxEntries: PAGES_MAX_ENTRIES, maxAgeSeconds: PAGES_MAX_AGE_SECONDS }),
  ],
});
// A navigation, or the client router's fetch of the next page.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    (request.mode === 'navigate' || (request.destination === '' && isPagePath(url.pathname))),
  pages,
);

// The page that registered the worker loaded before it: the page asks for it to be kept too
// (client/start.ts), fetched again through the same strategy (and the same viewer check).
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type !== KEEP_PAGE_MESSAGE || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.href);
  if (url.origin !== self.location.origin || !isPagePath(url.pathname)) return;
  event.waitUntil(
    pages.handle({ request: new Request(url.href, { credentials: 'same-origin' }), event }).catch(() => undefined),
  );
});

// ---- Media: kept tracks from their cache (with Range), covers of pages seen --------------------------

const images = new StaleWhileRevalidate({
  cacheName: CACHES.images,
  plugins: [
    new ExpirationPlugin({
      maxEntries: IMAGES_MAX_ENTRIES,
      maxAgeSeconds: IMAGES_MAX_AGE_SECONDS,
      purgeOnQuotaError: true,
    }),
  ],
});

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  async (options) => {
    const { request } = options;
    const kept = await (await caches.open(CACHES.tracks)).match(request.url);
    // The player asks for byte ranges to seek: answered from the whole file kept (206, or 416).
    if (kept) return request.headers.has('Range') ? createPartialResponse(request, kept) : kept;
    if (request.destination === 'image') return images.handle(options);
    return fetch(request);
  },
);

// A page never seen, with the network down: the offline page. Anything else simply fails.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate')
    return (await caches.match(OFFLINE_PATH, { cacheName: CACHES.shell })) ?? Response.error();
  return Response.error();
});
