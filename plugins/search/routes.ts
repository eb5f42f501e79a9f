import type { ApiRouter, Kernel } from '../../api/plugins/types.ts';
import { described } from '../../api/openapi/routes.ts';
import { arrayOf, boolean, integer, nullable, object, string, type JsonSchema } from '../../api/openapi/schema.ts';
import type { FieldRules } from '../../api/validation/rules.ts';
import { ImageSrcset, Track } from '../catalog/schemas.ts';
import { QUERY_MAX_LENGTH, QUERY_TOO_LONG } from './rules.ts';
import { pageNumber } from '../catalog/paging.ts';
import { requestViewer } from '../catalog/viewer.ts';

/** ?q= as one string: a repeated parameter counts as its first value. */
function queryText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

const searchQuery: FieldRules = {
  q: {
    label: 'Words to search for',
    type: 'string',
    maxLength: QUERY_MAX_LENGTH,
    messages: { maxLength: QUERY_TOO_LONG },
  },
  page: { label: 'Page, from 1 (anything else is the first)', type: 'integer', minimum: 1 },
};
const page = (items: JsonSchema) =>
  object({ items: arrayOf(items), page: integer, pageCount: integer, total: integer });
const ArtistHit = object({
  id: integer,
  name: string,
  genre: nullable(string),
  profileImage: string,
  photoSrcset: nullable(ImageSrcset),
  verified: boolean,
});

export function searchRoutes(router: ApiRouter, kernel: Kernel) {
  const api = described(router);
  const { search } = kernel.services;
  api.get(
    '/search',
    {
      summary: 'Tracks and artists matching every word (prefixes), a page of each',
      session: 'optional',
      query: searchQuery,
      responses: { 200: object({ query: string, tracks: page(Track), artists: page(ArtistHit) }) },
    },
    async (ctx) => {
      const page = pageNumber(queryText(ctx.query.page));
      ctx.body = await search.search(requestViewer(ctx), queryText(ctx.query.q), page);
    },
  );
  api.get(
    '/search/suggestions',
    {
      summary: 'A few tracks and artists for the search box as one types',
      query: searchQuery,
      responses: {
        200: object({
          tracks: arrayOf(object({ id: integer, title: string, artist: string, coverImage: string })),
          artists: arrayOf(object({ id: integer, name: string, profileImage: string })),
        }),
      },
    },
    async (ctx) => {
      ctx.body = await search.suggestions(requestViewer(ctx), queryText(ctx.query.q));
    },
  );
}
