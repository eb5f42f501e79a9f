/** True while React is still hydrating the island's root (its internals: no public API says it). */
function dehydrated(el: HTMLElement): boolean {
  const key = Object.keys(el).find((name) => name.startsWith('__reactContainer$'));
  const fiber = key ? (el as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key] : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === true;
}

/**
 * Resolves once React has committed the hydration of the island (an `astro-island` whose hydration
 * Astro has started), or after 5 s whatever happens: Astro hydrates in a transition, over several
 * tasks, and only the committed root has its state and listeners.
 */
export function committed(el: HTMLElement): Promise<void> {
  const give = performance.now() + 5000;
  return new Promise((resolve) => {
    const check = () => (!dehydrated(el) || performance.now() > give ? resolve() : setTimeout(check, 16));
    check();
  });
}
