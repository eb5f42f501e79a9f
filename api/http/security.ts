import type { Middleware } from 'koa';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';
import { CONTENT_SECURITY_POLICY } from './csp.ts';
import { isOwnOrigin } from './origin.ts';

/**
 * Headers that only mean something on a document (framing, opener, CSP, permissions, the referrer its
 * requests send). The build's scripts and stylesheets are never documents, and a page loads dozens of
 * them: sent on each, these would add ~700 bytes to every small chunk (api/http/static.ts drops them).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'X-Frame-Options',
  'Referrer-Policy',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
  'Content-Security-Policy',
];

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send
 * Origin (or Sec-Fetch-Site) on cross-site writes; non-browser clients without them are allowed.
 * The site's origin is the configured one (a request's Host is the client's to choose).
 */
export function sameOriginWrites(config: Pick<Config, 'publicUrl'>): Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const fetchSite = ctx.get('Sec-Fetch-Site');
      if ((origin && !isOwnOrigin(origin, ctx, config)) || fetchSite === 'cross-site') {
        throw forbidden(CROSS_SITE_REFUSED);
      }
    }
    await next();
  };
}
