import { CACHE_PREFIX, KEEP_PAGE_MESSAGE } from '../names.ts';

// Started with the page scripts (site/lib/pageScripts.ts), after the first paint: registers the
// service worker where the layout says the feature is on, and shows the offline banner while the
// browser has no network. With the feature off, a worker registered before is removed with its caches.

const WORKER = '/sw.js';

async function register(): Promise<void> {
  try {
    // The first page of a browser without the worker loaded past it: kept once the worker controls it.
    if (!navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener('controllerchange', () => navigator.serviceWorker.controller?.postMessage({ type: KEEP_PAGE_MESSAGE, url: location.href }), { once: true });
    }
    await navigator.serviceWorker.register(WORKER, { scope: '/' });
  } catch (error) {
    console.warn('offline support not started', error);
  }
}

async function unregister(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  const ours = registrations.filter((r) => new URL(r.active?.scriptURL ?? r.installing?.scriptURL ?? r.waiting?.scriptURL ?? location.href).pathname === WORKER);
  if (!ours.length) return;
  await Promise.all(ours.map((r) => r.unregister()));
  for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
}

/** The banner is in the layout (components/OfflineBanner.astro); pages the router swaps in bring their own. */
function showState(): void {
  const banner = document.getElementById('offline-banner');
  if (banner) banner.hidden = navigator.onLine;
  document.documentElement.toggleAttribute('data-network-offline', !navigator.onLine);
}

if ('serviceWorker' in navigator) {
  if (document.documentElement.hasAttribute('data-offline')) void register();
  else void unregister();
}
showState();
addEventListener('online', showState);
addEventListener('offline', showState);
document.addEventListener('astro:after-swap', showState);
