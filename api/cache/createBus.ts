import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { CacheBus } from './bus.ts';
import { databaseIdentity, localCacheBus } from './localBus.ts';
import { cachePeers } from './peers.ts';
import { redisCacheBus } from './redisBus.ts';

/** `serving`: a node's bus, which hears the other processes of its data folder when there is no Redis. */
export function createCacheBus(
  config: Pick<Config, 'redis' | 'database' | 'dataDir'>,
  redis: Redis | null,
  log: Logger,
  serving = false,
): CacheBus {
  if (config.redis && redis) return redisCacheBus(config.redis, redis, log, serving);
  const peers = cachePeers(config.dataDir, databaseIdentity(config.database), log);
  return localCacheBus(config.database, { peers, listen: serving });
}
