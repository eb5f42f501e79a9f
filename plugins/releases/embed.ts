import type { ParameterizedContext } from 'koa';

export const EMBED_PREFIX = '/embed/';

/**
 * The kernel forbids framing everywhere (X-Frame-Options DENY, frame-ancestors 'none'); the embed
 * player is the one page other sites may frame. Everything else of the policy stays as strict.
 */
export function embedHeaders(ctx: ParameterizedContext): void {
  ctx.remove('X-Frame-Options');
  const policy = ctx.response.get('Content-Security-Policy');
  if (policy) ctx.set('Content-Security-Policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
}

/** The iframe snippet of step 6's Embed tab. */
export function embedSnippet(origin: string, trackId: number, title: string): string {
  const safe = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<iframe src="${origin}${EMBED_PREFIX}tracks/${trackId}" width="100%" height="152" style="border:0;border-radius:12px" title="${safe} on OneTrack" loading="lazy" allow="autoplay; encrypted-media"></iframe>`;
}
