import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CacheBus, Position } from '../cache/bus.ts';

/**
 * The rendered pages of every node, in Redis, so a page one node rendered serves the others.
 *
 * Without it, behind a load balancer without sticky sessions each node renders every page itself:
 * a member's pages after each of their writes, every page at the end of its TTL, the catalog's long
 * tail. On the bench's mix that was half the renders, and renders are where a saturated node's time
 * goes (issue 25). A node that would render a page asks here first; a node that rendered one puts it
 * here. Of the nodes about to render the same page at once (a member's page that one invalidation puts
 * out on every node, pageRefresh.ts; a page at the end of its TTL on each; one page asked of each node
 * in the same instant), the first to claim it renders, and the others wait for its copy rather than
 * render it again: on a saturated node a render takes hundreds of milliseconds, and the view that
 * reached the other node would otherwise pay for a second one, as long, beside the first.
 *
 * A copy records where the shared sequence of invalidations stood when its render began (its
 * position, api/cache/bus.ts) and the tags it was made from; a node uses it only while `currentSince`
 * says no invalidation of those tags has come since, on the record of that node, which has applied
 * everything the reader's own writes announced (read-your-writes, readYourWrites.ts). So a copy is
 * never more stale than the node's own would be. Copies live as long as the page cache's TTL, and
 * count from their render: the TTL bounds a page's age wherever it is served.
 *
 * Redis holds at most what the nodes render within one TTL (renders a second × page size × TTL),
 * under keys hashed from the page cache's own keys. A failed command is a miss or a copy not shared;
 * the cache bus takes the node out of caching when Redis is down.
 */
export interface SharedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  storedAt: number;
  position: Position;
  tags: string[];
}

type Meta = Omit<SharedPage, 'body'>;

/** How long a claim to render a page holds if its node never releases it (a render takes well under a second). */
const LOCK_MS = 5000;
/** The longest pause between two looks at another node's claim. */
const MAX_POLL_MS = 40;

/** The copy, or else a claim (SET NX with LOCK_MS): [copy or nil, 1 claimed / 0 not / -1 not tried]. */
const TAKE_SCRIPT = `
local page = redis.call('GET', KEYS[1])
if page then return {page, -1} end
if redis.call('SET', KEYS[2], '1', 'PX', ARGV[1], 'NX') then return {false, 1} end
return {false, 0}`;

type TakingRedis = Redis & {
  onetrackTakePage?: unknown;
  onetrackTakePageBuffer(pageKey: string, claimKey: string, lockMs: number): Promise<[Buffer | null, number]>;
};

export class SharedPages {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly bus: CacheBus;
  private readonly ttlMs: number;

  /** `prefix` names the deployment and its build (astro.ts `buildIdentity`). */
  constructor(redis: Redis, prefix: string, bus: CacheBus, ttlMs: number) {
    // Once per connection (several SharedPages may share one in tests).
    if (!(redis as TakingRedis).onetrackTakePage)
      redis.defineCommand('onetrackTakePage', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis = redis;
    this.prefix = prefix;
    this.bus = bus;
    this.ttlMs = ttlMs;
  }

  private redisKey(key: string): string {
    return `${this.prefix}${createHash('sha1').update(key).digest('base64url')}`;
  }

  /** The key of a node's claim to render the page kept under `redisKey`. */
  private static claimOf(redisKey: string): string {
    return `${redisKey}:rendering`;
  }

  /** The copy kept for `key`, if it is still current on this node and younger than the TTL at `now`. */
  async get(key: string, now: number): Promise<SharedPage | null> {
    try {
      return this.usable(await this.redis.getBuffer(this.redisKey(key)), now);
    } catch {
      return null;
    }
  }

  /**
   * The copy kept for `key` as `get` finds it and, when there is none, a claim to render it, in one
   * round trip: on a busy node each round trip a render waits for costs a turn of the event loop.
   * `claimed` is null when a copy was there (it may be of no use here: its tags changed since), else
   * whether this node may render the page. Taken in one step, nothing can be put between the look
   * and the claim, so a node that claims needs no second look. Without Redis's answer: no copy, and
   * the page may be rendered.
   */
  async take(key: string, now: number): Promise<{ page: SharedPage | null; claimed: boolean | null }> {
    const redisKey = this.redisKey(key);
    try {
      const [stored, claimed] = await (this.redis as TakingRedis).onetrackTakePageBuffer(
        redisKey,
        SharedPages.claimOf(redisKey),
        LOCK_MS,
      );
      return { page: this.usable(stored, now), claimed: stored ? null : claimed === 1 };
    } catch {
      return { page: null, claimed: true };
    }
  }

  private usable(stored: Buffer | null, now: number): SharedPage | null {
    if (!stored) return null;
    const metaEnd = 4 + stored.readUInt32BE(0);
    const meta = JSON.parse(stored.subarray(4, metaEnd).toString('utf8')) as Meta;
    if (Math.abs(now - meta.storedAt) > this.ttlMs || !this.bus.currentSince(meta.position, meta.tags)) return null;
    return { ...meta, body: stored.subarray(metaEnd) };
  }

  /**
   * Whether this node may render `key`: no other node is rendering it now (until `release`, at most
   * LOCK_MS). Without Redis's answer, it may.
   */
  async claim(key: string): Promise<boolean> {
    try {
      return (await this.redis.set(SharedPages.claimOf(this.redisKey(key)), '1', 'PX', LOCK_MS, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  /**
   * Waits while another node's claim on `key` holds (its render is under way; a claim lasts LOCK_MS
   * at most): true once it is let go, when that render's copy, if it was kept, is here. Asked every
   * few milliseconds: a claim lasts one render, and the cost is a key's existence, not the page.
   */
  async rendered(key: string): Promise<boolean> {
    const claim = SharedPages.claimOf(this.redisKey(key));
    const deadline = performance.now() + LOCK_MS;
    for (let pause = 5; ; pause = Math.min(2 * pause, MAX_POLL_MS)) {
      try {
        if (!(await this.redis.exists(claim))) return true;
      } catch {
        return false;
      }
      if (performance.now() + pause > deadline) return false;
      await sleep(pause);
    }
  }

  /** Ends a claim; after its page was put, so a node that claims it next finds that copy. */
  release(key: string): void {
    this.redis.del(SharedPages.claimOf(this.redisKey(key))).catch(() => {});
  }

  /**
   * Shares a copy, in the background: a failure only means the other nodes render it themselves.
   * Stored as the length of its metadata (4 bytes), the metadata (JSON), then the body. `release`:
   * this node's claim on it ends in the same write (one pipeline), after the copy is there.
   */
  put(key: string, page: SharedPage, release: boolean): void {
    const { body, ...meta } = page;
    const json = Buffer.from(JSON.stringify(meta));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const redisKey = this.redisKey(key);
    const writes = this.redis.pipeline().set(redisKey, Buffer.concat([length, json, body]), 'PX', this.ttlMs);
    if (release) writes.del(SharedPages.claimOf(redisKey));
    writes.exec().catch(() => {});
  }
}
