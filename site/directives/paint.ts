import type { ClientDirective } from 'astro';
import { loadedAndPainted } from '../lib/loadedAndPainted.ts';
import { firstStart, hydrateIsland } from './hydration.ts';

// `client:paint`: hydrates an island once the page has loaded and painted (site/README.md,
// "Front-end delivery"): for what must run at load, the signed-in pollers. Until then no island code
// is fetched or run, so React and the islands stay out of the way of the first paint and of the
// largest image. Islands that only answer the reader are `client:demand` (./demand.ts).
const paint: ClientDirective = async (load, _options, el: HTMLElement) => {
  if (!firstStart(el)) return;
  await loadedAndPainted;
  await hydrateIsland(load, el);
};

export default paint;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:paint'?: boolean;
  }
}
