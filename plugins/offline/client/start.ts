import { KEEP_PAGE_MESSAGE } from '../names.ts';

// Started with the page scripts (site/lib/pageScripts.ts), after the first paint: registers the
// service worker and shows the offline banner while the browser has no network. With the plugin
// off, the page scripts remove a worker registered before (no app manifest in the page).

const WORKER = '/sw.js';

async function register(): Promise<void> {
  try {
    // The first page of a browser without the worker loaded past it: kept once the worker controls it.
    if (!navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => navigator.serviceWorker.controller?.postMessage({ type: KEEP_PAGE_MESSAGE, url: location.href }),
        { once: true },
      );
    }
    await navigator.serviceWorker.register(WORKER, { scope: '/' });
  } catch (error) {
    console.warn('offline support not started', error);
  }
}

/** The banner is in the layout (components/OfflineBanner.astro); pages the router swaps in bring their own. */
function showState(): void {
  const banner = document.getElementById('offline-banner');
  if (banner) banner.hidden = navigator.onLine;
  document.documentElement.toggleAttribute('data-network-offline', !navigator.onLine);
}

/** The `page.start` hook (site/lib/pageScripts.ts): runs once the page scripts load, with the plugin on. */
export default function startOffline(): void {
  if ('serviceWorker' in navigator) void register();
  showState();
  addEventListener('online', showState);
  addEventListener('offline', showState);
  document.addEventListener('astro:after-swap', showState);
}
