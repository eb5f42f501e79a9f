/**
 * The page's `load` (its images and stylesheets are in), its largest image (the one it fetches
 * first, `fetchpriority="high"`) decoded, then a frame painted after that: when what the first screen
 * does not need may start (site/lib/pageStart.ts, `client:paint`, `client:demand`). The load event
 * alone often came before the image's paint, so what started then still counted before the largest
 * paint.
 */
export const loadedAndPainted = new Promise<void>((resolve) => {
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const loaded = () => {
    const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    void (largest ? largest.decode().catch(() => {}) : Promise.resolve()).then(painted);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
});
