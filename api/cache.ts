import type { Redis } from 'ioredis';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { Config, DatabaseConfig } from './config.ts';
import type { Logger } from './log.ts';
import { connectRedis } from './redis.ts';
import { cachePeers, type CachePeers } from './cachePeers.ts';

/**
 * kernel.cache: the one signal every cache of the app obeys. Anything kept in a process's memory
 * that is derived from the database (rendered pages, API answers, session rows) records the tags it
 * was made from and is dropped when an invalidation of one of them (or of EVERYTHING) reaches this
 * node, from ANY node; nothing is used while `version()` is null. Tags name what changed, as a
 * CDN's surrogate keys do (`user:12`, `session:…`, `content`); docs/architecture.md lists who
 * announces which.
 *
 *  - One process (no REDIS_URL): invalidations reach the listeners of this process at once, and the
 *    threads of this process (the embedded media worker) through a BroadcastChannel.
 *  - Several nodes (REDIS_URL): `invalidate(tags)` counts a shared sequence, appends the tags to a
 *    bounded log under that number and publishes them, in one Lua call; every node's subscriber
 *    applies the messages in sequence order. A node that finds a gap (a lost message) or whose
 *    heartbeat (every second: the shared sequence and epoch in one MGET) sees the sequence ahead
 *    reads the missing tags from the log; when the log no longer holds them it drops everything. An
 *    invalidation of EVERYTHING also moves the shared epoch, which is `version()`.
 *    While Redis cannot be reached `version()` is null: caches are bypassed (pages are rendered
 *    fresh, never served stale) until the node has reconnected and dropped what it had.
 */
export interface CacheBus {
  /**
   * The data behind the entries tagged with any of `tags` may have changed (no argument: all data,
   * EVERYTHING; an empty list: nothing, so nothing is sent). This node's listeners have run when it
   * returns; other nodes have been told when the promise resolves (or will be once Redis answers).
   * Resolves to the invalidation's shared sequence number, 0 when there is none to wait for (one
   * process, nothing sent, or Redis down: then every node bypasses its caches anyway).
   */
  invalidate(tags?: Iterable<string>): Promise<number>;
  /**
   * Whether this node has applied the shared invalidation numbered `seq` (read-your-writes: the
   * actor's next request may reach a node that pub/sub has not told yet). Catches up from Redis when
   * behind, for at most `waitMs`; true too when `seq` is beyond the shared sequence (Redis was reset).
   */
  caughtUp(seq: number, waitMs: number): Promise<boolean>;
  /**
   * What a service changed. Inside a write's scope (`collectChanges`: an API write, a job) the tags
   * are gathered and invalidated once when it ends; an empty list says it changed nothing. Outside
   * one (a command line tool, a session commit) they are invalidated at once.
   */
  changed(tags: Iterable<string>): Promise<void>;
  /**
   * Runs a write outside an API request (a protocol endpoint answering GET) in a write scope, and
   * invalidates what its services announced when it ends: everything when they announced nothing or it threw.
   */
  writing<T>(run: () => Promise<T>): Promise<T>;
  /** What is being rendered or read now (`collectReads`: a cached page or answer) was made from `tags`. */
  dependsOn(tags: Iterable<string>): void;
  /**
   * Changes with every invalidation of EVERYTHING; the same on every node once they have all heard
   * it. null: do not cache anything now.
   */
  version(): string | null;
  /** The invalidations seen here so far, to ask `changedSince` once a read that may be kept has ended. */
  mark(): number;
  /** Whether an invalidation seen after `mark` touched any of `tags` (or everything). */
  changedSince(mark: number, tags: Iterable<string>): boolean;
  /**
   * Runs `listener` with the tags of every invalidation seen here (EVERYTHING among them: drop all),
   * and with EVERYTHING whenever `version()` becomes null; returns the unsubscribe.
   */
  subscribe(listener: (tags: Tags) => void): () => void;
  /**
   * Where this node stands in the shared sequence of invalidations, to record with something made
   * now that other nodes may use (the shared page store, api/http/sharedPages.ts); null in one
   * process and while Redis is unreachable.
   */
  position(): Position | null;
  /**
   * Whether something made at `position`, on any node, is still current here: the same epoch, and
   * no invalidation of `tags` numbered after it that this node has applied, or sent and not yet
   * had numbered.
   */
  currentSince(position: Position, tags: Iterable<string>): boolean;
  /**
   * Resolves once this node's own invalidations so far are numbered and applied here in sequence, so
   * that `position()` covers them (after `waitMs` at most). At once in one process.
   */
  settled(waitMs: number): Promise<void>;
  /** For /healthz and /metrics. */
  status(): CacheBusStatus;
  close(): Promise<void>;
}

/** A place in the shared sequence of invalidations: its epoch and the last number applied. */
export interface Position {
  epoch: string;
  seq: number;
}

export type CacheBusStatus = { shared: 'none' } | { shared: 'redis'; redis: 'up' | 'down' | 'connecting' };

export type Tags = ReadonlySet<string>;

/** The tag every entry depends on: invalidating it drops everything. */
export const EVERYTHING = '*';
const ALL: Tags = new Set([EVERYTHING]);
/** The entries of one signed-in user: their own pages and reads, their session user. */
export const userTag = (id: number) => `user:${id}`;
export const sessionTag = (sid: string) => `session:${sid}`;

/** Whether an invalidation of `invalidated` drops an entry made from `tags`. */
export function touches(invalidated: Tags, tags: Iterable<string>): boolean {
  if (invalidated.has(EVERYTHING)) return true;
  for (const tag of tags) if (invalidated.has(tag)) return true;
  return false;
}

// Tags travel space-separated (Redis) and name ids: anything else is a programming error.
const TAG = /^[\w:.-]+$|^\*$/;
function tagSet(tags: Iterable<string> | undefined): Set<string> {
  const set = new Set(tags ?? [EVERYTHING]);
  for (const tag of set) if (!TAG.test(tag)) throw new Error(`Not a cache tag: ${JSON.stringify(tag)}`);
  return set.has(EVERYTHING) ? new Set(ALL) : set;
}

const writeScope = new AsyncLocalStorage<Changes>();
const readScope = new AsyncLocalStorage<Set<string>>();

/** What the services of one write announced; `announced` false: nobody said, so anything may have changed. */
export interface Changes {
  tags: Set<string>;
  announced: boolean;
}

export const noChanges = (): Changes => ({ tags: new Set(), announced: false });

/** Runs a write (an API request, a job) gathering into `changes` the tags its services announce with `changed()`. */
export function collectChanges<T>(changes: Changes, run: () => Promise<T>): Promise<T> {
  return writeScope.run(changes, run);
}

/**
 * Declares what the read running now is made from (`kernel.cache.dependsOn` is this): a query builder
 * below the services may declare what it reads wherever it runs, as catalog's `tracksQuery` does for
 * the viewer's likes.
 */
export function dependsOn(tags: Iterable<string>): void {
  const scope = readScope.getStore();
  if (scope) for (const tag of tagSet(tags)) scope.add(tag);
}

/** Runs a read whose result may be kept, gathering the tags of what it was made from (`dependsOn`). */
export async function collectReads(run: () => Promise<unknown>): Promise<Set<string>> {
  const tags = new Set<string>();
  await readScope.run(tags, run);
  return tags;
}

/**
 * The listeners of one bus, and what it has seen: a sequence number per invalidation and the last
 * one of each tag, so a read can ask whether its tags changed while it ran. The per-tag record is
 * bounded: when it overflows it is forgotten and every read begun before counts as changed.
 */
class Listeners {
  private static readonly MAX_TAGS = 50_000;
  private readonly set = new Set<(tags: Tags) => void>();
  private seq = 0;
  private lastAll = 0;
  private forgottenUpTo = 0;
  private readonly lastByTag = new Map<string, number>();

  add(listener: (tags: Tags) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  notify(tags: Tags): void {
    if (!tags.size) return;
    this.seq++;
    if (tags.has(EVERYTHING)) this.lastAll = this.seq;
    else {
      if (this.lastByTag.size + tags.size > Listeners.MAX_TAGS) {
        this.lastByTag.clear();
        this.forgottenUpTo = this.seq;
      }
      for (const tag of tags) this.lastByTag.set(tag, this.seq);
    }
    for (const listener of this.set) listener(tags);
  }
  mark(): number {
    return this.seq;
  }
  changedSince(mark: number, tags: Iterable<string>): boolean {
    if (this.lastAll > mark || this.forgottenUpTo > mark) return true;
    for (const tag of tags) if ((this.lastByTag.get(tag) ?? 0) > mark) return true;
    return false;
  }
}

/**
 * What `currentSince` judges a thing made on another node by: the shared number of the last
 * invalidation of each tag this node has applied, and the tags of its own invalidations sent but not
 * yet numbered (its listeners have run, so whatever was made before may be stale). Bounded like
 * Listeners: when it overflows it is forgotten, and whatever was made before the highest number it
 * held counts as changed.
 */
class SharedRecord {
  private static readonly MAX_TAGS = 50_000;
  private readonly byTag = new Map<string, number>();
  private readonly unnumbered = new Map<string, number>();
  /** Made before this number: this node cannot say what changed since. */
  private unknownBefore = 0;
  private highest = 0;

  applied(tags: Iterable<string>, number: number): void {
    const set = new Set(tags);
    if (set.has(EVERYTHING) || this.byTag.size + set.size > SharedRecord.MAX_TAGS) {
      this.forgetUpTo(Math.max(number, this.highest));
      if (set.has(EVERYTHING)) return;
    }
    this.highest = Math.max(this.highest, number);
    for (const tag of set) this.byTag.set(tag, Math.max(number, this.byTag.get(tag) ?? 0));
  }
  /** Anything may have changed up to `number` (a catch-up past the log, a reconnection). */
  forgetUpTo(number: number): void {
    this.byTag.clear();
    this.unknownBefore = this.highest = number;
  }
  sending(tags: Iterable<string>): void {
    for (const tag of tags) this.unnumbered.set(tag, (this.unnumbered.get(tag) ?? 0) + 1);
  }
  sent(tags: Iterable<string>): void {
    for (const tag of tags) {
      const left = (this.unnumbered.get(tag) ?? 1) - 1;
      if (left) this.unnumbered.set(tag, left);
      else this.unnumbered.delete(tag);
    }
  }
  currentSince(seq: number, tags: Iterable<string>): boolean {
    if (seq < this.unknownBefore || this.unnumbered.has(EVERYTHING)) return false;
    for (const tag of tags) if (this.unnumbered.has(tag) || (this.byTag.get(tag) ?? 0) > seq) return false;
    return true;
  }
}

/** What every bus shares: listeners, their record, and the scopes services write into. */
function busBase(listeners: Listeners, invalidate: (tags: Set<string>) => Promise<number>) {
  return {
    invalidate: (tags?: Iterable<string>) => {
      const set = tagSet(tags);
      return set.size ? invalidate(set) : Promise.resolve(0);
    },
    async changed(tags: Iterable<string>) {
      const scope = writeScope.getStore();
      const set = tagSet(tags);
      if (!scope) {
        if (set.size) await invalidate(set);
        return;
      }
      scope.announced = true;
      for (const tag of set) scope.tags.add(tag);
    },
    async writing<T>(run: () => Promise<T>): Promise<T> {
      const changes = noChanges();
      let done = false;
      try {
        const result = await collectChanges(changes, run);
        done = true;
        return result;
      } finally {
        const tags = done && changes.announced ? changes.tags : new Set(ALL);
        if (tags.size) await invalidate(tags);
      }
    },
    dependsOn,
    mark: () => listeners.mark(),
    changedSince: (mark: number, tags: Iterable<string>) => listeners.changedSince(mark, tags),
    subscribe: (listener: (tags: Tags) => void) => listeners.add(listener),
  };
}

/** Names the database, so only kernels that share one data set tell each other (tests run many apps in one process). */
function databaseIdentity(database: DatabaseConfig): string {
  return database.client === 'sqlite'
    ? `sqlite:${database.filename}`
    : `mysql:${database.host}:${database.port}/${database.database}`;
}

/**
 * One node without Redis: a counter of full invalidations, tags shared with this process's threads
 * and, through `peers`, with the other processes of its data folder (api/cachePeers.ts); `listen`
 * for a serving process, whose caches those others' writes (a command-line tool's) must reach.
 */
export function localCacheBus(
  database: DatabaseConfig,
  options: { peers?: CachePeers; listen?: boolean } = {},
): CacheBus {
  const { peers } = options;
  const listeners = new Listeners();
  const boot = randomBytes(4).toString('hex');
  let epoch = 0;
  const channel = new BroadcastChannel(`onetrack-cache ${databaseIdentity(database)}`);
  channel.unref();
  const apply = (tags: Tags) => {
    if (tags.has(EVERYTHING)) epoch++;
    listeners.notify(tags);
  };
  channel.onmessage = (event) => apply(new Set((event as MessageEvent<string[]>).data));
  if (options.listen)
    peers?.listen((tags) => {
      apply(new Set(tags));
      channel.postMessage(tags);
    });
  return {
    ...busBase(listeners, async (tags) => {
      apply(tags);
      channel.postMessage([...tags]);
      await peers?.send(tags);
      return 0;
    }),
    version: () => `${boot}.${epoch}`,
    position: () => null,
    currentSince: () => false,
    settled: async () => {},
    caughtUp: async () => true,
    status: () => ({ shared: 'none' }),
    async close() {
      channel.close();
      await peers?.close();
    },
  };
}

/**
 * One invalidation: the next sequence number, the epoch moved when it is EVERYTHING, the tags
 * logged under the number (the newest LOG_SIZE kept) and published as "epoch seq tags…".
 */
const INVALIDATE_SCRIPT = `
local seq = redis.call('INCR', KEYS[2])
local epoch
if ARGV[2] == '*' then epoch = redis.call('INCR', KEYS[1]) else epoch = tonumber(redis.call('GET', KEYS[1]) or '0') end
redis.call('ZADD', KEYS[3], seq, seq .. ' ' .. ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -tonumber(ARGV[3]) - 1)
redis.call('PUBLISH', ARGV[1], epoch .. ' ' .. seq .. ' ' .. ARGV[2])
return seq`;
const HEARTBEAT_MS = 1000;
/** How long closing waits for owed invalidations to reach Redis. */
const CLOSE_FLUSH_MS = 3000;
/** Invalidations a node may miss and still catch up tag by tag (a minute and more of 20 writes/s). */
const LOG_SIZE = 5000;

type InvalidatingRedis = Redis & {
  onetrackInvalidate(
    epochKey: string,
    seqKey: string,
    logKey: string,
    channel: string,
    tags: string,
    logSize: number,
  ): Promise<number>;
};

/** `redis` is the kernel's connection (closed by the kernel); the subscriber is the bus's own. */
export function redisCacheBus(config: NonNullable<Config['redis']>, redis: Redis, log: Logger): CacheBus {
  const listeners = new Listeners();
  const record = new SharedRecord();
  const epochKey = `${config.prefix}cache:version`;
  const seqKey = `${config.prefix}cache:seq`;
  const logKey = `${config.prefix}cache:log`;
  const channelName = `${config.prefix}cache:invalidate`;
  const commands = redis as InvalidatingRedis;
  commands.defineCommand('onetrackInvalidate', { numberOfKeys: 3, lua: INVALIDATE_SCRIPT });
  const subscriber = connectRedis(config, 'onetrack-cache-subscriber');

  let state: 'connecting' | 'up' | 'down' = 'connecting';
  /** The shared epoch, and the last shared sequence number applied here. */
  let epoch: string | null = null;
  let seq = 0;
  /** The shared sequence as last read from Redis (a number above it predates a reset of Redis). */
  let sharedSeq = 0;
  let subscribed = false;
  /** Invalidations of ours that other nodes may not have heard: published again once Redis is back. */
  const owed = new Set<string>();
  /** Sequence numbers of our own invalidations: our listeners ran already when they come back to us. */
  const ours = new Set<number>();
  let closed = false;
  /** One catch-up at a time; messages heard meanwhile ask for another round, so they are applied in order. */
  let catchingUp = false;
  let again = false;

  const dropAll = () => listeners.notify(ALL);

  /**
   * Reads the shared epoch and sequence and applies what this node missed. Messages heard in order
   * meanwhile are applied at once (heard), so a reading taken before them is out of date: it is
   * dropped and read again (a reader waiting in caughtUp trusts only a reading that is current).
   */
  const catchUp = async (): Promise<void> => {
    const from = seq;
    const [sharedEpoch, sharedNumber] = await commands.mget(epochKey, seqKey);
    if (state !== 'up') return;
    if (seq !== from) {
      again = true;
      return;
    }
    const target = Number(sharedNumber ?? 0);
    sharedSeq = target;
    if ((sharedEpoch ?? '0') !== epoch || target < seq) {
      epoch = sharedEpoch ?? '0';
      seq = target;
      ours.clear();
      record.forgetUpTo(target);
      dropAll();
      return;
    }
    if (target === seq) return;
    const entries = await commands.zrangebyscore(logKey, seq + 1, target);
    if (state !== 'up' || target <= seq) return;
    const missed = new Set<string>();
    let found = 0;
    for (const entry of entries) {
      const [number, ...tags] = entry.split(' ');
      if (Number(number) <= seq) continue;
      found++;
      record.applied(tags, Number(number));
      for (const tag of tags) missed.add(tag);
    }
    // The log was trimmed past what we missed: anything may have changed.
    const complete = found === target - seq;
    if (!complete) record.forgetUpTo(target);
    seq = target;
    ours.clear();
    listeners.notify(complete ? missed : ALL);
  };
  const catchUpSoon = () => {
    if (catchingUp) {
      again = true;
      return;
    }
    catchingUp = true;
    (async () => {
      do {
        again = false;
        await catchUp();
      } while (again && state === 'up');
    })()
      .catch((error: Error) => down(error.message))
      .finally(() => (catchingUp = false));
  };

  /**
   * A message in sequence is applied as it arrives, even while a catch-up is waiting for Redis:
   * deferring it to that catch-up's next round left other visitors a round trip of stale pages.
   */
  const heard = (message: string) => {
    if (state !== 'up') return;
    const [messageEpoch, number, ...tags] = message.split(' ');
    const messageSeq = Number(number);
    if (messageSeq <= seq) {
      ours.delete(messageSeq);
      return;
    }
    // Out of order (a lost message) or the epoch moved without an EVERYTHING: ask Redis.
    if (messageSeq !== seq + 1 || (messageEpoch !== epoch && !tags.includes(EVERYTHING))) {
      catchUpSoon();
      return;
    }
    seq = messageSeq;
    epoch = messageEpoch;
    record.applied(tags, messageSeq);
    if (ours.delete(messageSeq)) return;
    listeners.notify(new Set(tags));
  };

  const down = (why: string) => {
    if (closed) return;
    if (state === 'up') log.warn('Redis is unreachable: pages are served uncached until it is back', { why });
    const wasUsable = state === 'up';
    state = 'down';
    epoch = null;
    ours.clear();
    if (wasUsable) dropAll();
  };

  const up = async () => {
    const [sharedEpoch, sharedNumber] = await commands.mget(epochKey, seqKey);
    if (closed || !subscribed) return;
    const was = state;
    state = 'up';
    epoch = sharedEpoch ?? '0';
    seq = sharedSeq = Number(sharedNumber ?? 0);
    // Whatever was kept before may have missed invalidations while we were away.
    record.forgetUpTo(seq);
    dropAll();
    if (was === 'down') log.info('Redis is reachable again: caching resumes');
    if (owed.size) {
      const tags = new Set(owed);
      owed.clear();
      await sendNumbered(tags);
    }
  };

  /** Sends `tags` to the other nodes (our listeners have run); resolves to its shared number, 0 when owed. */
  const publish = async (tags: Set<string>): Promise<number> => {
    if (state !== 'up') {
      for (const tag of tags) owed.add(tag);
      return 0;
    }
    try {
      const number = await commands.onetrackInvalidate(
        epochKey,
        seqKey,
        logKey,
        channelName,
        [...tags].join(' '),
        LOG_SIZE,
      );
      record.applied(tags, number);
      // Unless its message came back first.
      if (number > seq) ours.add(number);
      sharedSeq = Math.max(sharedSeq, number);
      return number;
    } catch (error) {
      for (const tag of tags) owed.add(tag);
      down((error as Error).message);
      return 0;
    }
  };

  /** Our own invalidations on their way to Redis, and the highest number it gave one. */
  const sending = new Set<Promise<number>>();
  let lastOwn = 0;
  /** Publishes our own invalidation, its tags counted as unnumbered in the record until Redis numbers it. */
  const sendNumbered = async (tags: Set<string>): Promise<number> => {
    record.sending(tags);
    const sent = publish(tags);
    sending.add(sent);
    try {
      const number = await sent;
      lastOwn = Math.max(lastOwn, number);
      return number;
    } finally {
      sending.delete(sent);
      record.sent(tags);
    }
  };

  /** Polled rather than signalled: it waits a few milliseconds, on the rare request that outruns pub/sub. */
  const caughtUp = async (target: number, waitMs: number): Promise<boolean> => {
    const until = Date.now() + waitMs;
    let asked = false;
    for (;;) {
      // Down: caches are bypassed anyway, so every read is fresh.
      if (state !== 'up' || seq >= target || (asked && !catchingUp && sharedSeq < target)) return true;
      if (Date.now() >= until) return false;
      if (!asked) {
        asked = true;
        catchUpSoon();
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === channelName) heard(message);
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channelName)
      .then(
        () => {
          subscribed = true;
          return up();
        },
        (error: Error) => down(error.message),
      )
      .catch((error: Error) => down(error.message));
  });
  subscriber.on('close', () => {
    subscribed = false;
    down('subscriber connection closed');
  });
  commands.on('close', () => down('connection closed'));

  // Catches what pub/sub cannot: a half-open connection, a message lost on a reconnect.
  const heartbeat = setInterval(() => {
    if (state === 'up') catchUpSoon();
    else if (subscribed) up().catch((error: Error) => down(error.message));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    ...busBase(listeners, async (tags) => {
      listeners.notify(tags);
      // In the same tick: nothing made before this write may be judged current meanwhile.
      return sendNumbered(tags);
    }),
    version: () => (state === 'up' ? epoch : null),
    position: () => (state === 'up' && epoch !== null ? { epoch, seq } : null),
    currentSince: (position, tags) =>
      state === 'up' && position.epoch === epoch && record.currentSince(position.seq, tags),
    async settled(waitMs) {
      if (sending.size) await Promise.all(sending);
      if (seq < lastOwn) await caughtUp(lastOwn, waitMs);
    },
    caughtUp,
    status: () => ({ shared: 'redis', redis: state }),
    async close() {
      // What a short-lived process (a command-line tool) changed before Redis first answered is
      // owed: sent before it ends, unless Redis is down (then every node bypasses its caches anyway).
      const until = Date.now() + CLOSE_FLUSH_MS;
      while ((owed.size || sending.size) && state !== 'down' && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 5));
      if (owed.size || sending.size)
        log.warn('closing with invalidations not sent: other nodes see them as their caches age');
      // Redis hands a message to every subscriber at once: once this process has heard its own back,
      // every node has it too, so a command-line change is applied everywhere before the tool exits.
      else if (state === 'up' && seq < lastOwn) await caughtUp(lastOwn, CLOSE_FLUSH_MS);
      closed = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
    },
  };
}

/** `serving`: a node's bus, which hears the other processes of its data folder when there is no Redis. */
export function createCacheBus(
  config: Pick<Config, 'redis' | 'database' | 'dataDir'>,
  redis: Redis | null,
  log: Logger,
  serving = false,
): CacheBus {
  if (config.redis && redis) return redisCacheBus(config.redis, redis, log);
  const peers = cachePeers(config.dataDir, databaseIdentity(config.database), log);
  return localCacheBus(config.database, { peers, listen: serving });
}

/**
 * cachedReads of reads whose tags are those their services declared while they ran (collectReads),
 * plus `extraTags`: a value is kept with them and declares them again in the caller's scope each time
 * it is served, so what is made from a kept value (a page) is put out by the same writes as what is
 * made from a fresh read. The key must name everything the read depends on besides its tags.
 */
export function declaringReads(
  bus: CacheBus,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const kept = cachedReads<{ value: unknown; tags: string[] }>(bus, options);
  return async <V>(key: string, load: () => Promise<V>, extraTags: string[] = []): Promise<V> => {
    const read = (await kept.get(
      key,
      async () => {
        let value: unknown;
        const tags = await collectReads(async () => {
          value = await load();
        });
        return { value, tags: [...tags, ...extraTags] };
      },
      (made) => made.tags,
    ))!;
    dependsOn(read.tags);
    return read.value as V;
  };
}

export interface CachedReads<V> {
  /**
   * The value kept for `key`, else `load()`'s, kept unless an invalidation of `tags` came while it
   * loaded. Without tags it is dropped by every invalidation. `tags` may be read off the loaded
   * value, for a read whose tags are known only once it ran (what its services declared).
   */
  get(
    key: string,
    load: () => Promise<V | undefined>,
    tags?: string[] | ((value: V) => string[]),
  ): Promise<V | undefined>;
}

/**
 * A process-local cache of small database reads that every request repeats (a session's row, its
 * user), obeying kernel.cache like the page cache: dropped by an invalidation of its tags from any
 * node, unused while the bus has no version, and aged out after `ttlMs` (changes that no API write
 * announces). Misses (undefined) are not kept; values are shared, so callers must not change them.
 */
export function cachedReads<V>(
  bus: CacheBus,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): CachedReads<V> {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; version: string; storedAt: number; tags: string[] | null }>();
  /**
   * Loads under way, by key: a page's reads start at once, and several of them (or several requests)
   * often ask for one key before its first load is back (the site's texts three times a home page).
   * A caller joins a load only if no invalidation at all came since it began: its answer is then as
   * fresh as a load of the caller's own (read-your-writes included, as a writer's invalidation comes
   * first). Like a kept value, a joined load declares nothing in the joiner's scope.
   */
  const loading = new Map<string, { value: Promise<V | undefined>; version: string; mark: number }>();
  bus.subscribe((invalidated) => {
    if (invalidated.has(EVERYTHING)) entries.clear();
    else for (const [key, entry] of entries) if (!entry.tags || touches(invalidated, entry.tags)) entries.delete(key);
  });
  return {
    async get(key, load, tags) {
      const version = bus.version();
      if (version === null) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version && Math.abs(now() - hit.storedAt) <= ttlMs) return hit.value;
      const mark = bus.mark();
      const running = loading.get(key);
      if (running && running.version === version && running.mark === mark) return running.value;
      const flight = { value: load(), version, mark };
      loading.set(key, flight);
      let value: V | undefined;
      try {
        value = await flight.value;
      } finally {
        if (loading.get(key) === flight) loading.delete(key);
      }
      if (value === undefined) return value;
      const made = typeof tags === 'function' ? tags(value) : tags;
      const untouched = made ? !bus.changedSince(mark, made) : bus.mark() === mark;
      if (untouched && bus.version() === version) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, version, storedAt: now(), tags: made ?? null });
      }
      return value;
    },
  };
}
