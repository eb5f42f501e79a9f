import type { Middleware } from 'koa';
import { addressKey } from '../../api/http/clientAddress.ts';
import type { AppState } from '../../api/http/state.ts';
import type { Kernel } from '../../api/plugins/types.ts';
import { FEDIVERSE_PATHS } from './rules.ts';

// Koa → Fedify's fetch(Request) for the paths the fediverse uses (WebFinger, NodeInfo, /ap/*), as
// plugin middleware: before the page cache, the same-origin check (servers send no Origin) and the
// kernel's body parser. The Request's URL is PUBLIC_URL's origin with the request's path, never its
// Host. An inbound activity is size-limited before it is read, refused from a blocked domain, and
// counted per remote server (the host of its signature's key) on every node together; Fedify then
// checks its signature (draft-cavage or RFC 9421) against the sender's published key.

const json = (status: number, message: string) => ({ status, body: { message } });

/** The host of the key that signed the request (`keyId` of either signature scheme), or null. */
export function signerHost(headers: Record<string, string | string[] | undefined>): string | null {
  const signature = [headers.signature, headers['signature-input']].flat().filter(Boolean).join(',');
  const keyId = /keyid="([^"]{1,1000})"/i.exec(signature)?.[1];
  if (!keyId) return null;
  try {
    return new URL(keyId).host.toLowerCase();
  } catch {
    return null;
  }
}

async function readBody(stream: NodeJS.ReadableStream, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > max) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const HUMAN_PAGES: Array<[RegExp, string]> = [
  [/^\/ap\/artists\/(\d+)$/, '/artist/$1'],
  [/^\/ap\/tracks\/(\d+)$/, '/tracks/$1'],
];

export function fediverseBridge(kernel: Kernel): Middleware<AppState> {
  const service = () => kernel.services.federation;
  const byServer = () =>
    kernel.limits.create('fediverse-inbox', {
      points: service().settings.inboxPerMinute,
      windowMs: 60_000,
    });
  let limiter: ReturnType<typeof byServer> | null = null;
  return async (ctx, next) => {
    if (!FEDIVERSE_PATHS.some((p) => ctx.path.startsWith(p))) return next();
    const { federation, settings, isBlocked } = service();
    let body: Buffer | undefined;
    if (ctx.method === 'POST') {
      const declared = Number(ctx.get('content-length') || 0);
      if (declared > settings.inboxMaxBytes) return Object.assign(ctx, json(413, 'Activity too large'));
      const server = signerHost(ctx.req.headers);
      if (server && (await isBlocked(server)))
        return Object.assign(ctx, json(403, 'This server does not federate with yours'));
      limiter ??= byServer();
      const wait = await limiter.take(server ?? `address:${addressKey(ctx.ip)}`);
      if (wait) {
        ctx.set('Retry-After', String(wait));
        return Object.assign(ctx, json(429, 'Too many activities from your server'));
      }
      const read = await readBody(ctx.req, settings.inboxMaxBytes);
      if (!read) return Object.assign(ctx, json(413, 'Activity too large'));
      body = read;
    } else if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      return next();
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(ctx.req.headers))
      for (const v of [value].flat()) if (typeof v === 'string') headers.append(name, v);
    const request = new Request(new URL(ctx.originalUrl, kernel.config.publicUrl), {
      method: ctx.method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
    });
    let unknown = false;
    const response = await federation.fetch(request, {
      contextData: undefined,
      onNotFound: () => {
        unknown = true;
        return new Response(null, { status: 404 });
      },
      // A person opening an actor's or a drop's id in a browser sees its page.
      onNotAcceptable: () => {
        const page = HUMAN_PAGES.find(([pattern]) => pattern.test(ctx.path));
        return page
          ? new Response(null, { status: 302, headers: { location: ctx.path.replace(page[0], page[1]) } })
          : new Response('Not acceptable', { status: 406 });
      },
    });
    if (unknown) return next();
    ctx.status = response.status;
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') ctx.set(name, value);
    });
    ctx.body = Buffer.from(await response.arrayBuffer());
    // An empty answer (202 Accepted) stays empty rather than Koa's 204.
    if (!(ctx.body as Buffer).length) ctx.status = response.status;
  };
}
