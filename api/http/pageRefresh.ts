import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';

/**
 * Renders a signed-in viewer's invalidated pages again in the background, so their next view is a
 * cache hit instead of a render (issue 25: at 50 connections a render waits its turn for hundreds of
 * milliseconds, and most of a member's renders came from their own likes, subscriptions,
 * allocations and messages putting out the pages they keep coming back to).
 *
 * The page is asked for again through the app itself (light-my-request's `inject`: an in-process
 * request through every middleware, no socket), with the headers of the request that rendered it,
 * so it is rendered exactly as a view of that person would be: the same session, zone and variant,
 * through the render gate as a member's, and kept by the page cache's own rules (not kept if a write
 * came while it rendered, or if it sets a cookie). A view that arrives meanwhile waits for that
 * render, as for any render of the same page. The page cache decides what is worth it: a page the
 * viewer asked for since its last render, when an invalidation naming that viewer (their like, their
 * inbox) puts it out, a few per viewer, and a page of theirs served late in its life; an invalidation
 * of everything or of what every page shows renders nothing ahead. A refresh that a view overtook
 * (the page kept anew since it was asked for) renders nothing.
 *
 * Two at a time, 64 waiting: what does not fit is simply rendered on its next view, as before. A
 * forged marker header makes no difference that a client could not make anyway (a render of its own
 * page).
 */
type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

/** Marks the requests a refresher sends, with a value of this process's own that no client can know. */
const REFRESH_HEADER = 'x-onetrack-refresh';
/** Request headers that must not be replayed: the answer is thrown away, and conditionals would make it a 304. */
const DROPPED_HEADERS = new Set([
  REFRESH_HEADER,
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'cache-control',
  'pragma',
  'content-length',
  'connection',
  'keep-alive',
]);

export interface RefreshRequest {
  url: string;
  headers: Record<string, string>;
}

/** What a kept page needs to be asked for again (only its request's replayable headers). */
export function refreshRequest(url: string, headers: IncomingHttpHeaders): RefreshRequest {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { url, headers: kept };
}

export class PageRefresher {
  private readonly token = randomBytes(16).toString('hex');
  private dispatch: Dispatch | null = null;
  /** Each page's request and the serial of the copy it must outdate (the page cache's numbering). */
  private readonly queued = new Map<string, { request: RefreshRequest; stale: number }>();
  /** The keys being asked for now, and their requests. */
  private readonly running = new Map<string, Promise<unknown>>();
  private closed = false;
  private readonly concurrency: number;
  private readonly maxQueued: number;

  constructor(options: { concurrency?: number; maxQueued?: number } = {}) {
    this.concurrency = options.concurrency ?? 2;
    this.maxQueued = options.maxQueued ?? 64;
  }

  /** The app's request handler (Koa's callback), once it is built. */
  through(dispatch: Dispatch): void {
    this.dispatch = dispatch;
  }

  /** Pages queued or being rendered. */
  get pending(): number {
    return this.queued.size + this.running.size;
  }

  /**
   * For a request this refresher sent, the serial of the copy it must outdate: a copy kept since
   * (a view rendered it first) needs no render. null for a person's view (or a forged header).
   */
  outdates(req: IncomingMessage): number | null {
    const [token, stale] = String(req.headers[REFRESH_HEADER] ?? '').split(' ');
    return token === this.token ? Number(stale) : null;
  }

  /** Asks for the page kept under `key` again, unless it is queued already or the queue is full. */
  schedule(key: string, request: RefreshRequest, stale: number): void {
    if (
      this.closed ||
      !this.dispatch ||
      this.queued.has(key) ||
      this.running.has(key) ||
      this.queued.size >= this.maxQueued
    )
      return;
    this.queued.set(key, { request, stale });
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.queued.size) {
      const [key, { request, stale }] = this.queued.entries().next().value!;
      this.queued.delete(key);
      // Errors are the app's to log (its error handler answers the injected request like any other).
      const headers = { ...request.headers, [REFRESH_HEADER]: `${this.token} ${stale}` };
      const run = inject(this.dispatch!, { method: 'GET', url: request.url, headers })
        .catch(() => {})
        .finally(() => {
          this.running.delete(key);
          this.pump();
        });
      this.running.set(key, run);
    }
  }

  /** Stops taking work and waits for the renders under way (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    this.queued.clear();
    await Promise.all(this.running.values());
  }
}
