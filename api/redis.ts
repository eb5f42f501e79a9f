import { Redis } from 'ioredis';
import type { RedisConfig } from './config.ts';

/**
 * A Redis connection that never makes a request wait for Redis: while it is down, commands fail at
 * once (no offline queue, one try, a short timeout) and the callers fall back (caches are bypassed,
 * limits are counted in the database). It reconnects by itself, forever, at most 2 s apart.
 */
export function connectRedis(config: RedisConfig, name: string): Redis {
  const redis = new Redis(config.url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    autoResubscribe: false,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  });
  // Outages are reported by their users (the cache bus logs state changes); without a listener
  // ioredis would print every failed reconnection.
  redis.on('error', () => {});
  return redis;
}
