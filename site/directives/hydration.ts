// What `client:paint` and `client:demand` share (site/README.md, "Front-end delivery"): each
// island hydrated once, the islands still hydrating (of every directive), and the client router
// waiting for them.
//
// Astro starts an island again whenever its element is connected again: the client router moves
// the player and the toaster (transition:persist) into the next page, and with no
// `connectedMoveCallback` a move is a disconnect and a connect. Started twice while React was still
// hydrating it, the island's root got a second render before its first (React error 424: "early
// update", the root thrown away and rendered again). So each element is hydrated once, marked on the
// element itself: the router runs each page's copy of the directives' inline scripts again, and state
// kept in a module would be new for the moved island. A change of props on a persisted island still
// re-renders it through Astro's own `props` observer.
import { committed } from './committed.ts';

const STARTED = Symbol.for('onetrack:client-paint-started');

/**
 * Islands whose hydration has started, shared by every copy of this module. React hydrates an
 * island in a transition, over several tasks; a page swapped meanwhile let one island's effects
 * (the sidebar seeding the shell's stores) update another island not yet hydrated: React error 424,
 * that root thrown away and rendered again. So the client router waits for them (below).
 */
const hydrating: Set<Promise<void>> = ((window as unknown as Record<symbol, Set<Promise<void>>>)[
  Symbol.for('onetrack:client-paint-hydrating')
] ??= new Set());

/** Marks the element started; false when it already was (a persisted island moved by the router). */
export function firstStart(el: HTMLElement & { [STARTED]?: true }): boolean {
  if (el[STARTED]) return false;
  el[STARTED] = true;
  return true;
}

/** Hydrates the island and resolves once React has committed it; the router waits for it meanwhile. */
export async function hydrateIsland(load: () => Promise<() => Promise<void>>, el: HTMLElement): Promise<void> {
  const done = (async () => {
    const hydrate = await load();
    await hydrate();
    // Astro hands an island to React only when it can (not yet inside an island still rendered by
    // the server, nor once disconnected): one it kept has nothing to commit yet, and the router
    // waits for it from its `astro:hydrate` on (trackHydrations).
    if (!el.hasAttribute('ssr')) await committed(el);
  })();
  hydrating.add(done);
  await done.finally(() => hydrating.delete(done));
}

/** Resolves once every island whose hydration has started is committed. */
export async function allHydrated(): Promise<void> {
  while (hydrating.size > 0) await Promise.allSettled([...hydrating]);
}

const TRACKING = Symbol.for('onetrack:hydrations-tracked');

/**
 * Makes the client router wait for every island React is hydrating, whatever its directive: a page
 * swapped meanwhile unmounts a `client:load` island's root before its commit, which React reports
 * as an early update (error 424) and renders that root again. `astro:hydrate` does not bubble; a
 * capture listener still hears it from every island, once Astro has handed the island to React.
 * Called by these directives and by the page starter (site/lib/pageStart.ts), which runs first.
 */
export function trackHydrations(): void {
  const flags = window as unknown as Record<symbol, true>;
  if (flags[TRACKING]) return;
  flags[TRACKING] = true;
  const track = (el: HTMLElement) => {
    const done = committed(el);
    hydrating.add(done);
    void done.finally(() => hydrating.delete(done));
  };
  document.addEventListener('astro:hydrate', (event) => track(event.target as HTMLElement), true);
  for (const el of document.querySelectorAll<HTMLElement>('astro-island:not([ssr])')) track(el);
  // A link followed while islands hydrate: the next page is fetched and swapped in once they are
  // done, those that started while it was fetched included.
  document.addEventListener('astro:before-preparation', (event) => {
    const { loader } = event;
    event.loader = async () => {
      await allHydrated();
      await loader();
      await allHydrated();
    };
  });
}

trackHydrations();
