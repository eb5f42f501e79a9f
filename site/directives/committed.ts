/** True while React is still hydrating the island's root (its internals: no public API says it). */
export function dehydrated(el: HTMLElement): boolean {
  const key = Object.keys(el).find((name) => name.startsWith('__reactContainer$'));
  const fiber = key
    ? (el as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[
        key
      ]
    : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === true;
}

/**
 * Resolves once React has committed the hydration of the island (an `astro-island` whose hydration
 * Astro has started), or after 5 s whatever happens: Astro hydrates in a transition, over several
 * tasks, and only the committed root has its state and listeners. Checked before each frame, so what
 * follows the commit (fields entered again, ./islandForms.ts) is painted with it, and every 16 ms
 * (a hidden page paints no frames).
 */
export function committed(el: HTMLElement): Promise<void> {
  const give = performance.now() + 5000;
  return new Promise((resolve) => {
    let done = false;
    const check = (again: () => void) => {
      if (done) return;
      done = !dehydrated(el) || performance.now() > give;
      if (done) resolve();
      else again();
    };
    const eachFrame = () => check(() => requestAnimationFrame(eachFrame));
    const every16ms = () => check(() => setTimeout(every16ms, 16));
    eachFrame();
    every16ms();
  });
}
