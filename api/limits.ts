import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import {
  RateLimiterMySQL,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Config } from './config.ts';
import { isMysql } from './db/connection.ts';

/**
 * kernel.limits: counters shared by every app node (rate-limiter-flexible). With REDIS_URL they
 * live in Redis, and in the database table `rate_limits` while Redis is down; without Redis, in
 * that table only. Either way a limit holds across any number of processes, and taking a point is
 * one atomic step in the store, so simultaneous requests cannot all slip under a limit. Call it
 * outside database transactions: on SQLite the counter needs the one connection a transaction holds.
 */
export interface Limiter {
  /** Takes one of the key's points: 0 when one was left, else the seconds until the window ends. */
  take(key: string): Promise<number>;
  /**
   * Takes `amount` points at once (bytes of a quota). When fewer are left nothing is kept: `wait` is
   * the seconds until the window ends and `left` what the key may still take in it.
   */
  spend(key: string, amount: number): Promise<{ wait: number; left: number }>;
  /** Gives back a point (or the amount spent) taken for an attempt that turned out not to count. */
  giveBack(key: string, amount?: number): Promise<void>;
  /** Forgets the key's count (e.g. a successful login). */
  reset(key: string): Promise<void>;
}

export interface LimitOptions {
  /** Points per window. */
  points: number;
  windowMs: number;
}

export interface Limits {
  /** A limiter named for what it counts (letters, digits, dashes); the name prefixes its keys. */
  create(name: string, options: LimitOptions): Limiter;
}

export const RATE_LIMIT_TABLE = 'rate_limits';

function databaseLimiter(knex: Knex, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  const common = {
    storeClient: knex,
    storeType: 'knex',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  };
  if (isMysql(knex)) {
    const dbName = (knex.client.config.connection as { database: string }).database;
    return new RateLimiterMySQL({ ...common, dbName });
  }
  return new RateLimiterSQLite(common);
}

export function createLimits(config: Pick<Config, 'redis'>, knex: Knex, redis: Redis | null): Limits {
  return {
    create(name, { points, windowMs }) {
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Limiter names are lowercase words with dashes, got "${name}"`);
      const duration = Math.ceil(windowMs / 1000);
      const database = databaseLimiter(knex, name, points, duration);
      const limiter =
        redis && config.redis
          ? new RateLimiterRedis({
              storeClient: redis,
              keyPrefix: `${config.redis.prefix}limit:${name}`,
              points,
              duration,
              // While Redis is down: at once to the database, never a request stuck waiting.
              rejectIfRedisNotReady: true,
              insuranceLimiter: database,
            })
          : database;
      return {
        async take(key) {
          try {
            await limiter.consume(key);
            return 0;
          } catch (result) {
            if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
            throw result;
          }
        },
        async spend(key, amount) {
          try {
            const result = await limiter.consume(key, amount);
            return { wait: 0, left: result.remainingPoints };
          } catch (result) {
            if (!(result instanceof RateLimiterRes)) throw result;
            // The store counted the refused amount too: give it back, so a refusal costs nothing.
            await limiter.reward(key, amount);
            return {
              wait: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
              left: Math.max(0, points - (result.consumedPoints - amount)),
            };
          }
        },
        async giveBack(key, amount = 1) {
          await limiter.reward(key, amount);
        },
        async reset(key) {
          await limiter.delete(key);
        },
      };
    },
  };
}
