import type { RouterMiddleware } from '@koa/router';
import type { ApiRouter } from '../plugins/types.ts';
import type { AppState } from '../http/state.ts';
import type { FieldRules } from '../validation/rules.ts';
import type { JsonSchema } from './schema.ts';

// Routes are mounted through `described(router)`: the same call mounts the handler and records its
// description, so /api/openapi.json lists exactly what the router serves (a test compares the two).

/** A query or body validator (api/validation/validate.ts) carries the rules it was compiled from. */
export interface DescribedRules {
  rules: FieldRules;
  required: readonly string[];
}

/** An answer that is not plain JSON, or needs words (a bare schema is a JSON answer). */
export interface ResponseBody {
  description?: string;
  /** The body's schema by content type (null: any body of that type). */
  content: Record<string, JsonSchema | null>;
}

export interface RouteDescription {
  summary: string;
  description?: string;
  /**
   * 'required': a call without the session cookie is answered 401 (with `login`'s text); 'optional': it changes what is
   * answered.
   */
  session?: 'required' | 'optional';
  /** The 401 text of a route that needs a session (requireUser's message). */
  login?: string;
  /** Path parameters by name; each is an id (a positive integer, 404 otherwise) unless described here. */
  params?: Record<string, { description: string; schema?: JsonSchema }>;
  query?: DescribedRules | FieldRules | Array<DescribedRules | FieldRules>;
  /** The JSON body's validator, or another content type (the streaming upload). */
  body?: DescribedRules | { contentType: string; description: string };
  /** Body fields the route checks with a schema of its own, beside the rules (a nested object). */
  bodyFields?: Record<string, JsonSchema>;
  /** Answers by status: a JSON body's schema, another body, or null for none. */
  responses: Record<number, JsonSchema | ResponseBody | null>;
  /** The route's own `{message}` failures by status: when they happen (rules' and the guard's texts are added). */
  errors?: Record<number, string | readonly string[]>;
}

export interface DescribedRoute {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Koa's pattern, relative to /api. */
  path: string;
  /** The plugin that mounted it (the document's tag). */
  tag: string;
  description: RouteDescription;
}

const registries = new WeakMap<ApiRouter, { tag: string; routes: DescribedRoute[] }>();

function registry(router: ApiRouter) {
  let entry = registries.get(router);
  if (!entry) registries.set(router, (entry = { tag: 'kernel', routes: [] }));
  return entry;
}

/** Runs `mount` with routes recorded under this tag (the loader calls each plugin's routes this way). */
export function describing(router: ApiRouter, tag: string, mount: () => void) {
  const entry = registry(router);
  const before = entry.tag;
  entry.tag = tag;
  try {
    mount();
  } finally {
    entry.tag = before;
  }
}

/** What was mounted through `described` on this router, in order. */
export function describedRoutes(router: ApiRouter): readonly DescribedRoute[] {
  return registry(router).routes;
}

type Mount = (path: string, description: RouteDescription, ...handlers: RouterMiddleware<AppState>[]) => void;

/** The router's get/post/patch/put/delete, each taking the route's description before its handlers. */
export function described(router: ApiRouter): Record<DescribedRoute['method'], Mount> {
  const mount =
    (method: DescribedRoute['method']): Mount =>
    (path, description, ...handlers) => {
      const entry = registry(router);
      entry.routes.push({ method, path, tag: entry.tag, description });
      (router[method] as (path: string, ...handlers: RouterMiddleware<AppState>[]) => unknown).call(
        router,
        path,
        ...handlers,
      );
    };
  return { get: mount('get'), post: mount('post'), patch: mount('patch'), put: mount('put'), delete: mount('delete') };
}
