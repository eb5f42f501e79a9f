// What every page's HTML relies on, loaded after the first paint by site/lib/pageStart.ts. Every
// listener delegates from the document, so it serves the pages the client router brings in too.
import './router.ts';
// Play buttons hand their track to the persistent player (hydrated then, site/directives/demand.ts).
import './playButtons.ts';
import './tabs.ts';
import './carousel.ts';
import './searchShortcut.ts';
import './localeBanner.ts';
import { demandShellWhenShown } from '../stores/ui.ts';
import startHooks from 'virtual:onetrack/hooks/page.start';

// Plugins' page scripts (the catalog's time zone, countdowns, Subscribe and artist search; the offline
// plugin's service worker). A page without an app manifest has no
// plugin offering an installable app: a service worker left from when one was enabled goes, with its caches.
for (const start of startHooks) start();
if (!document.querySelector('link[rel="manifest"]') && 'serviceWorker' in navigator) void removeServiceWorkers();

async function removeServiceWorkers(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  if (!registrations.length) return;
  await Promise.all(registrations.map((registration) => registration.unregister()));
  for (const name of await caches.keys()) await caches.delete(name);
}

document.addEventListener('astro:page-load', demandShellWhenShown);
// The router announces the first page at the window's load; started after it (site/lib/pageStart.ts),
// it missed it.
if (document.readyState === 'complete') document.dispatchEvent(new Event('astro:page-load'));
// The page's listeners are there (site tests wait for it, as for islands); the router gives each
// page the root attributes of its HTML.
const markRunning = () => document.documentElement.toggleAttribute('data-page-scripts', true);
markRunning();
document.addEventListener('astro:after-swap', markRunning);
// Every module above has run, messages awaited included: the starter (./pageStart.ts) replays a click
// it held meanwhile. Noted on the window too: an island's code shares their chunk (astro.config.mjs),
// so they may run before the starter has started them and listens.
(window as unknown as Record<symbol, true>)[Symbol.for('onetrack:page-scripts-ran')] = true;
document.dispatchEvent(new Event('onetrack:page-scripts-ran'));
