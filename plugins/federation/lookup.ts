import { validatePublicUrl } from '@fedify/fedify';
import { HANDLE_MAX } from './rules.ts';

// "Follow on the fediverse": the visitor's handle → their server's WebFinger → its `subscribe`
// template (OStatus remote follow, what Mastodon and most servers offer) → their follow screen.
// Fetched by the server, so it is SSRF-safe: public addresses only (Fedify's check, DNS included),
// https only, no redirects followed, a small body and a short timeout. Private and loopback peers
// only with FEDERATION_ALLOW_PRIVATE_PEERS (tests), and then over plain http for a loopback one.

const SUBSCRIBE = 'http://ostatus.org/schema/1.0/subscribe';
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5000;

export interface Handle {
  user: string;
  host: string;
}

/** `@you@server.example` (or without the first @) → its parts; null when it is not a handle. */
export function parseHandle(raw: string): Handle | null {
  const text = raw.trim();
  if (!text || text.length > HANDLE_MAX) return null;
  const match = /^@?([\p{L}\p{N}_.-]{1,100})@((?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}(?::\d{1,5})?)$/iu.exec(text);
  return match ? { user: match[1], host: match[2].toLowerCase() } : null;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost)(:\d+)?$/;

async function readLimited(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error('WebFinger answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The URL of the follow screen on the handle's server for `target` (our actor's URI), or a reason
 * it has none: 'unreachable' (no answer, not public, not JSON) or 'no-subscribe'.
 */
export async function followScreen(
  handle: Handle,
  target: string,
  allowPrivate: boolean,
): Promise<{ url: string } | { error: 'unreachable' | 'no-subscribe' }> {
  const scheme = allowPrivate && LOOPBACK.test(handle.host) ? 'http' : 'https';
  const url = new URL(`${scheme}://${handle.host}/.well-known/webfinger`);
  url.searchParams.set('resource', `acct:${handle.user}@${handle.host}`);
  let body: { links?: Array<{ rel?: unknown; template?: unknown }> };
  try {
    if (!allowPrivate) await validatePublicUrl(url.href);
    const response = await fetch(url, {
      headers: { accept: 'application/jrd+json, application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return { error: 'unreachable' };
    body = JSON.parse(await readLimited(response));
  } catch {
    return { error: 'unreachable' };
  }
  const template = body?.links?.find((l) => l?.rel === SUBSCRIBE && typeof l.template === 'string')?.template as
    string | undefined;
  if (!template?.includes('{uri}')) return { error: 'no-subscribe' };
  let screen: URL;
  try {
    screen = new URL(template.replace('{uri}', encodeURIComponent(target)));
  } catch {
    return { error: 'no-subscribe' };
  }
  // A web page only (never javascript: or data:), and over https unless a test peer.
  if (screen.protocol !== 'https:' && !(allowPrivate && screen.protocol === 'http:')) return { error: 'no-subscribe' };
  return { url: screen.href };
}
