import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// Every answer the test client receives from /api is checked against the server's own
// /api/openapi.json: the status must be described for the route, the content type must be the
// described one and a JSON body must match its schema (closed objects: an undescribed field fails).

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

class Described {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: Array<{ pattern: RegExp; template: string; methods: Record<string, Operation> }>;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(document: Document) {
    this.ajv.addFormat(
      'date-time',
      (value: string) =>
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)),
    );
    this.ajv.addSchema({ ...document, $id: 'openapi.json' }, undefined, undefined, false);
    this.routes = Object.entries(document.paths).map(([template, methods]) => ({
      template,
      methods,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
    }));
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) this.compiled.set(pointer, (validate = this.ajv.compile({ $ref: `openapi.json#${pointer}` })));
    return validate;
  }

  /** The problem with this answer, or null when the description covers it. */
  problem(
    method: string,
    url: string,
    status: number,
    contentType: string | null,
    text: string,
    body: unknown,
  ): string | null {
    const path = decodeURI(new URL(url, 'http://x').pathname).replace(/^\/api/, '');
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const route = this.routes.find((r) => r.pattern.test(path) && r.methods[verb]);
    // Anything else reaches the kernel's catch-all: 404 {message}.
    const [template, operation] = route
      ? [route.template, route.methods[verb]]
      : ['/{*rest}', { responses: { 404: { content: { 'application/json': {} } } } }];
    if (status === 304 && verb === 'get') return null;
    const response = operation.responses[status];
    if (!response)
      return (
        `${method} ${template} answered ${status}, which is not described (described: ` +
        `${Object.keys(operation.responses).join(', ')})`
      );
    const types = Object.keys(response.content ?? {});
    if (!types.length) return text ? `${method} ${template} ${status} has a body but none is described` : null;
    const type = (contentType ?? '').split(';')[0].trim();
    if (!types.includes(type))
      return `${method} ${template} ${status} answered ${type || 'no content type'}, described: ${types.join(', ')}`;
    if (!route || type !== 'application/json') {
      if (!route && !(body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'))
        return `${method} ${path} ${status} is not {message}`;
      return null;
    }
    const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    const validate = this.validator(
      `/paths/${escape(template)}/${verb}/responses/${status}/content/${escape(type)}/schema`,
    );
    if (validate(body)) return null;
    const errors = validate
      .errors!.slice(0, 5)
      .map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message}` +
          `${e.params && 'additionalProperty' in e.params ? ` "${e.params.additionalProperty}"` : ''}`,
      );
    return `${method} ${template} ${status} does not match its description: ${errors.join('; ')}`;
  }
}

const documents = new Map<string, Promise<Described>>();

/** The description served by the app at this address (fetched once per server). */
export function describedAt(baseUrl: string): Promise<Described> {
  let described = documents.get(baseUrl);
  if (!described) {
    described = fetch(`${baseUrl}/api/openapi.json`).then(async (response) => {
      if (!response.ok) throw new Error(`${baseUrl}/api/openapi.json answered ${response.status}`);
      return new Described((await response.json()) as Document);
    });
    documents.set(baseUrl, described);
  }
  return described;
}

/** A stopped server's address may be reused by the next one, with other plugins. */
export function forgetDescription(baseUrl: string) {
  documents.delete(baseUrl);
}
