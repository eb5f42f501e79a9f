/**
 * Paths that are pages (rendered HTML), as opposed to the API, media, build files and other files:
 * the ones the worker keeps for reading offline.
 */
export function isPagePath(pathname: string): boolean {
  return !/^\/(api|rest|media|_astro|__offline)(\/|$)/.test(pathname) && !/\.[a-z0-9]+$/i.test(pathname);
}
