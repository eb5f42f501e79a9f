/**
 * The page's `load` (its images and stylesheets are in), then a frame painted after it: when what
 * the first screen does not need may start (site/lib/pageStart.ts, `client:paint`, `client:demand`).
 */
export const loadedAndPainted = new Promise<void>((resolve) => {
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(resolve, 0));
  if (document.readyState === 'complete') afterNextPaint();
  else window.addEventListener('load', afterNextPaint, { once: true });
});
