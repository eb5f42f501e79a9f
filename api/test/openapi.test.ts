import { compileErrors, validate } from '@readme/openapi-parser';
import type Router from '@koa/router';
import { expect } from 'chai';
import { SESSION_COOKIE } from '../http/session.ts';
import { readEnabledList } from '../plugins/loader.ts';
import { startTestServer, type TestServer } from './server.ts';

type Operation = {
  tags: string[];
  security: object[];
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { in: string; name: string }> };
};

/** Method and OpenAPI path of every route the app's /api router serves, but the catch-all 404. */
function mountedRoutes(server: TestServer): string[] {
  const dispatch = server.app.koa.middleware.find((m) => (m as { router?: Router }).router) as unknown as {
    router: Router;
  };
  return dispatch.router.stack
    .filter((layer) => layer.methods.length && layer.path !== '/api/{*rest}')
    .flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map(
          (m) =>
            `${m.toLowerCase()} ${String(layer.path)
              .replace(/^\/api/, '')
              .replace(/:(\w+)/g, '{$1}')}`,
        ),
    )
    .sort();
}

const described = (document: Document) =>
  Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
    .sort();

describe('API description (/api/openapi.json)', () => {
  let server: TestServer;
  let document: Document;
  before(async () => {
    server = await startTestServer();
    document = (await server.client().get<Document>('/api/openapi.json')).body;
  });
  after(() => server?.stop());

  it('is a valid OpenAPI 3.1 document by an independent validator', async () => {
    expect(document.openapi).to.equal('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).to.equal(true);
  });

  it('describes every route the router serves, and nothing else', () => {
    const mounted = mountedRoutes(server);
    expect(mounted.length).to.be.greaterThan(90);
    expect(described(document)).to.deep.equal(mounted);
  });

  it('names the session cookie and marks the routes that need it', () => {
    expect(document.components.securitySchemes.session).to.include({ in: 'cookie', name: SESSION_COOKIE });
    const inbox = document.paths['/messages'].get;
    expect(inbox.security).to.deep.equal([{ session: [] }]);
    expect(inbox.responses['401'].content!['application/json'].examples!.m1.value).to.deep.equal({
      message: 'Authentication required',
    });
    expect(document.paths['/artists'].get.security).to.deep.equal([]);
  });

  it('takes request bodies, limits and message texts from the rules the routes validate with', async () => {
    const send = document.paths['/messages'].post;
    expect(send.requestBody!.content['application/json'].schema.properties.content).to.include({
      type: 'string',
      maxLength: 2000,
    });
    const texts = Object.values(send.responses['400'].content!['application/json'].examples!).map(
      (e) => (e.value as { message: string }).message,
    );
    expect(texts).to.include.members(['Please write a message', 'Please choose a recipient']);
    // The same text the route answers with.
    const answer = await server.client().get('/api/artists?limit=0');
    const windowTexts = Object.values(
      document.paths['/artists'].get.responses['400'].content!['application/json'].examples!,
    ).map((e) => (e.value as { message: string }).message);
    expect(answer.status).to.equal(400);
    expect(windowTexts).to.include(answer.body.message);
  });

  it('lists each plugin under its own tag', () => {
    const tags = new Set(
      Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((o) => o.tags)),
    );
    const enabled = readEnabledList();
    for (const tag of tags) expect([...enabled, 'kernel']).to.include(tag);
    expect(document.paths['/credits/user'].get.tags).to.deep.equal(['credits']);
  });

  it('leaves out the routes of a plugin that is turned off', async () => {
    const small = await startTestServer({ plugins: ['accounts'] });
    try {
      const only = (await small.client().get<Document>('/api/openapi.json')).body;
      expect(described(only)).to.deep.equal(mountedRoutes(small));
      expect(Object.keys(only.paths)).to.include('/auth/login').and.not.include('/tracks/{id}');
      expect(JSON.stringify(only.components)).not.to.contain('Track');
    } finally {
      await small.stop();
    }
  });
});
