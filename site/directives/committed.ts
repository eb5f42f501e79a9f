// React hydrates an island in a transition, over several tasks, and only the committed root has its
// state and listeners. Astro's React client, as patched (patches/@astrojs+react+*.patch), wraps each
// island in a component whose layout effect marks the island `committed` and dispatches
// `astro:committed` in that commit: a public signal, where React's own root state is internals.

/** True while React is hydrating the island: Astro has handed it over (no `ssr`), React has not committed it. */
export function dehydrated(el: HTMLElement): boolean {
  return !el.hasAttribute('ssr') && !el.hasAttribute('committed');
}

/**
 * Resolves once React has committed the island (an `astro-island` whose hydration Astro has started),
 * in a microtask after that commit, before the browser paints it; or after 5 s whatever happens (an
 * island that throws never commits).
 */
export function committed(el: HTMLElement): Promise<void> {
  if (el.hasAttribute('committed')) return Promise.resolve();
  return new Promise((resolve) => {
    el.addEventListener('astro:committed', () => resolve(), { once: true });
    setTimeout(resolve, 5000);
  });
}
