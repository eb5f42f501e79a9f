import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import { connectRedis } from '../redis.ts';
import type { CacheBus } from './bus.ts';
import { appliedConfirmations } from './applied.ts';
import { busBase, Listeners } from './listeners.ts';
import { SharedRecord } from './sharedRecord.ts';
import { ALL, EVERYTHING } from './tags.ts';

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

/**
 * `redis` is the kernel's connection (closed by the kernel); the subscriber is the bus's own.
 * `serving`: a node's bus, which answers when a command-line tool asks whether it applied a change.
 */
export function redisCacheBus(
  config: NonNullable<Config['redis']>,
  redis: Redis,
  log: Logger,
  serving = false,
): CacheBus {
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
    await confirmations.beat();
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

  const confirmations = appliedConfirmations(redis, config.prefix, log, { serving, caughtUp });

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === channelName) heard(message);
    else if (channel === confirmations.channel) confirmations.heard(message);
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channelName, confirmations.channel)
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
    if (state === 'up') {
      catchUpSoon();
      confirmations.beat().catch((error: Error) => down(error.message));
    } else if (subscribed) up().catch((error: Error) => down(error.message));
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
      // A command-line change is applied on every node before the tool exits: each says so.
      else if (!serving && state === 'up' && lastOwn)
        await confirmations
          .confirm(lastOwn)
          .catch((error: Error) => log.warn('could not ask the nodes to confirm', { why: error.message }));
      if (state === 'up') await confirmations.leave().catch(() => {});
      closed = true;
      clearInterval(heartbeat);
      subscriber.disconnect();
    },
  };
}
