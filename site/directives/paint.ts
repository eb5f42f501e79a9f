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
// hydrating it, the island's root got a second render before its first (React error 424: "early
// update", the root thrown away and rendered again). So each element is hydrated once, marked on the
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

/**
 * Islands whose hydration has started, shared by every page's copy of this script. React hydrates an
 * island in a transition, over several tasks; a page swapped meanwhile let one island's effects
 * (the sidebar seeding the shell's stores) update another island not yet hydrated: React error 424,
 * that root thrown away and rendered again. So the client router waits for them (below).
 */
const hydrating: Set<Promise<void>> = ((window as unknown as Record<symbol, Set<Promise<void>>>)[Symbol.for('onetrack:client-paint-hydrating')] ??= new Set());

/** True while React is still hydrating the island's root (its internals: no public API says it). */
function dehydrated(el: HTMLElement): boolean {
  const key = Object.keys(el).find((name) => name.startsWith('__reactContainer$'));
  const fiber = key ? (el as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === true;
}

/** Resolves once React has committed the island's hydration, or after 5 s whatever happens. */
function committed(el: HTMLElement): Promise<void> {
  const give = performance.now() + 5000;
  return new Promise((resolve) => {
    const check = () => (!dehydrated(el) || performance.now() > give ? resolve() : setTimeout(check, 16));
    check();
  });
}

const paint: ClientDirective = async (load, _options, el: HTMLElement & { [STARTED]?: true }) => {
  if (el[STARTED]) return;
  el[STARTED] = true;
  await loadedAndPainted;
  const done = (async () => {
    const hydrate = await load();
    await hydrate();
    await committed(el);
  })();
  hydrating.add(done);
  await done.finally(() => hydrating.delete(done));
};

const ROUTER_WAITS = Symbol.for('onetrack:client-paint-router-waits');
const flags = window as unknown as Record<symbol, true>;
if (!flags[ROUTER_WAITS]) {
  flags[ROUTER_WAITS] = true;
  // A link followed while islands hydrate: the next page is fetched and swapped in once they are done.
  document.addEventListener('astro:before-preparation', (event) => {
    const { loader } = event;
    event.loader = async () => {
      await Promise.allSettled([...hydrating]);
      await loader();
    };
  });
}

export default paint;

declare module 'astro' {
  interface AstroClientDirectives {
    'client:paint'?: boolean;
  }
}
