import type { Context, Middleware } from 'koa';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { CacheBus } from '../cache/bus.ts';
import { collectReads } from '../cache/scopes.ts';
import { EVERYTHING, type Tags, touches, userTag } from '../cache/tags.ts';
import { preferredEncoding } from './encoding.ts';
import type { PageCacheResult } from './metrics.ts';
import { refreshRequest, type PageRefresher, type RefreshRequest } from './pageRefresh.ts';
import type { SharedPage, SharedPages } from './sharedPages.ts';
import type { AppState } from './state.ts';

/**
 * Rendered-HTML cache for pages. Server rendering is the expensive part of a page view, so a
 * rendered page is kept per URL and viewer (anonymous visitors share one copy; a plugin may add a
 * variant, see AppState.pageVariant) and served again until the data behind it may have changed:
 *  - an entry records the tags it was made from: those its services declared while it rendered
 *    (`kernel.cache.dependsOn`) and, for a signed-in viewer's copy, `user:<id>`; an invalidation of
 *    any of them (or of everything) from the kernel's cache bus (api/cache/bus.ts), on this node or any
 *    other, drops it, so a like shows on the liker's next view whichever node serves it while the
 *    copies other viewers share stay;
 *  - while the bus has no version (Redis unreachable) nothing is served from or kept in the cache;
 *  - entries also expire after `ttlMs`, which bounds staleness from changes that come without a
 *    write (a scheduled release whose time arrives). The first request after that renders the page
 *    anew; requests meanwhile still get the expired copy, so an expiry never holds every open
 *    connection for a render (at 20,000 tracks a render of the monthly list takes 0.2 s);
 *  - a signed-in viewer's pages are rendered again in the background (pageRefresh.ts) when an
 *    invalidation naming them (their like, their inbox) puts out pages they came back to, and when
 *    one is served late in its life, so their next view is a hit rather than a render;
 *  - with several nodes, each render is also put in Redis (sharedPages.ts) and a node about to render
 *    a page takes another node's copy instead while no invalidation of its tags came since that
 *    render began, so a page is rendered once for every node, not once per node.
 * Pages opt out by sending `Cache-Control: no-store`; responses that set cookies are never kept.
 *
 * The same cache keeps the API's reads that manifests declare: `publicReads` for anonymous callers
 * (shared), `privateReads` for signed-in ones (each their own), keyed the same way: a JSON answer is
 * serialised once, compressed once per encoding, and answered 304 while its ETag (strong: a hash
 * of the body) still matches.
 */

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  /** The bus version it was rendered under; any other version means it may be stale. */
  version: string;
  /** What it was made from (api/cache/scopes.ts). */
  tags: string[];
  /** Compressed once per entry, in zlib's thread pool (QUICK_BR). */
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
  /** Its best-quality br is made or being made. */
  best?: boolean;
  /** Times served from the cache, by this entry and the identical renders before it. */
  hits: number;
  /** A signed-in viewer's page: whose, and how to ask for it again (pageRefresh.ts). */
  viewerId?: number;
  refresh?: RefreshRequest;
  /** A person asked for it since it was rendered (a render of their own view, or a hit). */
  wanted: boolean;
  /** Its place in the order entries were kept in: a refresh asked for before it was kept is done already. */
  serial: number;
}

/** How long a kept page is served without a write putting it out (the bench's mix reads it too). */
export const PAGE_TTL_MS = 30_000;

/** At most this long a render ahead waits for this node's own writes to come back numbered (a Redis round trip). */
const SETTLE_MS = 50;

/**
 * Of a signed-in viewer's pages that one invalidation puts out, how many are rendered again ahead of their next view.
 */
const REFRESHED_PER_VIEWER = 4;
/**
 * A signed-in viewer's page served from the cache after this share of its TTL is rendered again in the
 * background. Earlier costs renders: two thirds gave the same members' p99 on the mix (api/http/README.md).
 */
const REFRESH_AFTER = 5 / 6;

/**
 * Kept bodies up to this size are compressed again at brotli's best quality, in the background
 * (zlib's thread pool, not the event loop; ~1 ms per KB), and served so from then on: a page is ~10 %
 * smaller than at the quick quality its first readers get, and the four main pages then fit in TCP's
 * first round trip (14.6 KB with the headers; site/README.md, "Front-end delivery"). Larger
 * bodies (the catalog's long lists at scale) would keep a pool thread busy for seconds.
 * It costs ~50 ms of CPU for a 70 KB page, 6-7 renders of it, so only a shared page served
 * BEST_BR_AFTER_HITS times earns it, one at a time per process: a page a write or its TTL soon puts
 * out, or one reader's own page, would spend more on it than it saves (under the bench's mix of
 * writes, doing it on every page's first hit took up to a core per node). A render identical to the
 * copy it replaces keeps that copy's compressed bodies (a TTL's end with nothing changed).
 */
const BEST_BR_MAX_BYTES = 256 * 1024;
const BEST_BR_AFTER_HITS = 8;
/**
 * The quality every kept body is first sent in. A body is compressed once, when it is rendered, in
 * the pool and not on the event loop: synchronously at its first hit (~2 ms for a 70 KB page), with
 * koa-compress compressing the render's own answer again, the mix of writes spent up to a fifth of a
 * node's loop on compressing the pages its writers' own views were rendered into. Quality 3 rather
 * than 5: a 70 KB track page in 0.9–1.0 ms of CPU against 1.7–1.9 (17.6 KB against 15.7), about a
 * tenth of its render; both take a second round trip on a new connection, and a page served again
 * and again gets the best quality anyway.
 */
export const QUICK_BR_QUALITY = 3;
const QUICK_BR = { params: { [zlib.BROTLI_PARAM_QUALITY]: QUICK_BR_QUALITY } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageCacheOptions {
  bus: CacheBus;
  /** Told the result of every lookup (metrics). */
  onLookup?: (result: PageCacheResult) => void;
  ttlMs?: number;
  /** Which requests it keeps, by path and caller; rendered pages for everyone by default. */
  accepts?: (path: string, signedIn: boolean) => boolean;
  /** Strong validators (the API's, which any client may compare); pages keep weak ones. */
  strongEtags?: boolean;
  /** Upper bound of the bodies kept, in bytes; least recently used pages go first. */
  maxBytes?: number;
  now?: () => number;
  /**
   * Renders a signed-in viewer's pages again in the background: late in their life, and when an invalidation naming
   * them puts them out.
   */
  refresher?: PageRefresher;
  /** The pages every node rendered (several nodes): asked before rendering one, told of each render. */
  shared?: SharedPages;
}

const SAFE = new Set(['GET', 'HEAD']);
/** Paths that are never pages. */
const NOT_PAGES = /^\/(api|media|_astro)(\/|$)/;
const isPage = (path: string) => !NOT_PAGES.test(path);

/** Matches paths against route patterns such as '/api/artists/:id' (a parameter is one path segment). */
export function routeMatcher(patterns: string[]): (path: string) => boolean {
  if (!patterns.length) return () => false;
  const escape = (part: string) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const regex = new RegExp(`^(?:${patterns.map((p) => p.split('/').map(escape).join('/')).join('|')})$`);
  return (path) => regex.test(path);
}
/**
 * Response headers a cached page keeps; per-request ones (dates, cookies, the other security headers)
 * are set anew. The policy goes with the body: it names the hashes of the page's inline scripts.
 */
const KEPT_HEADERS = ['content-type', 'content-language', 'link', 'content-security-policy'];

export class PageCache {
  readonly ttlMs: number;
  readonly maxBytes: number;
  private readonly now: () => number;
  private readonly bus: CacheBus;
  private readonly onLookup: (result: PageCacheResult) => void;
  private readonly accepts: (path: string, signedIn: boolean) => boolean;
  private readonly strongEtags: boolean;
  private readonly refresher?: PageRefresher;
  private readonly shared?: SharedPages;
  private readonly entries = new Map<string, Entry>();
  /** Pages being rendered now, by key: later requests for them wait for the copy. */
  private readonly rendering = new Map<string, Promise<void>>();
  private bytes = 0;
  private compressingBest = false;
  /** Entries kept so far (each entry's serial). */
  private kept = 0;

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlMs ?? PAGE_TTL_MS;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.bus = options.bus;
    this.onLookup = options.onLookup ?? (() => {});
    this.accepts = options.accepts ?? isPage;
    this.strongEtags = options.strongEtags ?? false;
    this.refresher = options.refresher;
    this.shared = options.shared;
    this.bus.subscribe((tags) => this.invalidate(tags));
  }

  /** Forgets the pages made from any of `tags`: the data behind them may have changed. */
  private invalidate(tags: Tags): void {
    if (tags.has(EVERYTHING)) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    const refreshed = new Map<number, number>();
    for (const [key, entry] of this.entries) {
      if (!touches(tags, entry.tags)) continue;
      this.drop(key);
      const { viewerId, refresh } = entry;
      if (viewerId === undefined || !refresh || !entry.wanted || !names(tags, viewerId)) continue;
      if (Math.abs(this.now() - entry.storedAt) > this.ttlMs) continue;
      const count = refreshed.get(viewerId) ?? 0;
      if (count >= REFRESHED_PER_VIEWER) continue;
      refreshed.set(viewerId, count + 1);
      this.refresher!.schedule(key, refresh, this.kept);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The entry kept for `key`, if it was made under `version`; `fresh` is false once it is older
   * than the TTL. An entry from another version is dropped: it may show data from before a write.
   */
  private lookup(key: string, version: string): { entry: Entry; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.bytes -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used goes last
    // Either way: a test clock may move backwards.
    return { entry, fresh: Math.abs(this.now() - entry.storedAt) <= this.ttlMs };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  private store(key: string, entry: Entry): void {
    if (entry.body.length > this.maxBytes / 8) return;
    this.drop(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= oldest.body.length;
    }
  }

  middleware(): Middleware<AppState> {
    return async (ctx, next) => {
      if (!SAFE.has(ctx.method) || !this.accepts(ctx.path, !!ctx.state.user)) return next();
      let version = ctx.state.uncached ? null : this.bus.version();
      if (version === null) {
        // The other nodes' writes cannot reach us (or not yet the caller's own): render fresh.
        this.onLookup('bypass');
        await next();
        if (ctx.status === 200) ctx.set('X-Page-Cache', 'bypass');
        return;
      }

      const user = ctx.state.user;
      const key = `${user ? user.id : 'anonymous'} ${ctx.state.pageVariant ?? ''} ${ctx.url}`;
      const kept = this.lookup(key, version);
      // A refresher's request renders the page anew, unless a render of it is under way
      // or was kept since it was asked for.
      const outdates = this.refresher?.outdates(ctx.req) ?? null;
      const refreshing = outdates !== null;
      if (refreshing && (this.rendering.has(key) || (kept?.fresh && kept.entry.serial > outdates))) {
        // Nothing to do: said as such, so the request log and metrics show no 404 for it.
        ctx.status = 204;
        return;
      }
      let hit = kept?.fresh && !refreshing ? kept.entry : undefined;
      const rendering = hit ? undefined : this.rendering.get(key);
      if (rendering && kept) {
        // Only its age put it out (no write since): serve it while that one request renders
        // the page anew, rather than hold every open connection for the render.
        hit = kept.entry;
      } else if (rendering) {
        // Another request is rendering this very page after a write (or its first time): wait for
        // its copy rather than render it again with every open connection at once.
        await rendering;
        version = this.bus.version();
        if (version === null) return next();
        const rendered = this.lookup(key, version);
        hit = rendered?.fresh ? rendered.entry : undefined;
      }
      if (hit) {
        this.refreshLate(ctx, key, hit);
        await this.serveHit(ctx, hit, !user);
        return;
      }
      let rendered!: () => void;
      const own = new Promise<void>((resolve) => (rendered = resolve));
      this.rendering.set(key, own);
      let stillServes = false;
      try {
        stillServes = await this.renderOrAdopt(ctx, next, key, version, refreshing, kept?.entry);
      } finally {
        if (this.rendering.get(key) === own) this.rendering.delete(key);
        // Not replaced (the page now sets a cookie, or failed): the expired copy goes too.
        if (kept && !stillServes && this.entries.get(key) === kept.entry) this.drop(key);
        rendered();
      }
    };
  }

  /**
   * A page this node has no current copy of: the copy another node rendered when there is one, else
   * rendered here. Of the nodes about to render one page at once, the one that claims it does
   * (sharedPages.ts); a view on another waits for that copy, or meanwhile gets its own expired one as
   * while this node renders it. Returns whether that expired copy still serves (it was not replaced
   * because another node is rendering the page).
   */
  private async renderOrAdopt(
    ctx: Context,
    next: () => Promise<unknown>,
    key: string,
    version: string,
    refreshing: boolean,
    expired?: Entry,
  ): Promise<boolean> {
    const anonymous = !ctx.state.user;
    const taken = this.shared ? await this.shared.take(key, this.now()) : null;
    let adopted = taken?.page ? this.keep(ctx, key, version, taken.page, expired) : undefined;
    let claimed = taken?.claimed ?? null;
    let released = false;
    if (!adopted && taken && claimed === null) {
      // The copy there is of no use here (what it was made from changed since): claim the page, and
      // look again once claimed, as a node that rendered it meanwhile put its copy before letting go.
      claimed = await this.shared!.claim(key);
      if (claimed) adopted = await this.adopt(ctx, key, version, expired);
    }
    try {
      if (claimed === false && !refreshing) {
        if (expired) {
          await this.serveHit(ctx, expired, anonymous);
          return true;
        }
        if (await this.shared!.rendered(key)) adopted = await this.adopt(ctx, key, version, expired);
      }
      if (refreshing && (adopted || claimed === false)) {
        ctx.status = 204;
        return false;
      }
      if (adopted) {
        this.onLookup('shared');
        ctx.set('X-Page-Cache', 'shared');
        await this.send(ctx, adopted, anonymous);
        return false;
      }
      this.onLookup('miss');
      // Nobody waits for a render ahead: let this node's own writes come back numbered first, so its
      // copy's place in the sequence covers them and the other nodes can take it. (A view's render
      // does not wait: its copy is only judged out of date for the tags of those writes.)
      if (claimed && refreshing) await this.bus.settled(SETTLE_MS);
      released = await this.render(ctx, next, key, version, anonymous, expired, !!claimed);
      return false;
    } finally {
      if (claimed && !released) this.shared!.release(key);
    }
  }

  /** Keeps the copy another node rendered of this page, if there is one still current here and newer than `expired`. */
  private async adopt(ctx: Context, key: string, version: string, expired?: Entry): Promise<Entry | undefined> {
    const page = await this.shared?.get(key, this.now());
    return page ? this.keep(ctx, key, version, page, expired) : undefined;
  }

  /**
   * Keeps `page`, another node's copy current here (the bus compared its epoch and tags, sharedPages.ts), unless
   * `expired` is as new.
   */
  private keep(ctx: Context, key: string, version: string, page: SharedPage, expired?: Entry): Entry | undefined {
    if (expired && page.storedAt <= expired.storedAt) return undefined;
    const { status, headers, body, etag, storedAt, tags } = page;
    const entry: Entry = {
      status,
      headers,
      body,
      etag,
      storedAt,
      version,
      tags,
      hits: 0,
      ...this.viewerOf(ctx),
      serial: ++this.kept,
    };
    if (expired?.etag === etag)
      Object.assign(entry, { hits: expired.hits, gzip: expired.gzip, br: expired.br, best: expired.best });
    this.store(key, entry);
    return entry;
  }

  /** Whose page a request's copy is, how to ask for it again, and whether a person asked for it. */
  private viewerOf(ctx: Context): Pick<Entry, 'viewerId' | 'refresh' | 'wanted'> {
    const viewerId: number | undefined = ctx.state.user?.id;
    const refresh =
      this.refresher && viewerId !== undefined ? refreshRequest(ctx.originalUrl, ctx.req.headers) : undefined;
    return { viewerId, refresh, wanted: this.refresher?.outdates(ctx.req) == null };
  }

  /**
   * Renders (or answers) the request and keeps the result when it may be served again. Returns
   * whether this node's claim on the page (`claimed`) ended with its copy's sharing.
   */
  private async render(
    ctx: Context,
    next: () => Promise<unknown>,
    key: string,
    version: string,
    anonymous: boolean,
    expired: Entry | undefined,
    claimed: boolean,
  ): Promise<boolean> {
    const mark = this.bus.mark();
    const position = this.shared && this.bus.position();
    const tags = [...(await collectReads(next))];
    if (ctx.state.user) tags.push(userTag(ctx.state.user.id));
    // An invalidation of what it was made from during rendering: the page may show data from before it.
    if (this.bus.changedSince(mark, tags) || this.bus.version() !== version) return false;
    const cacheControl = ctx.response.get('Cache-Control');
    if (ctx.status !== 200 || ctx.response.get('Set-Cookie') || /no-store/.test(cacheControl)) return false;
    const body = bodyBytes(ctx);
    if (!body) return false;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = ctx.response.get(name);
      if (value) headers[name] = value;
    }
    const hash = createHash('sha1').update(body).digest('base64url');
    const etag = ctx.response.get('ETag') || (this.strongEtags ? `"${hash}"` : `W/"${hash}"`);
    const same = expired?.etag === etag && expired.body.equals(body) ? expired : undefined;
    const entry: Entry = {
      status: 200,
      headers,
      body,
      etag,
      storedAt: this.now(),
      version,
      tags,
      hits: same?.hits ?? 0,
      gzip: same?.gzip,
      br: same?.br,
      best: same?.best,
      ...this.viewerOf(ctx),
      serial: ++this.kept,
    };
    this.store(key, entry);
    if (position)
      this.shared!.put(key, { status: 200, headers, body, etag, storedAt: entry.storedAt, position, tags }, claimed);
    ctx.set('X-Page-Cache', 'miss');
    this.setCachingHeaders(ctx, entry, anonymous);
    if (ctx.fresh) ctx.status = 304;
    else await this.sendBody(ctx, entry, anonymous);
    return claimed && !!position;
  }

  /** Serves a kept copy. */
  private serveHit(ctx: Context, entry: Entry, anonymous: boolean): Promise<void> {
    this.onLookup('hit');
    ctx.set('X-Page-Cache', 'hit');
    return this.send(ctx, entry, anonymous);
  }

  /**
   * A signed-in viewer's page late in its life is rendered again before it expires, so their next view need not wait
   * for that.
   */
  private refreshLate(ctx: Context, key: string, entry: Entry): void {
    if (!entry.refresh || Math.abs(this.now() - entry.storedAt) <= this.ttlMs * REFRESH_AFTER) return;
    if (!this.rendering.has(key) && this.refresher!.outdates(ctx.req) === null)
      this.refresher!.schedule(key, entry.refresh, entry.serial);
  }

  /** Starts the best-quality br of a served entry unless one is running (a later hit tries again). */
  private compressBest(entry: Entry): void {
    const { body } = entry;
    if (entry.best || this.compressingBest || body.length > BEST_BR_MAX_BYTES) return;
    entry.best = true;
    this.compressingBest = true;
    brotliCompress(
      body,
      { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } },
      (error, best) => {
        this.compressingBest = false;
        if (!error) entry.br = Promise.resolve(best);
      },
    );
  }

  private setCachingHeaders(ctx: Context, entry: Entry, anonymous: boolean): void {
    // Browsers (and shared caches, for anonymous pages) keep the page but ask again each time;
    // an unchanged page then costs a 304. Cookies decide who is asking, hence Vary.
    ctx.set('Cache-Control', anonymous ? 'public, no-cache' : 'private, no-cache');
    ctx.vary('Cookie');
    ctx.etag = entry.etag;
  }

  private async send(ctx: Context, entry: Entry, anonymous: boolean): Promise<void> {
    entry.hits++;
    entry.wanted ||= this.refresher?.outdates(ctx.req) == null;
    ctx.status = entry.status;
    ctx.set(entry.headers);
    this.setCachingHeaders(ctx, entry, anonymous);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    await this.sendBody(ctx, entry, anonymous);
  }

  /** The entry's body in the encoding the client prefers, compressed once per entry instead of once per request. */
  private async sendBody(ctx: Context, entry: Entry, anonymous: boolean): Promise<void> {
    const encoding = entry.body.length >= 1024 ? preferredEncoding(ctx.get('Accept-Encoding')) : 'identity';
    ctx.compress = false;
    ctx.vary('Accept-Encoding');
    if (encoding === 'br') {
      // Until the best quality is ready (above), a quick one.
      entry.br ??= brotliAsync(entry.body, QUICK_BR);
      if (anonymous && entry.hits >= BEST_BR_AFTER_HITS) this.compressBest(entry);
      ctx.set('Content-Encoding', 'br');
      ctx.body = await entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= gzipAsync(entry.body);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await entry.gzip;
    } else {
      ctx.body = entry.body;
    }
  }
}

/**
 * Whether an invalidation names this viewer (`likes:12`, `inbox:12`: what they did or were sent), not what every page
 * shows.
 */
function names(tags: Tags, userId: number): boolean {
  const suffix = `:${userId}`;
  for (const tag of tags) if (tag.endsWith(suffix)) return true;
  return false;
}

/** The response body as bytes, when it is one the cache can keep (rendered HTML, or JSON it serialises here once). */
function bodyBytes(ctx: Context): Buffer | null {
  const body: unknown = ctx.body;
  if (Buffer.isBuffer(body)) return body;
  if (body === null || typeof body !== 'object' || typeof (body as { pipe?: unknown }).pipe === 'function') return null;
  // What Koa would send for this body, with its type.
  const json = Buffer.from(JSON.stringify(body));
  ctx.body = json;
  ctx.type = 'application/json';
  return json;
}
