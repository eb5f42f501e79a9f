import { randomBytes } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import type { DatabaseConfig } from '../config.ts';
import type { CacheBus } from './bus.ts';
import { busBase, Listeners } from './listeners.ts';
import type { CachePeers } from './peers.ts';
import { EVERYTHING, type Tags } from './tags.ts';

/** Names the database, so only kernels that share one data set tell each other (tests run many apps in one process). */
export function databaseIdentity(database: DatabaseConfig): string {
  return database.client === 'sqlite'
    ? `sqlite:${database.filename}`
    : `mysql:${database.host}:${database.port}/${database.database}`;
}

/**
 * One node without Redis: a counter of full invalidations, tags shared with this process's threads
 * and, through `peers`, with the other processes of its data folder (api/cache/peers.ts); `listen`
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
