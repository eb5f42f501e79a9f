import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { Config, DatabaseConfig } from './config.ts';
import type { Logger } from './log.ts';
import { connectRedis } from './redis.ts';

/**
 * kernel.cache: the one signal every cache of the app obeys. Anything kept in a process's memory
 * that is derived from the database (rendered pages today, API answers tomorrow) must be dropped
 * when `invalidate()` is called on ANY node, and must not be used while `version()` is null.
 *
 *  - One process (no REDIS_URL): invalidations reach the listeners of this process at once, and the
 *    threads of this process (the embedded media worker) through a BroadcastChannel. Nothing else runs.
 *  - Several nodes (REDIS_URL): `invalidate()` bumps a shared version key and publishes the new
 *    version on a channel in one Lua call; every node's subscriber hears it within milliseconds and
 *    a heartbeat reads the key every second as well, so a missed message costs at most a second.
 *    While Redis cannot be reached `version()` is null: caches are bypassed (pages are rendered
 *    fresh, never served stale) until the node has reconnected and dropped what it had.
 */
export interface CacheBus {
  /**
   * The data behind every cached view may have changed. This node's listeners have run when it
   * returns; other nodes have been told when the promise resolves (or will be once Redis answers).
   */
  invalidate(): Promise<void>;
  /**
   * Changes with every invalidation this node has seen; the same on every node once they have all
   * heard it (a cache may put it in validators such as ETags). null: do not cache anything now.
   */
  version(): string | null;
  /** Runs `listener` on every invalidation seen here and whenever `version()` becomes null; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** For /healthz and /metrics. */
  status(): CacheBusStatus;
  close(): Promise<void>;
}

export type CacheBusStatus = { shared: 'none' } | { shared: 'redis'; redis: 'up' | 'down' | 'connecting' };

class Listeners {
  private readonly set = new Set<() => void>();
  add(listener: () => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  notify(): void {
    for (const listener of this.set) listener();
  }
}

/** Names the database, so only kernels that share one data set tell each other (tests run many apps in one process). */
function databaseIdentity(database: DatabaseConfig): string {
  return database.client === 'sqlite' ? `sqlite:${database.filename}` : `mysql:${database.host}:${database.port}/${database.database}`;
}

/** One process: a counter, shared with this process's threads. */
export function localCacheBus(database: DatabaseConfig): CacheBus {
  const listeners = new Listeners();
  const boot = randomBytes(4).toString('hex');
  let count = 0;
  const channel = new BroadcastChannel(`onetrack-cache ${databaseIdentity(database)}`);
  channel.unref();
  const bump = () => {
    count++;
    listeners.notify();
  };
  channel.onmessage = bump;
  return {
    async invalidate() {
      bump();
      channel.postMessage(count);
    },
    version: () => `${boot}.${count}`,
    subscribe: (listener) => listeners.add(listener),
    status: () => ({ shared: 'none' }),
    async close() {
      channel.close();
    },
  };
}

// INCR and PUBLISH in one step, so the version others read and the message they hear agree.
const BUMP_SCRIPT = "local v = redis.call('INCR', KEYS[1]) redis.call('PUBLISH', ARGV[1], v) return v";
const HEARTBEAT_MS = 1000;

type BumpingRedis = Redis & { onetrackBump(key: string, channel: string): Promise<number> };

/** `redis` is the kernel's connection (closed by the kernel); the subscriber is the bus's own. */
export function redisCacheBus(config: NonNullable<Config['redis']>, redis: Redis, log: Logger): CacheBus {
  const listeners = new Listeners();
  const versionKey = `${config.prefix}cache:version`;
  const channelName = `${config.prefix}cache:invalidate`;
  const commands = redis as BumpingRedis;
  commands.defineCommand('onetrackBump', { numberOfKeys: 1, lua: BUMP_SCRIPT });
  const subscriber = connectRedis(config, 'onetrack-cache-subscriber');

  let state: 'connecting' | 'up' | 'down' = 'connecting';
  let shared: string | null = null;
  let subscribed = false;
  /** An invalidation of ours that other nodes may not have heard: published again once Redis is back. */
  let owed = false;
  let closed = false;

  const seen = (version: string) => {
    if (state !== 'up' || version === shared) return;
    shared = version;
    listeners.notify();
  };

  const down = (why: string) => {
    if (closed) return;
    if (state === 'up') log.warn('Redis is unreachable: pages are served uncached until it is back', { why });
    const wasUsable = state === 'up';
    state = 'down';
    shared = null;
    if (wasUsable) listeners.notify();
  };

  const up = async () => {
    const current = (await commands.get(versionKey)) ?? '0';
    if (closed || !subscribed) return;
    const was = state;
    state = 'up';
    shared = current;
    // Whatever was kept before may have missed invalidations while we were away.
    listeners.notify();
    if (was === 'down') log.info('Redis is reachable again: caching resumes');
    if (owed) {
      owed = false;
      await bus.invalidate();
    }
  };

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === channelName) seen(message);
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channelName).then(
      () => {
        subscribed = true;
        return up();
      },
      (error: Error) => down(error.message),
    ).catch((error: Error) => down(error.message));
  });
  subscriber.on('close', () => {
    subscribed = false;
    down('subscriber connection closed');
  });
  commands.on('close', () => down('connection closed'));

  // Catches what pub/sub cannot: a half-open connection, a message lost on a reconnect.
  const heartbeat = setInterval(() => {
    commands.get(versionKey).then(
      (value) => {
        if (state === 'up') seen(value ?? '0');
        else if (subscribed) return up();
      },
      (error: Error) => down(error.message),
    ).catch((error: Error) => down(error.message));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const bus: CacheBus = {
    async invalidate() {
      listeners.notify();
      if (state !== 'up') {
        owed = true;
        return;
      }
      try {
        const version = String(await commands.onetrackBump(versionKey, channelName));
        // Our listeners have run already; only the version moves.
        if (state === 'up') shared = version;
      } catch (error) {
        owed = true;
        down((error as Error).message);
      }
    },
    version: () => (state === 'up' ? shared : null),
    subscribe: (listener) => listeners.add(listener),
    status: () => ({ shared: 'redis', redis: state }),
    async close() {
      closed = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
    },
  };
  return bus;
}

export function createCacheBus(config: Pick<Config, 'redis' | 'database'>, redis: Redis | null, log: Logger): CacheBus {
  return config.redis && redis ? redisCacheBus(config.redis, redis, log) : localCacheBus(config.database);
}

export interface CachedReads<V> {
  /** The value kept for `key`, else `load()`'s (kept unless an invalidation came while it loaded). */
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
}

/**
 * A process-local cache of small database reads that every request repeats (a session's row, its
 * user), obeying kernel.cache like the page cache: emptied on every invalidation from any node,
 * unused while the bus has no version, and aged out after `ttlMs` (changes that no API write
 * announces, such as `npm run promote`). Misses (undefined) are not kept; values are shared, so
 * callers must not change them.
 */
export function cachedReads<V>(bus: CacheBus, options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}): CachedReads<V> {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: V; version: string; storedAt: number }>();
  let generation = 0;
  bus.subscribe(() => {
    generation++;
    entries.clear();
  });
  return {
    async get(key, load) {
      const version = bus.version();
      if (version === null) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version && Math.abs(now() - hit.storedAt) <= ttlMs) return hit.value;
      const started = generation;
      const value = await load();
      if (value !== undefined && started === generation && bus.version() === version) {
        entries.delete(key);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value, version, storedAt: now() });
      }
      return value;
    },
  };
}
