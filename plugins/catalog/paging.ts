// Server-side pages of the long lists (/artists, /discover): a fixed number of cards per page, so a
// page costs the same whatever the catalog's size. Pure: pages and the pager component use it.

export const PAGE_SIZE = 24;

export interface Page<T> {
  items: T[];
  /** 1-based, within 1..pageCount. */
  page: number;
  /** At least 1 (an empty list is one empty page). */
  pageCount: number;
  total: number;
}

/** ?page= as a page number: anything but a positive whole number is the first page. */
export function pageNumber(raw: string | null | undefined): number {
  return raw && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

/** The page to show for a list of this size: past the last page shows the last one. */
export function pageWindow(
  total: number,
  requested: number,
  size = PAGE_SIZE,
): { page: number; pageCount: number; offset: number; limit: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * size, limit: size };
}

/** The address of a page of a list: `?page=` after the list's own parameters, none for page 1. */
export function pageHref(path: string, page: number, params: Record<string, string> = {}): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The previous and next pages' addresses (rel=prev/next), null at either end. */
export function pagerLinks(
  path: string,
  page: { page: number; pageCount: number },
  params: Record<string, string> = {},
): { prev: string | null; next: string | null } {
  return {
    prev: page.page > 1 ? pageHref(path, page.page - 1, params) : null,
    next: page.page < page.pageCount ? pageHref(path, page.page + 1, params) : null,
  };
}

/**
 * A window of a list API's rows (`?limit=&offset=`, validated by rules.ts `listWindowRules`); a list
 * asked without one answers every row. Offsets rather than pages: a client pages by its own size.
 */
export interface ListWindow {
  limit?: number;
  offset?: number;
}
