import type { Config } from '../config.ts';
import type { ApiRouter } from '../plugins/types.ts';
import { openApiDocument } from './document.ts';
import { described, describedRoutes } from './routes.ts';
import { mapOf, object, string } from './schema.ts';

/** GET /api/openapi.json: the description of every route mounted before it, made once on first request. */
export function openApiRoute(router: ApiRouter, config: Pick<Config, 'publicUrl'>, tags: readonly string[]) {
  let document: object | undefined;
  described(router).get(
    '/openapi.json',
    {
      summary: 'This API described in OpenAPI 3.1',
      responses: {
        200: object({
          openapi: string,
          info: mapOf({}),
          servers: { type: 'array' },
          tags: { type: 'array' },
          paths: mapOf({}),
          components: mapOf({}),
        }),
      },
    },
    (ctx) => {
      document ??= openApiDocument(describedRoutes(router), config.publicUrl, [...tags, 'kernel']);
      ctx.body = document;
    },
  );
}
