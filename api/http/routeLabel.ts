import type { ParameterizedContext } from 'koa';
import type { AppState } from './state.ts';

// Logs and metrics name a request by its route ("/api/tracks/:id", "/artist/[id]"), never by its
// URL, so the set of names stays small (a metric label per URL would grow without bound).

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      /^\[\.\.\.[^\]]+\]$/.test(segment)
        ? '.*'
        : /^\[[^\]]+\]$/.test(segment)
          ? '[^/]+'
          : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export type RouteOf = (ctx: ParameterizedContext<AppState>) => string;

/** `pages` are the site's page patterns (Astro syntax); API routes are named by the router. */
export function routeLabeler(pages: string[]): RouteOf {
  const patterns = pages.map((pattern) => ({ pattern, regexp: patternToRegExp(pattern) }));
  return (ctx) => {
    const routed = (ctx as { _matchedRoute?: string })._matchedRoute;
    if (typeof routed === 'string') return routed;
    const path = ctx.path;
    if (path.startsWith('/api/') || path === '/api') return '/api (no route)';
    if (path.startsWith('/media/')) return '/media/*';
    if (path.startsWith('/_astro/')) return '/_astro/*';
    if (path === '/healthz' || path === '/metrics') return path;
    const page = patterns.find((p) => p.regexp.test(path));
    if (page) return page.pattern;
    return ctx.status === 404 ? '(not found)' : '(static)';
  };
}
