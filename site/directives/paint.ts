import type { ClientDirective } from 'astro';

// `client:paint`: hydrates an island once the page has loaded and painted (docs/architecture.md,
// "Front-end delivery"). Until then no island code is fetched or run, so React and the islands
// stay out of the way of the first paint and of the largest image (client:load fetched React DOM,
// 60 KB compressed, while the page was still painting). What works before hydration is plain HTML:
// links, the search form, the play buttons (site/lib/playButtons.ts, a page script).
//
// Astro starts an island again whenever its element is connected again: the client router moves
// the player and the toaster (transition:persist) into the next page, and with no
// `connectedMoveCallback` a move is a disconnect and a connect. Started twice while React was still
// hydrating it, the island's root got a second render before its first (React error 424, the root
// thrown away and rendered again on the client). So each element is hydrated once, marked on the
// element itself: the router runs each page's copy of this inline script again, and state kept here
// would be new for the moved island. A change of props on a persisted island still re-renders it
// through Astro's own `props` observer.
const STARTED = Symbol.for('onetrack:client-paint-started');

/** The page's `load` (its images and stylesheets are in), then a frame painted after it. */
const loadedAndPainted = new Promise<void>((resolve) => {
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
});

const paint: ClientDirective = async (load, _options, el: HTMLElement & { [STARTED]?: true }) => {
  if (el[STARTED]) return;
  el[STARTED] = true;
  await loadedAndPainted;
  const hydrate = await load();
  await hydrate();
};

export default paint;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:paint'?: boolean;
  }
}
