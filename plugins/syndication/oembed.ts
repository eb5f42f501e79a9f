import {
  EMBED_HEIGHT,
  EMBED_MIN_HEIGHT,
  EMBED_MIN_WIDTH,
  EMBED_WIDTH,
  embedSnippet,
  type EmbedKind,
} from '../releases/embed.ts';
import type { ImageSrcset } from '../catalog/mediaColumns.ts';
import { OEMBED_CACHE_AGE, OEMBED_MESSAGES, PROVIDER_NAME } from './rules.ts';
import { xmlText, XML_DECLARATION } from './xml.ts';

// oEmbed 1.0 (https://oembed.com) for OneTrack's pages: a track or an artist page (or its embed
// player) answers a `rich` response whose html is the embed player's iframe, sized within the
// consumer's maxwidth / maxheight. Pure: the endpoint (pages/oembed.ts) looks the target up.

export type OembedFormat = 'json' | 'xml';

export interface OembedRequest {
  target: { kind: EmbedKind; id: number };
  format: OembedFormat;
  size: { width: number; height: number };
  /** The consumer's bounds (thumbnails must fit them too). */
  max: { width: number; height: number };
}

export type Parsed = { ok: true; request: OembedRequest } | { ok: false; status: 400 | 404 | 501; message: string };

/** The OneTrack pages that have a player: a track, an artist (either spelling), or an embed itself. */
const PLAYER_PAGE = /^\/(?:embed\/)?(tracks|artists?)\/(\d{1,15})\/?$/;

/** The player behind a URL of this site (same host, http or https), or null. */
export function embedTarget(raw: string, host: string): OembedRequest['target'] | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.host !== host) return null;
  const match = PLAYER_PAGE.exec(url.pathname);
  return match ? { kind: match[1] === 'tracks' ? 'tracks' : 'artists', id: Number(match[2]) } : null;
}

const dimension = (raw: string | null): number | null | undefined => {
  if (raw === null) return undefined;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
};

/** Reads the consumer's request (section 2.2); errors as section 2.3.5 names them. */
export function parseOembedRequest(params: URLSearchParams, host: string): Parsed {
  const url = params.get('url');
  if (!url) return { ok: false, status: 400, message: OEMBED_MESSAGES.urlRequired };
  const format = params.get('format') ?? 'json';
  if (format !== 'json' && format !== 'xml') return { ok: false, status: 501, message: OEMBED_MESSAGES.format };
  const maxWidth = dimension(params.get('maxwidth'));
  const maxHeight = dimension(params.get('maxheight'));
  if (maxWidth === null || maxHeight === null) return { ok: false, status: 400, message: OEMBED_MESSAGES.size };
  const target = embedTarget(url, host);
  if (!target) return { ok: false, status: 404, message: OEMBED_MESSAGES.notOurs };
  const max = { width: maxWidth ?? EMBED_WIDTH, height: maxHeight ?? EMBED_HEIGHT };
  // The player adapts down to its minimum; a smaller box has no answer (404, section 2.3.5).
  if (max.width < EMBED_MIN_WIDTH || max.height < EMBED_MIN_HEIGHT) {
    return { ok: false, status: 404, message: OEMBED_MESSAGES.tooSmall(max.width, max.height) };
  }
  const size = { width: Math.min(max.width, EMBED_WIDTH), height: Math.min(max.height, EMBED_HEIGHT) };
  return {
    ok: true,
    request: { target, format, size, max: { width: maxWidth ?? Infinity, height: maxHeight ?? Infinity } },
  };
}

/** A rich response (section 2.3.4 and 2.3.4.4); thumbnail_* all three or none. */
export interface OembedResponse {
  type: 'rich';
  version: '1.0';
  title: string;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

export interface OembedSubject {
  title: string;
  artist: { id: number; name: string };
  /** The cover of what plays, when its web sizes exist (square). */
  cover: ImageSrcset | null;
}

/** The largest square cover size that fits the consumer's bounds, from a srcset "url 300w, url 600w". */
function thumbnail(cover: ImageSrcset | null, max: OembedRequest['max'], origin: string) {
  const side = Math.min(max.width, max.height);
  const fitting = (cover?.webp ?? '')
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, width]) => ({ url, width: Number.parseInt(width ?? '', 10) }))
    .filter((c) => c.url && c.width > 0 && c.width <= side)
    .sort((a, b) => b.width - a.width)[0];
  return fitting
    ? {
        thumbnail_url: new URL(fitting.url, origin).href,
        thumbnail_width: fitting.width,
        thumbnail_height: fitting.width,
      }
    : {};
}

export function oembedResponse(request: OembedRequest, subject: OembedSubject, origin: string): OembedResponse {
  return {
    type: 'rich',
    version: '1.0',
    title: subject.title,
    author_name: subject.artist.name,
    author_url: new URL(`/artist/${subject.artist.id}`, origin).href,
    provider_name: PROVIDER_NAME,
    provider_url: new URL('/', origin).href,
    cache_age: OEMBED_CACHE_AGE,
    html: embedSnippet(
      origin,
      { kind: request.target.kind, id: request.target.id, title: subject.title },
      request.size,
    ),
    width: request.size.width,
    height: request.size.height,
    ...thumbnail(subject.cover, request.max, origin),
  };
}

/** The same response as XML (section 2.3.4: an <oembed> element with one child per field). */
export function oembedXml(response: OembedResponse): string {
  const fields = Object.entries(response).map(
    ([name, value]) => `  <${name}>${xmlText(value as string | number)}</${name}>`,
  );
  return [XML_DECLARATION, '<oembed>', ...fields, '</oembed>', ''].join('\n');
}
