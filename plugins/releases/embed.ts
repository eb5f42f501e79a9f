import type { ParameterizedContext } from 'koa';

// The embeddable player: the one kind of page other sites may frame (a track, or an artist's
// latest drop), its sizes (the iframe snippet, oEmbed, Twitter player cards) and its snippet.

export const EMBED_PREFIX = '/embed/';

/** The player's natural size; it adapts from EMBED_MIN_* up (compact below 120 px high). */
export const EMBED_WIDTH = 600;
export const EMBED_HEIGHT = 152;
export const EMBED_MIN_WIDTH = 200;
export const EMBED_MIN_HEIGHT = 80;

export type EmbedKind = 'tracks' | 'artists';

export const embedPath = (kind: EmbedKind, id: number) => `${EMBED_PREFIX}${kind}/${id}`;

/**
 * The kernel forbids framing everywhere (X-Frame-Options DENY, frame-ancestors 'none'); the embed
 * player is the one page other sites may frame. Everything else of the policy stays as strict, so
 * its own script (same origin) still runs, also in a sandboxed frame that keeps its origin.
 */
export function embedHeaders(ctx: ParameterizedContext): void {
  ctx.remove('X-Frame-Options');
  const policy = ctx.response.get('Content-Security-Policy');
  if (policy) ctx.set('Content-Security-Policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The iframe of a player: step 6's Embed tab (full width) and oEmbed answers (pixels). */
export function embedSnippet(
  origin: string,
  target: { kind: EmbedKind; id: number; title: string },
  size: { width: number | '100%'; height: number } = { width: '100%', height: EMBED_HEIGHT },
): string {
  const src = `${origin}${embedPath(target.kind, target.id)}`;
  const title = `${escapeAttribute(target.title)} on OneTrack`;
  return (
    `<iframe src="${src}" width="${size.width}" height="${size.height}" style="border:0;border-radius:12px" ` +
    `title="${title}" loading="lazy" allow="autoplay; encrypted-media"></iframe>`
  );
}
