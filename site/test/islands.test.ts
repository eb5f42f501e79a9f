import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../api/test/server.ts';

// Islands are rendered with renderToString (astro.config.mjs); the patch in patches/ gives it each
// island's useId prefix, which the browser's hydrateRoot uses too. Without it every island's ids
// started alike (`_R_b_`): two islands with a field and its list would share an id, and hydration
// would disagree with the server. Needs the built site (npx astro build).

/** The markup of each island on the page with its `prefix`, and every id React's useId made in it. */
function islandIds(html: string): Array<{ prefix: string; ids: string[] }> {
  return [...html.matchAll(/<astro-island\b[^>]*\bprefix="([^"]+)"[^>]*>([\s\S]*?)<\/astro-island>/g)].map(
    ([, prefix, markup]) => ({
      prefix,
      ids: [...markup.matchAll(/\b(?:id|aria-controls|aria-describedby|aria-labelledby|for)="(_[^"]*_)"/g)].map(
        (m) => m[1],
      ),
    }),
  );
}

describe('islands rendered on the server', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ pages: true, seedDemo: true });
  });
  after(() => server?.stop());

  for (const path of ['/', '/tracks/1', '/no-such-page']) {
    it(`give React's ids on ${path} the island's own prefix, so none repeats on the page`, async () => {
      const html = (await server.client().get(path)).text;
      const islands = islandIds(html);
      expect(islands.length, 'islands').to.be.at.least(4);
      const ids = islands.flatMap(({ prefix, ids }) => ids.map((id) => ({ prefix, id })));
      // The top bar's search field names its suggestions list by a useId id.
      expect(ids.length, 'ids made by useId').to.be.at.least(1);
      for (const { prefix, id } of ids) expect(id, `an id in island ${prefix}`).to.match(new RegExp(`^_${prefix}R`));
      expect(new Set(islands.map((i) => i.prefix)).size, 'prefixes').to.equal(islands.length);
    });
  }
});
