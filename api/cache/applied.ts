import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../log.ts';

/**
 * Which serving nodes have applied an invalidation, for a process that must not end before they
 * have (a command-line tool: `npm run promote` returns once every node dropped that user's role).
 * Hearing its own message back from Redis proves nothing about the others: a busy node reads its
 * subscriber socket later. So each serving node keeps its name in a sorted set scored by its last
 * heartbeat, and answers a request "id seq" on the apply channel once it has applied the shared
 * invalidation numbered `seq`; the tool asks every node seen alive in the last NODE_ALIVE_MS and
 * waits for all of their answers, for CONFIRM_MS at most, then names the nodes that did not answer.
 */
export interface AppliedConfirmations {
  /** The channel a serving node answers on, the one a tool hears answers on. */
  readonly channel: string;
  /** A serving node: in the registry now (and at every heartbeat) until `leave`. */
  beat(): Promise<void>;
  leave(): Promise<void>;
  /** A message heard on `channel`. */
  heard(message: string): void;
  /** Resolves once every live node has applied the shared invalidation numbered `seq`, or after CONFIRM_MS. */
  confirm(seq: number): Promise<void>;
}

/**
 * A node is asked while its heartbeat (every second) is this recent: generous, as a node whose loop
 * lags under load must still be asked; a node that crashed costs a tool CONFIRM_MS for this long.
 */
const NODE_ALIVE_MS = 15_000;
/** A node gone longer than this is removed from the registry by whoever beats next. */
const NODE_FORGOTTEN_MS = 60_000;
const CONFIRM_MS = 5000;

export function appliedConfirmations(
  redis: Redis,
  prefix: string,
  log: Logger,
  options: { serving: boolean; caughtUp: (seq: number, waitMs: number) => Promise<boolean> },
): AppliedConfirmations {
  const nodesKey = `${prefix}cache:nodes`;
  const requests = `${prefix}cache:apply`;
  const answers = `${prefix}cache:applied`;
  const name = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  /** Our requests waiting for answers: the nodes not heard from yet, and who to tell when none is left. */
  const waiting = new Map<string, { nodes: Set<string>; done: () => void }>();

  const answer = async (id: string, seq: number) => {
    if (await options.caughtUp(seq, CONFIRM_MS)) await redis.publish(answers, `${id} ${name}`);
  };

  return {
    channel: options.serving ? requests : answers,
    async beat() {
      if (!options.serving) return;
      const now = Date.now();
      await redis
        .multi()
        .zadd(nodesKey, now, name)
        .zremrangebyscore(nodesKey, 0, now - NODE_FORGOTTEN_MS)
        .exec();
    },
    async leave() {
      if (options.serving) await redis.zrem(nodesKey, name);
    },
    heard(message) {
      const [id, other] = message.split(' ');
      if (options.serving) {
        answer(id, Number(other)).catch((error: Error) =>
          log.warn('could not confirm an invalidation', { why: error.message }),
        );
        return;
      }
      const request = waiting.get(id);
      if (!request) return;
      request.nodes.delete(other);
      if (!request.nodes.size) request.done();
    },
    async confirm(seq) {
      const nodes = new Set(await redis.zrangebyscore(nodesKey, Date.now() - NODE_ALIVE_MS, '+inf'));
      if (!nodes.size) return;
      const id = randomBytes(8).toString('hex');
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        waiting.set(id, { nodes, done: resolve });
        timer = setTimeout(resolve, CONFIRM_MS);
      });
      try {
        await redis.publish(requests, `${id} ${seq}`);
        await answered;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
      if (nodes.size)
        log.warn(
          `not confirmed by ${[...nodes].join(', ')} within ${CONFIRM_MS / 1000} s: ` +
            'they apply the change once they hear Redis again, or as their cached reads age (30 s)',
        );
    },
  };
}
