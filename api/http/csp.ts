// The Content-Security-Policy, in one place: the kernel sends it on every response
// (api/http/security.ts) and astro.config.mjs has Astro hash the scripts it writes into pages with
// the same sources. No script runs inline unless its hash is listed: the pages' inline scripts are
// Astro's (the island element, the hydration directives, the starter it inlines), all fixed at build
// time, so Astro hashes each one and a page's policy names them (api/http/astro.ts). A script
// injected into a page (stored XSS) matches none and is blocked; so are inline event handlers.
// Styles stay 'unsafe-inline': islands set style attributes, and CSS cannot run code.

export const SCRIPT_SOURCES = ["'self'"];
export const STYLE_SOURCES = ["'self'", "'unsafe-inline'"];

/** Every response's policy; a page's adds the hashes of its inline scripts (withScriptHashes). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src ${SCRIPT_SOURCES.join(' ')}`,
  `style-src ${STYLE_SOURCES.join(' ')}`,
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The quoted script hashes of a policy Astro wrote for a page. */
export function scriptHashesOf(policy: string): string[] {
  const scriptSrc = /(?:^|;)\s*script-src\s+([^;]*)/.exec(policy)?.[1] ?? '';
  return scriptSrc.split(/\s+/).filter((token) => /^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/.test(token));
}

/** The policy with these script hashes added to its script-src (the rest, e.g. the embed's frame-ancestors, kept). */
export function withScriptHashes(policy: string, hashes: string[]): string {
  if (!hashes.length) return policy;
  return policy.replace(
    /(^|;\s*)script-src ([^;]*)/,
    (_, start: string, sources: string) => `${start}script-src ${sources} ${hashes.join(' ')}`,
  );
}
