import { libraryMessages } from '../http/errors.ts';
import { CROSS_SITE_REFUSED } from '../http/security.ts';
import { SESSION_COOKIE } from '../http/session.ts';
import { messageFor, objectSchema, type FieldRules, type RuleKeyword } from '../validation/rules.ts';
import type { DescribedRoute, DescribedRules, ResponseBody, RouteDescription } from './routes.ts';
import { componentSchemas, ERROR, type JsonSchema } from './schema.ts';

// The OpenAPI 3.1 document of /api, made from the routes' own descriptions and the field rules their
// validators were compiled from (limits and message texts), for the enabled plugins only.

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Invalid request',
  401: 'Not signed in',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  429: 'Too many requests',
};

/** What the kernel may answer to any write before the route runs (api/http: body, security). */
const KERNEL_WRITE_ERRORS: Record<number, string[]> = {
  400: [libraryMessages[400]],
  403: [CROSS_SITE_REFUSED],
  413: [libraryMessages[413]],
  415: [libraryMessages[415]],
};

/**
 * A validator carries its rules; plain rules describe a query read by hand, whose only texts are the rules' own
 * messages.
 */
function rulesOf(value: DescribedRules | FieldRules): DescribedRules & { byHand?: true } {
  return typeof value === 'function'
    ? (value as DescribedRules)
    : { rules: value as FieldRules, required: [], byHand: true };
}

const KEYWORDS: RuleKeyword[] = ['type', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'enum'];

/** Every text a validator of these rules may answer with. */
function ruleMessages({ rules, required, byHand }: DescribedRules & { byHand?: true }): string[] {
  const texts = new Set<string>();
  for (const [field, rule] of Object.entries(rules)) {
    if (required.includes(field)) texts.add(messageFor(rules, field, 'required'));
    const checked = (keyword: RuleKeyword) =>
      byHand ? rule.messages?.[keyword] : keyword === 'type' || rule[keyword as keyof typeof rule] !== undefined;
    for (const keyword of KEYWORDS) if (checked(keyword)) texts.add(messageFor(rules, field, keyword));
  }
  return [...texts];
}

function withMessages(schema: JsonSchema, rules: FieldRules): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [field, rule] of Object.entries(rules)) properties[field] = { title: rule.label, ...properties[field] };
  return schema;
}

interface Failure {
  /** Exact texts (from rules, the session guard, the kernel). */
  texts: string[];
  /** The route's own words for when it happens. */
  notes: string[];
}

function errorResponse(status: number, { texts, notes }: Failure) {
  const when = [...notes, ...texts.map((t) => `“${t}”`)].join('; ') || 'no such item';
  const examples = Object.fromEntries(texts.map((t, i) => [`m${i + 1}`, { value: { message: t } }]));
  return {
    description: `${STATUS_TEXT[status] ?? 'Refused'}: ${when}`,
    content: { 'application/json': { schema: ERROR, ...(texts.length ? { examples } : {}) } },
  };
}

function successResponse(status: number, response: JsonSchema | ResponseBody | null) {
  if (!response) return { description: STATUS_TEXT[status] ?? 'No body' };
  const body = (
    typeof response.content === 'object' && !('type' in response)
      ? response
      : { content: { 'application/json': response } }
  ) as ResponseBody;
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, schema]) => [type, schema ? { schema } : {}]),
  );
  return { description: body.description ?? STATUS_TEXT[status] ?? 'Answer', content };
}

function operation(route: DescribedRoute) {
  const d: RouteDescription = route.description;
  const errors = new Map<number, Failure>();
  const failure = (status: number) => errors.get(status) ?? errors.set(status, { texts: [], notes: [] }).get(status)!;
  const add = (status: number, texts: readonly string[]) => {
    const known = failure(status).texts;
    for (const text of texts) if (!known.includes(text)) known.push(text);
  };

  const parameters: object[] = [];
  for (const name of route.path.match(/:(\w+)/g) ?? []) {
    const key = name.slice(1);
    const given = d.params?.[key];
    parameters.push({
      name: key,
      in: 'path',
      required: true,
      description: given?.description ?? 'A positive integer id',
      schema: given?.schema ?? { type: 'integer', minimum: 1 },
    });
    // idParam answers an id that is not one as an unknown one.
    if (!given?.schema) failure(404);
  }
  for (const query of d.query ? [d.query].flat() : []) {
    const described = rulesOf(query);
    const schema = objectSchema(described.rules, described.required);
    for (const [name, property] of Object.entries(schema.properties)) {
      const rule = described.rules[name];
      parameters.push({
        name,
        in: 'query',
        required: described.required.includes(name),
        description: rule.label,
        schema: property,
      });
    }
    add(400, ruleMessages(described));
  }

  let requestBody: object | undefined;
  if (d.body && 'contentType' in d.body) {
    requestBody = {
      required: true,
      description: d.body.description,
      content: { [d.body.contentType]: { schema: {} } },
    };
  } else if (d.body) {
    const described = rulesOf(d.body);
    const schema = withMessages(objectSchema(described.rules, described.required), described.rules);
    Object.assign(schema.properties as object, d.bodyFields);
    requestBody = { required: true, content: { 'application/json': { schema } } };
    add(400, ruleMessages(described));
  }

  if (d.session === 'required') add(401, [d.login ?? 'Authentication required']);
  if (route.method !== 'get')
    for (const [status, texts] of Object.entries(KERNEL_WRITE_ERRORS)) add(Number(status), texts);
  if (route.method !== 'get' && d.session) add(401, ['Authentication required']);
  for (const [status, notes] of Object.entries(d.errors ?? {})) failure(Number(status)).notes.push(...[notes].flat());

  const responses: Record<string, object> = {};
  for (const [status, response] of Object.entries(d.responses))
    responses[status] = successResponse(Number(status), response);
  for (const [status, found] of [...errors].sort(([a], [b]) => a - b)) responses[status] = errorResponse(status, found);

  return {
    operationId: `${route.method}${route.path.replace(/[/:{}*-]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    tags: [route.tag],
    summary: d.summary,
    ...(d.description ? { description: d.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    security: d.session === 'required' ? [{ session: [] }] : d.session === 'optional' ? [{}, { session: [] }] : [],
    responses,
  };
}

/** Koa's `/tracks/:id` as OpenAPI's `/tracks/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The names of the shared schemas these values refer to, followed through the shared schemas. */
function referenced(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referenced(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        const name = item.replace('#/components/schemas/', '');
        if (!found.has(name)) {
          found.add(name);
          referenced(componentSchemas().get(name), found);
        }
      } else referenced(item, found);
    }
  }
  return found;
}

export function openApiDocument(routes: readonly DescribedRoute[], publicUrl: string, tags: readonly string[]) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route);
  const schemas = Object.fromEntries(
    [...referenced(paths)].sort().map((name) => [name, componentSchemas().get(name)!]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'OneTrack API',
      version: '1',
      description:
        'The JSON API the OneTrack site itself uses. Every failure is answered with a ' +
        'JSON body `{message}` in words meant for people. ' +
        'Writes from a browser must come from this site (same origin). Signed-in calls ' +
        'carry the session cookie set by `POST /auth/login`.',
    },
    servers: [{ url: new URL('/api', publicUrl).href }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set at sign-in (signed; sent with its `.sig` companion).',
        },
      },
    },
  };
}
