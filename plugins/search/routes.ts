import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { pageNumber } from '../catalog/paging.ts';
import { requestViewer } from '../catalog/viewer.ts';

/** ?q= as one string: a repeated parameter counts as its first value. */
function queryText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function searchRoutes(router: ApiRouter, kernel: Kernel) {
  const { search } = kernel.services;
  router.get('/search', async (ctx) => {
    const page = pageNumber(queryText(ctx.query.page));
    ctx.body = await search.search(requestViewer(ctx), queryText(ctx.query.q), page);
  });
  router.get('/search/suggestions', async (ctx) => {
    ctx.body = await search.suggestions(requestViewer(ctx), queryText(ctx.query.q));
  });
}
